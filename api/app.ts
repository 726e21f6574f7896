// Builds the Express app from its dependencies; api/server.ts is the file that listens.
// Tests call createApp with their own database, storage, mailer and clock.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import type { Settings } from '../config/settings.js';
import type { Storage } from './integrations/storage.js';
import { detectLang, apiNotFound, errorHandler } from './lib/http.js';
import { apiRouter } from './routes/index.js';
import { loadCaller } from './auth/sessions.js';
import './auth/caller.js';

export interface AppDeps {
  settings: Settings;
  storage: Storage;
  logger: Logger;
  /** The time now; tests pass a fixed clock. */
  clock: () => Date;
}

export interface FrontendMount {
  /** Mounted after /apis: the console under /admin and the Remix portal for every other path. */
  (app: Express, deps: AppDeps): void;
}

/**
 * One compact line per request: method, path, status, milliseconds. pino-http's default dumps
 * every header (cookies and bearer tokens included) and costs more to serialise than our small
 * JSON answers; the query string is left out because it carries search terms and e-mails
 * (docs/decisions/032-request-logging.md).
 */
function requestLog(deps: AppDeps) {
  const path = (req: IncomingMessage) => {
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
    const q = url.indexOf('?');
    return q === -1 ? url : url.slice(0, q);
  };
  return pinoHttp({
    logger: deps.logger,
    autoLogging: deps.settings.env !== 'test',
    quietReqLogger: true,
    quietResLogger: true,
    wrapSerializers: false,
    serializers: { req: (req: IncomingMessage) => ({ method: req.method, url: path(req) }), res: (res: ServerResponse) => ({ status: res.statusCode }) },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: (req, res, val: { responseTime: number }) => ({ method: req.method, url: path(req), status: res.statusCode, ms: val.responseTime }),
    customSuccessMessage: () => 'request',
    customErrorObject: (req, res, err, val: { responseTime: number }) => ({ method: req.method, url: path(req), status: res.statusCode, ms: val.responseTime, err }),
    customErrorMessage: () => 'request failed',
  });
}

export function createApp(deps: AppDeps, frontends: FrontendMount[] = []): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'extended');

  app.use(requestLog(deps));
  app.use(compression());
  app.use(detectLang);
  app.use(loadCaller(deps.clock));

  const api = express.Router();
  api.use(
    helmet({
      contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'same-site' },
    }),
  );
  api.use(express.json({ limit: '1mb' }));
  api.use(express.urlencoded({ extended: false, limit: '1mb' }));
  api.use(apiRouter(deps));
  api.use(apiNotFound);
  app.use('/apis', api);

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
