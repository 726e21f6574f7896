// Express plumbing shared by every route: language, error shaping, the unknown-route answer.
// Input checks are api/lib/validate.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { isDatabaseOutage } from '../../models/write-once.js';
import { AppError } from './errors.js';
import { t, isMessageKey, isLang, DEFAULT_LANG, LANGS, type Lang } from '../../config/i18n/index.js';

/** The language of messages: ?lang when it names one of ours, else Accept-Language, else fr. */
export const detectLang: RequestHandler = (req, _res, next) => {
  const q = typeof req.query.lang === 'string' ? req.query.lang.toLowerCase().slice(0, 2) : undefined;
  if (isLang(q)) req.lang = q;
  else {
    // Negotiated only when asked: this runs on every request (the API's hot path).
    const accepted = req.headers['accept-language'] ? req.acceptsLanguages(...LANGS) : false;
    req.lang = typeof accepted === 'string' && isLang(accepted) ? accepted : DEFAULT_LANG;
  }
  next();
};

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: 'route_not_found', message: t(req.lang ?? 'fr', 'route_not_found') });
};

/** The JSON body of a typed error in a language: { error, message, details? }. */
export function errorBody(err: AppError, lang: Lang): { error: string; message: string; details?: Record<string, unknown> } {
  const message = isMessageKey(err.messageKey) ? t(lang, err.messageKey, err.details as Record<string, string>) : err.messageKey;
  return { error: err.code, message, ...(err.details ? { details: err.details } : {}) };
}

/** For the public calls whose clients read `success` (submit-interest, landing-config):
 * typed errors answer { success: false, error, message }; anything else goes on to errorHandler. */
export const successFalseOnError: ErrorRequestHandler = (err, req, res, next) => {
  if (!(err instanceof AppError)) return next(err);
  res.status(err.status).json({ success: false, ...errorBody(err, req.lang ?? 'fr') });
};

export function errorHandler(log: { error: (o: object, m: string) => void }): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const lang = req.lang ?? 'fr';
    if (err instanceof AppError) {
      res.status(err.status).json(errorBody(err, lang));
      return;
    }
    // body-parser's own errors carry a status and a type: they are the caller's mistakes.
    const status = (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode;
    const type = (err as { type?: string }).type;
    if (type === 'entity.parse.failed') {
      res.status(400).json({ error: 'invalid_json', message: t(lang, 'invalid_json') });
      return;
    }
    if (type === 'entity.too.large' || status === 413) {
      res.status(413).json({ error: 'payload_too_large', message: t(lang, 'payload_too_large') });
      return;
    }
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ error: 'bad_request', message: t(lang, 'validation_error') });
      return;
    }
    // req.log carries the request id (lib/request-log.ts) when the app set it up.
    ((req.log as typeof log | undefined) ?? log).error({ err, url: req.originalUrl, method: req.method }, 'unhandled error');
    if (res.headersSent) return;
    // The database cannot be used (down, cut, restarting, pool closed, SQLite locked): 503 whether
    // the request read or wrote; the caller tries again (docs/decisions/092, 201-database-outage-is-503.md).
    if (isDatabaseOutage(err)) {
      res
        .status(503)
        .set('Retry-After', '5')
        .json({ error: 'database_unavailable', message: t(lang, 'database_unavailable') });
      return;
    }
    res.status(500).json({ error: 'internal_error', message: t(lang, 'internal_error') });
  };
}

/**
 * The headers a helmet configuration sets, computed once and set in one pass per request.
 * For responses whose security headers never change (the JSON API: no per-request nonce) this
 * keeps helmet's choices while skipping its dozen middleware on the hot path.
 */
export function staticHeaders(middleware: RequestHandler): RequestHandler {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const fakeRes = {
    setHeader: (name: string, value: string) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  let done = false;
  middleware({ method: 'GET', headers: {}, secure: false } as never, fakeRes as never, () => (done = true));
  if (!done) throw new Error('staticHeaders: the middleware did not finish synchronously');
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

/** Wraps a compression middleware so that requests that accept no encoding skip its response wrapping. */
export function whenAcceptsEncoding(middleware: RequestHandler): RequestHandler {
  return (req, res, next) => (req.headers['accept-encoding'] ? middleware(req, res, next) : next());
}

/**
 * Runs body parsers only for requests that carry a body (Content-Length or Transfer-Encoding, as
 * body-parser itself decides): GETs, most of the API's traffic, skip them in one test. A request
 * without a body still gets `req.body` undefined, as the parsers would leave it.
 */
/** Whether a request announces a body (Content-Length or Transfer-Encoding); a GET usually does not. */
export function announcesBody(req: IncomingMessage): boolean {
  return req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
}

export function whenHasBody(...parsers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    if (!announcesBody(req)) {
      req.body = undefined;
      return next();
    }
    let i = 0;
    const step = (err?: unknown) => {
      if (err || i === parsers.length) return next(err);
      parsers[i++](req, res, step);
    };
    step();
  };
}

/** Static files (the portal's build, the default avatars, the favicon) with
 *  `X-Content-Type-Options: nosniff`, so a browser never runs a file as another type than the
 *  one we send. The one way the server serves a folder. */
export function staticFiles(dir: string, options: Parameters<typeof express.static>[1] = {}): RequestHandler {
  const setHeaders = options.setHeaders;
  return express.static(dir, {
    ...options,
    setHeaders: (res: ServerResponse, file: string, stat: import('node:fs').Stats) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      setHeaders?.(res as never, file, stat);
    },
  });
}

/**
 * A request answered before its body was read whole (refused by a guard, the address check, a
 * limit, an action that answers at once) is answered with `Connection: close`: Node closes such a
 * connection after the answer, and a client that sent its next request on it got a reset.
 */
export const closeWhenBodyUnread: RequestHandler = (req, res, next) => {
  if (!announcesBody(req)) return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close');
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  next();
};
