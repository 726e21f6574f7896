// Anonymous public reads answered from this node's memory for a few seconds: the public offer
// (`/apis/list-offers/{job_code}`, already sent with `Cache-Control: public, max-age=30`) and the
// reference lists (`/apis/config/{lang}`). docs/decisions/151-public-read-cache.md.
//
// A route opts in with `keepPublic(deps)`: its 200 answers to requests without a cookie or an
// Authorization header are kept, headers and bytes, under the request's URL. The app's early
// middleware (`PublicCache.middleware`) answers the same URL from memory until PUBLIC_CACHE_MS has
// passed, after the request id, the request log and the metrics have been set up, so every answer
// is still logged, counted and carries its own X-Request-Id; If-None-Match still gets 304. Any
// successful write handled by this node (a method other than GET, HEAD or OPTIONS, on any path)
// empties the cache, so a node reads its own writes; other nodes see them within the TTL, which stays
// below what the answers already allow shared caches (30 s).
import type { Request, RequestHandler, Response } from 'express';
import { routeLabel } from './metrics.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The metrics' route label of an answer served from the public cache (no route ran). */
      cachedRoute?: string;
    }
  }
}

interface Entry {
  headers: Array<[string, number | string | string[]]>;
  body: Buffer;
  route: string;
  expires: number;
}

/** Headers that belong to one response, never to a kept answer. */
const PER_RESPONSE = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Bounds memory whatever URLs clients invent: entries and the size of one answer. */
const MAX_ENTRIES = 1000;
const MAX_BODY = 256 * 1024;

export interface PublicCache {
  /** App-level: answers kept URLs from memory and empties the cache after a successful write. */
  middleware: RequestHandler;
  /** Route-level: keeps this route's 200 answer to an anonymous GET. */
  keep: RequestHandler;
  clear(): void;
  readonly size: number;
}

const anonymousGet = (req: Request) => req.method === 'GET' && !req.headers.cookie && !req.headers.authorization;

export function createPublicCache(options: { ttlMs: number; now?: () => number }): PublicCache {
  const { ttlMs } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const clear = () => entries.clear();

  const serveKept = (req: Request, res: Response): boolean => {
    const entry = entries.get(req.originalUrl);
    if (!entry) return false;
    if (entry.expires <= now()) {
      entries.delete(req.originalUrl);
      return false;
    }
    req.cachedRoute = entry.route;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (req.fresh) {
      for (const name of ['Content-Type', 'Content-Length', 'Transfer-Encoding']) res.removeHeader(name);
      res.statusCode = 304;
      res.end();
    } else {
      res.statusCode = 200;
      res.end(entry.body);
    }
    return true;
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (ttlMs <= 0) return next();
    if (!READS.has(req.method)) {
      res.once('finish', () => {
        if (res.statusCode < 400) clear();
      });
      return next();
    }
    if (anonymousGet(req) && serveKept(req, res)) return;
    next();
  };

  const keep: RequestHandler = (req, res, next) => {
    if (ttlMs <= 0 || !anonymousGet(req)) return next();
    const key = req.originalUrl;
    const end = res.end;
    res.end = function keepAnswer(this: Response, ...args: unknown[]) {
      res.end = end;
      const [chunk, encoding] = args;
      if (res.statusCode === 200 && !res.hasHeader('set-cookie') && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
        const body = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk);
        if (body.length <= MAX_BODY) {
          const headers: Entry['headers'] = [];
          // Raw names keep the casing the route gave (Node's OutgoingMessage.getRawHeaderNames).
          for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
            if (PER_RESPONSE.has(name.toLowerCase())) continue;
            headers.push([name, res.getHeader(name)!]);
          }
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          entries.set(key, { headers, body, route: routeLabel(req), expires: now() + ttlMs });
        }
      }
      return (end as (...a: unknown[]) => Response).apply(this, args);
    } as Response['end'];
    next();
  };

  return {
    middleware,
    keep,
    clear,
    get size() {
      return entries.size;
    },
  };
}

/** The route-level opt-in, for routers built from the app's dependencies. */
export function keepPublic(deps: { publicCache?: PublicCache }): RequestHandler {
  return (req, res, next) => (deps.publicCache ? deps.publicCache.keep(req, res, next) : next());
}
