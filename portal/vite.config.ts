// The portal's build: Remix's Vite plugin with the sources in portal/app and the output in
// build/portal (client assets in build/portal/client, the server bundle in build/portal/server).
// Run from the repository root: `remix vite:build --config portal/vite.config.ts`.
import path from 'node:path';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Rollup } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

/** Our modules at most this long (code after transforms, before minifying) may join the 'shared' chunk. */
const SMALL_MODULE = 4000;

/**
 * Two chunks instead of Rollup's many. Rollup otherwise makes a chunk of each group of modules with
 * the same set of importing routes: up to 15 files for one page, most under 1 KB. A phone on a slow
 * network pays a round trip per file (browsers open 6 connections per host over HTTP/1.1), so the
 * same bytes in 5 files load seconds sooner (decision 180).
 * - 'base': the client entry's and the root route's static imports (React, Remix, the catalog
 *   registry, the error boundary): every page loads them anyway.
 * - 'shared': modules of ours under SMALL_MODULE reached by two routes or more (the form hooks and
 *   messages, the store badges, the legal page...). Only the pages that use one of them load it:
 *   in 'base' they cost the pages that use none (the wizard, decision 180's addendum) 2.9 KB.
 * Large shared code (the offer page, the apply form) keeps its own chunk.
 */
/** The shared forms (decision 362): only the pages that sign in or apply draw them, so they keep a
 *  chunk of their own instead of joining 'shared', which most pages with a form load. */
const OWN_CHUNK = [/\/components\/SignInForm\.tsx$/, /\/components\/ForgotPassword\.tsx$/, /\/components\/apply\/ApplicationForm\.tsx$/];

function sharedChunk(): Rollup.GetManualChunk {
  let chunkOf: Map<string, 'base' | 'shared'> | null = null;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!chunkOf) {
      const reach = (start: string): Set<string> => {
        const seen = new Set<string>();
        const todo = [...(getModuleInfo(start)?.importedIds ?? [])];
        while (todo.length) {
          const next = todo.pop()!;
          if (seen.has(next)) continue;
          seen.add(next);
          todo.push(...(getModuleInfo(next)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...getModuleIds()];
      chunkOf = new Map();
      const always = ids.filter((m) => /\/portal\/app\/(entry\.client\.tsx|root\.tsx\?__remix-build-client-route)$/.test(m));
      for (const e of always) for (const m of reach(e)) chunkOf.set(m, 'base');
      const routes = ids.filter((m) => m.endsWith('?__remix-build-client-route') && !always.includes(m));
      const routesReaching = new Map<string, number>();
      for (const r of routes) for (const m of reach(r)) routesReaching.set(m, (routesReaching.get(m) ?? 0) + 1);
      for (const [m, n] of routesReaching) {
        const info = getModuleInfo(m);
        if (n >= 2 && !chunkOf.has(m) && !m.includes('/node_modules/') && !info?.isEntry && (info?.code?.length ?? Infinity) <= SMALL_MODULE && !OWN_CHUNK.some((r) => r.test(m)))
          chunkOf.set(m, 'shared');
      }
    }
    return chunkOf.get(id);
  };
}

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  root,
  publicDir: path.join(root, 'portal/public'),
  build: { target: 'es2020', cssMinify: true, rollupOptions: { output: { manualChunks: sharedChunk() } } },
  plugins: [
    remix({
      appDirectory: path.join(root, 'portal/app'),
      buildDirectory: path.join(root, 'build/portal'),
      serverModuleFormat: 'esm',
      // Route files keep their server code in sibling *.server.ts files (not routes themselves).
      // The subscription page's file is named for what it is, not by its address (below).
      ignoredRouteFiles: ['**/*.server.ts', '**/*.css', 'routes/subscription.tsx'],
      // The spec's address /portal/{plan_id}[/{subscription_id}] would make the file
      // portal.$planId.($subId).tsx, a name read as the portal/ app itself (issue 25).
      routes: (defineRoutes) => defineRoutes((route) => route('portal/:planId/:subId?', 'routes/subscription.tsx')),
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
