// Anonymous public reads answered from this node's memory for a few seconds: the public offer
// (`/apis/list-offers/{job_code}`, already sent with `Cache-Control: public, max-age=30`) and the
// reference lists (`/apis/config/{lang}`). docs/decisions/151-public-read-cache.md.
//
// A route opts in with `keepPublic(deps)`. The app's `record` middleware, mounted before the
// compression middleware, keeps the answer such a route gave to an anonymous GET as it went on the
// wire (status 200, headers and bytes, compressed or not) under the URL and the request's
// Accept-Encoding, so the compression middleware's own choice is replayed and never made twice.
// `answer` is called by the HTTP server before Express (api/http-server.ts): it gives a kept answer
// for the same URL and Accept-Encoding until PUBLIC_CACHE_MS has passed, with its own X-Request-Id,
// log line and metrics observation (trackRequest), and 304 to a matching If-None-Match. Any
// successful write handled by this node (a method other than GET, HEAD or OPTIONS, on any path)
// empties the cache, so a node reads its own writes; other nodes see them within the TTL, which
// stays below what the answers already allow shared caches (30 s).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import fresh from 'fresh';
import { routeLabel } from './metrics.js';

interface Entry {
  headers: Array<[string, number | string | string[]]>;
  body: Buffer;
  etag: string | undefined;
  route: string;
  expires: number;
}

/** Headers that belong to one response, or that the answer sets from the kept bytes. */
const PER_RESPONSE = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie', 'content-length']);
/** Dropped from a 304, which has no body. */
const BODY_HEADERS = new Set(['content-type', 'content-encoding']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Bounds memory whatever URLs clients invent: entries and the size of one answer. */
const MAX_ENTRIES = 1000;
const MAX_BODY = 256 * 1024;

/** Called once for an answer given from memory: its request id, log line and metrics (trackRequest). */
export type TrackKept = (req: IncomingMessage, res: ServerResponse, route: string) => void;

export interface PublicCache {
  /** App-level, before compression: keeps what a kept route answered; empties the cache after a successful write. */
  record: RequestHandler;
  /** Route-level: this route's 200 answer to an anonymous GET is kept. */
  keep: RequestHandler;
  /** Before the app: answers a kept URL from memory and returns true, or returns false. */
  answer(req: IncomingMessage, res: ServerResponse, track: TrackKept): boolean;
  clear(): void;
  readonly size: number;
}

const anonymousGet = (req: IncomingMessage) => req.method === 'GET' && !req.headers.cookie && !req.headers.authorization;
const keyOf = (url: string, req: IncomingMessage) => `${url}\n${req.headers['accept-encoding'] ?? ''}`;

function asBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return null;
}

export function createPublicCache(options: { ttlMs: number; now?: () => number }): PublicCache {
  const { ttlMs } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const kept = new WeakSet<Request>();
  const clear = () => entries.clear();

  const store = (key: string, req: Request, res: ServerResponse, body: Buffer) => {
    const headers: Entry['headers'] = [];
    // Raw names keep the casing the route gave (Node's OutgoingMessage.getRawHeaderNames).
    for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
      if (PER_RESPONSE.has(name.toLowerCase())) continue;
      headers.push([name, res.getHeader(name)!]);
    }
    const etag = res.getHeader('etag');
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, { headers, body, etag: typeof etag === 'string' ? etag : undefined, route: routeLabel(req), expires: now() + ttlMs });
  };

  const record: RequestHandler = (req, res, next) => {
    if (ttlMs <= 0) return next();
    if (!READS.has(req.method)) {
      res.once('finish', () => {
        if (res.statusCode < 400) clear();
      });
      return next();
    }
    if (!anonymousGet(req)) return next();
    // What goes to the socket, after compression (which wraps write and end after this does).
    const key = keyOf(req.originalUrl, req);
    const write = res.write;
    const end = res.end;
    let chunks: Buffer[] | null = [];
    let size = 0;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (!chunks) return;
      // Decided at the first bytes: the route has run keepPublic by then, and the status is set.
      if (!kept.has(req) || res.statusCode !== 200 || res.hasHeader('set-cookie')) {
        chunks = null;
        return;
      }
      const buf = asBuffer(chunk, encoding);
      if (!buf) return;
      size += buf.length;
      if (size > MAX_BODY) chunks = null;
      else chunks.push(buf);
    };
    res.write = function recordWrite(this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    // Not unwrapped when done: compression may have wrapped these two after us.
    res.end = function recordEnd(this: ServerResponse, ...args: unknown[]) {
      if (typeof args[0] !== 'function' && args[0] != null) collect(args[0], args[1]);
      else collect('', undefined);
      if (chunks) store(key, req, res, Buffer.concat(chunks));
      return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.end;
    next();
  };

  const keep: RequestHandler = (req, _res, next) => {
    if (ttlMs > 0 && anonymousGet(req)) kept.add(req);
    next();
  };

  const answer = (req: IncomingMessage, res: ServerResponse, track: TrackKept): boolean => {
    if (ttlMs <= 0 || !anonymousGet(req) || entries.size === 0) return false;
    const key = keyOf(req.url ?? '', req);
    const entry = entries.get(key);
    if (!entry) return false;
    if (entry.expires <= now()) {
      entries.delete(key);
      return false;
    }
    track(req, res, entry.route);
    if (entry.etag !== undefined && fresh(req.headers, { etag: entry.etag })) {
      for (const [name, value] of entry.headers) if (!BODY_HEADERS.has(name.toLowerCase())) res.setHeader(name, value);
      res.statusCode = 304;
      res.end();
      return true;
    }
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('Content-Length', entry.body.length);
    res.statusCode = 200;
    res.end(entry.body);
    return true;
  };

  return {
    record,
    keep,
    answer,
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
