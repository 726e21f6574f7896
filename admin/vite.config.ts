// The staff console build: a static single-page app served by the API server under /admin.
// react-admin uses a hash router, so the base is enough (no basename; STACK.md gotcha 5).
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: path.resolve(import.meta.dirname),
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: [
      // Object.entries itself instead of its polyfill (node-polyglot's dependency): see the shim.
      { find: /^object\.entries$/, replacement: path.resolve(import.meta.dirname, 'src/shims/object-entries.cjs') },
      // hasown with the browser's Function.prototype.bind instead of function-bind's: see the shim.
      { find: /^hasown$/, replacement: path.resolve(import.meta.dirname, 'src/shims/hasown.cjs') },
      // popper.js loaded when the first tooltip or popper opens, not with the console: see the shim.
      { find: /^@popperjs\/core$/, replacement: path.resolve(import.meta.dirname, 'src/shims/popper-on-demand.ts') },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, '../build/admin'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    // The shims are CommonJS, as the packages they replace (required by node-polyglot).
    commonjsOptions: { include: [/node_modules/, /src\/shims\//] },
  },
});
