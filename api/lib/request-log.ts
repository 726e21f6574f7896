// Per request: a request id, one compact JSON log line when the response is done, and one
// observation in the metrics' latency histogram. Decisions 032 (the compact line, no pino-http)
// and 106 (request ids).
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Settings } from '../../config/settings.js';
import { observeRequest, routeLabel } from './metrics.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** This request's id: the trusted proxy's X-Request-Id, or a fresh UUID. Sent back as X-Request-Id. */
      id: string;
      /** The app's logger with this request's id on every line (made on first use). */
      log: Logger;
    }
  }
}

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** What we accept from a proxy: a UUID, haproxy's unique-id, a trace id; nothing that could forge a log field. */
const PROXY_ID_SHAPE = /^[A-Za-z0-9._:@+=/-]{8,128}$/;

/** Express's compiled 'trust proxy' setting (`app.get('trust proxy fn')`). */
export type TrustFn = (addr: string | undefined, i: number) => boolean;

/**
 * The id the trusted proxy gave this request, when the connection comes from a proxy Express
 * trusts ('trust proxy', the one rule for X-Forwarded-For too) and the value looks like an id;
 * otherwise a new random UUID. A client talking to us directly cannot choose its id.
 */
export function requestIdOf(req: IncomingMessage, trusted: TrustFn | undefined): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && PROXY_ID_SHAPE.test(given) && trusted?.(req.socket.remoteAddress, 0)) return given;
  return crypto.randomUUID();
}

export interface TrackOptions {
  logger: Logger;
  /** The request line is off in tests (NODE_ENV=test); the id, its header and the metrics are always on. */
  writeLine: boolean;
  trusted: TrustFn | undefined;
  /** The metrics' route label, read when the answer is done (Express knows the route only then). */
  route: () => string;
}

/**
 * Gives a request its id (sent back as X-Request-Id) and, when the response is done, one compact
 * log line and one observation in the metrics' latency histogram. Used by the app for every
 * request and by the answers kept in memory that are given before the app (decision 151).
 * Returns the id.
 */
export function trackRequest(req: IncomingMessage, res: ServerResponse, opts: TrackOptions): string {
  const start = performance.now();
  const id = requestIdOf(req, opts.trusted);
  res.setHeader(REQUEST_ID_HEADER, id);
  res.once('close', () => {
    const ms = performance.now() - start;
    const status = res.writableFinished ? res.statusCode : 'aborted';
    observeRequest(req.method, opts.route(), status, ms / 1000);
    if (!opts.writeLine) return;
    const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
    const line = { reqId: id, method: req.method, url: url.split('?', 1)[0], status, ms: Math.round(ms) };
    if (res.statusCode >= 500) opts.logger.error(line, 'request');
    else opts.logger.info(line, 'request');
  });
  return id;
}

/**
 * The app's request tracking (trackRequest with the route Express matched). The line is
 * compact: pino-http (which we had) dumps every header, cookies and bearer tokens included, and
 * its per-request child loggers cost about 80 µs of CPU per request against 14 µs for this
 * (tests/bench/request-log.bench.ts). The query string is left out: it carries search terms and
 * e-mails (docs/decisions/032-request-logging.md).
 */
export function requestLog(deps: TrackDeps): RequestHandler {
  const track = requestTracker(deps);
  return (req, res, next) => {
    req.id = track(req, res, req.app.get('trust proxy fn') as TrustFn | undefined, () => routeLabel(req));
    next();
  };
}

type TrackDeps = { logger: Logger; settings: Pick<Settings, 'env'> };

/** trackRequest with the app's logger and its one rule for the request line (off in tests). */
export function requestTracker(deps: TrackDeps): (req: IncomingMessage, res: ServerResponse, trusted: TrustFn | undefined, route: () => string) => string {
  const writeLine = deps.settings.env !== 'test';
  return (req, res, trusted, route) => trackRequest(req, res, { logger: deps.logger, writeLine, trusted, route });
}

/**
 * Gives the app's requests `req.log`: the app's logger with `reqId` on every line, made only when
 * a handler logs (a getter on this app's request prototype, nothing per request otherwise).
 */
export function attachRequestLogger(app: Express, logger: Logger): void {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request) {
      const child = logger.child({ reqId: this.id });
      Object.defineProperty(this, 'log', { value: child, configurable: true });
      return child;
    },
  });
}
