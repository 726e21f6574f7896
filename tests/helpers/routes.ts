// Lists every API route (method + path) from the app itself, by walking Express's router stack,
// so that tests can hold a table of expectations and notice a route that has none.
import type { Express } from 'express';

interface Layer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean>; stack?: Layer[] };
  handle?: { stack?: Layer[]; schemas?: RouteSchemas };
}

/** The zod schemas a route's validate() middleware applies (api/lib/validate.ts), when it has one. */
export interface RouteSchemas {
  body?: unknown;
  query?: unknown;
  params?: unknown;
}

export interface RouteEntry {
  method: string;
  path: string;
  schemas?: RouteSchemas;
}

const joinPath = (prefix: string, p: string) => (p === '/' || p === '' ? prefix || '/' : `${prefix}${p}`);

function walk(stack: Layer[], prefix: string, out: RouteEntry[]) {
  for (const layer of stack) {
    if (layer.route) {
      const paths = ([] as string[]).concat(layer.route.path);
      const schemas = (layer.route.stack ?? []).map((l) => l.handle?.schemas).find((s) => s !== undefined);
      for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
        for (const p of paths) out.push({ method: method.toUpperCase(), path: joinPath(prefix, p), ...(schemas ? { schemas } : {}) });
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '';
      walk(layer.handle.stack, joinPath(prefix, mount === '/' ? '' : mount), out);
    }
  }
}

/** Routes under a mount point of the app (default /apis), sorted and without duplicates. */
export function listRoutes(app: Express, mount = '/apis'): RouteEntry[] {
  const root = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const api = root.find((l) => l.rawPath === mount && l.handle?.stack);
  if (!api) throw new Error(`no router mounted at ${mount}`);
  const out: RouteEntry[] = [];
  walk(api.handle!.stack!, mount, out);
  const seen = new Set<string>();
  return out
    .filter((r) => (seen.has(`${r.method} ${r.path}`) ? false : (seen.add(`${r.method} ${r.path}`), true)))
    .sort((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path)));
}
