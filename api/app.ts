// Builds the Express app from its dependencies; api/server.ts is the file that listens.
// Tests call createApp with their own database, storage, mailer and clock.
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import type { Logger } from 'pino';
import type { Settings } from '../config/settings.js';
import type { Storage } from './integrations/storage.js';
import type { Mailer } from './integrations/mail.js';
import { detectLang, apiNotFound, errorHandler, staticFiles, staticHeaders, whenAcceptsEncoding } from './lib/http.js';
import { apiRouter } from './routes/index.js';
import { loadCaller } from './auth/sessions.js';
import { csrfGuard } from './auth/csrf.js';
import './auth/caller.js';

export interface AppDeps {
  settings: Settings;
  storage: Storage;
  mailer: Mailer;
  logger: Logger;
  /** The time now; tests pass a fixed clock. */
  clock: () => Date;
}

export interface FrontendMount {
  /** Mounted after /apis: the console under /admin and the Remix portal for every other path. */
  (app: Express, deps: AppDeps): void;
}

/**
 * One compact line per request, written when the response is done: method, path, status,
 * milliseconds. pino-http (which we had) dumps every header, cookies and bearer tokens included,
 * and its per-request child loggers cost about 80 µs of CPU per request against 14 µs for this
 * (tests/bench/request-log.bench.ts). The query string is left out: it carries search terms and
 * e-mails (docs/decisions/032-request-logging.md).
 */
export function requestLog(deps: Pick<AppDeps, 'logger' | 'settings'>): RequestHandler {
  const { logger } = deps;
  if (deps.settings.env === 'test') return (_req, _res, next) => next();
  return (req, res, next) => {
    const start = performance.now();
    res.once('close', () => {
      const line = {
        method: req.method,
        url: req.originalUrl.split('?', 1)[0],
        status: res.writableFinished ? res.statusCode : 'aborted',
        ms: Math.round(performance.now() - start),
      };
      if (res.statusCode >= 500) logger.error(line, 'request');
      else logger.info(line, 'request');
    });
    next();
  };
}

export function createApp(deps: AppDeps, frontends: FrontendMount[] = []): Express {
  const app = express();
  app.disable('x-powered-by');
  // Off unless TRUST_PROXY names the proxies: req.ip is the peer (docs/decisions/096-trust-proxy.md).
  app.set('trust proxy', deps.settings.trustProxy);
  app.set('query parser', 'extended');

  app.use(requestLog(deps));
  app.use(whenAcceptsEncoding(compression()));
  app.use(detectLang);
  app.use(loadCaller(deps.clock));

  const api = express.Router();
  api.use(
    staticHeaders(
      helmet({
        contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
        crossOriginResourcePolicy: { policy: 'same-site' },
      }),
    ),
  );
  api.use(express.json({ limit: '1mb' }));
  api.use(express.urlencoded({ extended: false, limit: '1mb' }));
  api.use(csrfGuard(deps.settings.publicUrl));
  api.use(apiRouter(deps));
  api.use(apiNotFound);
  app.use('/apis', api);

  // The default pictures the spec names (avatar/icon_company.png, avatar/icon_recruiter.png) ship
  // with the code, so every database has them, demo or not; stored files cannot shadow them.
  app.use('/files/avatar', staticFiles(path.join(import.meta.dirname, 'assets', 'avatar'), { maxAge: '7d', index: false }));
  // Stored files (CVs, logos, story media) by key: public keys only, served with their type.
  app.get('/files/{*key}', helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }), async (req, res, next) => {
    const key = ([] as string[]).concat((req.params as { key?: string[] }).key ?? []).join('/');
    try {
      const obj = await deps.storage.get(key);
      if (!obj) return next();
      res.type(obj.contentType).set('Cache-Control', 'public, max-age=3600').send(obj.body);
    } catch {
      next();
    }
  });

  for (const mount of frontends) mount(app, deps);

  app.use(errorHandler(deps.logger));
  return app;
}
