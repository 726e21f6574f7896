// The baseline for the SSR part of `npm run bench:pages`: a bare Express handler that renders each
// page's component tree (the same built route modules, document provider and stylesheet the real
// server uses) with React's renderToString, from the same data, fetched once from the real server
// at start (single-fetch `.data` answers). No loaders, no database, no middleware: what is left is
// React rendering the page. Usage: bare-ssr-server.tsx <real base URL> <port> <path>...
import crypto from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express from 'express';
import { renderToString } from 'react-dom/server';
import { RemixServer } from '@remix-run/react';
import type { EntryContext, ServerBuild } from '@remix-run/node';
import { createStaticHandler, type AgnosticDataRouteObject, type StaticHandlerContext } from '@remix-run/router';
import { decode } from 'turbo-stream';
import type { ComponentType, ReactNode } from 'react';

const ROOT = path.resolve(import.meta.dirname, '../..');
const [realBase, portArg, ...pages] = process.argv.slice(2);

interface DocumentEntry {
  ServerDocumentProvider: ComponentType<{ value: { nonce: string; styles: string; scriptsBoot: string }; children: ReactNode }>;
  inlineStyles: string;
  scriptsBoot: string;
}

const build = (await import(pathToFileURL(path.join(ROOT, 'build/portal/server/index.js')).href)) as ServerBuild;
const { ServerDocumentProvider, inlineStyles, scriptsBoot } = build.entry.module as unknown as DocumentEntry;

/** The loader data of every route of a page, as the real server sends it to the browser. */
async function pageData(page: string): Promise<Record<string, unknown>> {
  const url = new URL(page === '/' ? '/_root.data' : `${page}.data`, realBase);
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  const decoded = await decode(res.body!);
  await decoded.done;
  const byRoute = decoded.value as Record<string, { data?: unknown }>;
  return Object.fromEntries(Object.entries(byRoute).map(([id, r]) => [id, r.data]));
}

/** The route tree of the build, each loader answering the captured data. */
function dataRoutes(data: Record<string, unknown>, parentId?: string): AgnosticDataRouteObject[] {
  return Object.values(build.routes)
    .filter((r) => r!.parentId === parentId)
    .map((r) => {
      const route = r!;
      const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, hasErrorBoundary: Boolean(route.module.ErrorBoundary) };
      const loader = route.module.loader ? () => data[route.id] ?? null : undefined;
      return route.index ? { ...common, index: true as const, loader } : { ...common, loader, children: dataRoutes(data, route.id) };
    });
}

const routeModules = Object.fromEntries(Object.values(build.routes).map((r) => [r!.id, r!.module]));

async function entryContextFor(page: string): Promise<{ url: string; make: () => EntryContext }> {
  const data = await pageData(page);
  const handler = createStaticHandler(dataRoutes(data));
  const url = new URL(page, realBase).toString();
  const context = (await handler.query(new Request(url))) as StaticHandlerContext;
  if (context instanceof Response || context.statusCode !== 200) throw new Error(`${page}: the static handler did not give a 200 context`);
  const make = () =>
    ({
      manifest: build.assets,
      routeModules,
      staticHandlerContext: context,
      serverHandoffString: JSON.stringify({ basename: build.basename, future: build.future, isSpaMode: build.isSpaMode }),
      // The data script streams after the shell; renderToString writes the shell only.
      serverHandoffStream: new ReadableStream<Uint8Array>(),
      renderMeta: {},
      future: build.future,
      isSpaMode: build.isSpaMode,
      serializeError: (e: Error) => ({ message: e.message }),
    }) as unknown as EntryContext;
  return { url, make };
}

const app = express();
app.disable('x-powered-by');
for (const page of pages) {
  const { url, make } = await entryContextFor(page);
  app.get(page, (_req, res) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    const html = renderToString(
      <ServerDocumentProvider value={{ nonce, styles: inlineStyles, scriptsBoot }}>
        <RemixServer context={make()} url={url} nonce={nonce} />
      </ServerDocumentProvider>,
    );
    res.type('html').send(`<!DOCTYPE html>${html}`);
  });
}
const server = app.listen(Number(portArg), '127.0.0.1', () => console.log(`bare SSR listening on ${portArg}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
