// The portal's build: Remix's Vite plugin with the sources in portal/app and the output in
// build/portal (client assets in build/portal/client, the server bundle in build/portal/server).
// Run from the repository root: `remix vite:build --config portal/vite.config.ts`.
import path from 'node:path';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  root,
  publicDir: path.join(root, 'portal/public'),
  build: { target: 'es2020', cssMinify: true },
  plugins: [
    remix({
      appDirectory: path.join(root, 'portal/app'),
      buildDirectory: path.join(root, 'build/portal'),
      serverModuleFormat: 'esm',
      // Route files keep their server code in sibling *.server.ts files (not routes themselves).
      ignoredRouteFiles: ['**/*.server.ts', '**/*.css'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
