// Builds the Express app from its dependencies; scripts/server.ts is the file that listens.
// Tests call createApp with their own database, storage, mailer and clock.
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import { createMediaUrls } from './integrations/media-urls.js';
import { picturesRoutes } from './routes/pictures.routes.js';
import { mediaRoutes } from './routes/media.routes.js';
import { isPrivateKey } from '../models/rules/storage-url.js';
import { closeWhenBodyUnread, detectLang, apiNotFound, errorHandler, staticFiles, staticHeaders, whenAcceptsEncoding, whenHasBody } from './lib/http.js';
import { apiRouter } from './routes/index.js';
import { refuseUnsafeInput } from './lib/safe-input.js';
import { stripeWebhookRoutes } from './routes/subscriptions.routes.js';
import { loadCaller } from './auth/sessions.js';
import { csrfGuard } from './auth/csrf.js';
import { createDeviceTokens } from './auth/device.js';
import { mountProbes, readinessOf } from './routes/health.routes.js';
import './auth/caller.js';
import { attachRequestLogger, requestLog, requestTracker, type TrustFn } from './lib/request-log.js';
import { metricsHandler } from './lib/metrics.js';
import type { AppDeps, FrontendMount } from './deps.js';
import { publishQueueDepths } from './jobs/index.js';
import { createPublicCache } from './lib/public-cache.js';

// The request log, request ids and request metrics live in lib/request-log.ts (decisions 032, 105, 106).
export { requestLog } from './lib/request-log.js';

/**
 * What the HTTP server asks before handing a request to the app: anonymous public reads the app
 * answered a moment ago come from memory (decision 151), with their own request id, log line and
 * metrics, as the app gives every answer. Returns true when it answered.
 */
export function earlyAnswers(app: Express, deps: AppDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const cache = deps.publicCache;
  if (!cache) return () => false;
  const track = requestTracker(deps);
  const trusted = app.get('trust proxy fn') as TrustFn | undefined;
  return (req, res) => cache.answer(req, res, (r, s, route) => void track(r, s, trusted, () => route));
}

export function createApp(deps: AppDeps, frontends: FrontendMount[] = []): Express {
  deps.media ??= createMediaUrls(deps.settings);
  deps.devices ??= createDeviceTokens(deps.settings);
  deps.publicCache ??= createPublicCache({ ttlMs: deps.settings.publicCacheMs, now: () => deps.clock().getTime() });
  const app = express();
  app.disable('x-powered-by');
  // Off unless TRUST_PROXY names the proxies: req.ip is the peer (docs/decisions/096-trust-proxy.md).
  app.set('trust proxy', deps.settings.trustProxy);
  app.set('query parser', 'extended');

  // Before anything can answer: an answer given before the body was read closes the connection.
  app.use(closeWhenBodyUnread);
  // Probes first: no session, no compression, never shadowed by the portal's catch-all.
  mountProbes(app, readinessOf(deps), deps.logger);
  // Prometheus metrics on the main port only behind METRICS_TOKEN (METRICS_PORT: see server.ts).
  if (deps.settings.metrics.token) app.get('/metrics', metricsHandler(deps.settings.metrics.token));
  // The job queue's depth on every node's /metrics, with or without a worker in this process.
  publishQueueDepths();
  attachRequestLogger(app, deps.logger);
  app.use(requestLog(deps));
  // Before compression: records kept public reads as they go on the wire (decision 151); they are
  // answered before the app by earlyAnswers.
  app.use(deps.publicCache.record);
  app.use(whenAcceptsEncoding(compression()));
  app.use(detectLang);
  // Before every route and before the caller's session is read: an address holding a NUL, another
  // control character or broken percent-encoding is refused once, here (decision 210).
  app.use(refuseUnsafeInput);
  app.use(loadCaller(deps.clock, deps.settings.apiKeys.perMinute));

  const api = express.Router();
  // JSON answers carry the headers that matter for an API (OWASP REST): no HTML-only header
  // (docs/decisions/150-api-response-headers.md).
  api.use(
    staticHeaders(
      helmet({
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
        crossOriginResourcePolicy: { policy: 'same-site' },
        crossOriginOpenerPolicy: false,
        originAgentCluster: false,
        referrerPolicy: false,
        xDnsPrefetchControl: false,
        xDownloadOptions: false,
        xPermittedCrossDomainPolicies: false,
        xXssProtection: false,
        xFrameOptions: { action: 'deny' },
      }),
    ),
  );
  // Stripe signs the raw body: its webhook reads it before the JSON parser (and needs no CSRF check).
  api.use(stripeWebhookRoutes(deps));
  api.use(whenHasBody(express.json({ limit: '1mb' }), express.urlencoded({ extended: false, limit: '1mb' })));
  api.use(csrfGuard(deps.settings.publicUrl));
  api.use(apiRouter(deps));
  api.use(apiNotFound);
  app.use('/apis', api);

  // The default pictures the spec names (avatar/icon_company.png, avatar/icon_recruiter.png) ship
  // with the code, so every database has them, demo or not; stored files cannot shadow them.
  const assetsDir = path.join(import.meta.dirname, 'assets');
  // Pictures at the spec's sizes (/files/40x40/picture/<name>), before the originals (decision 310).
  app.use('/files', picturesRoutes(deps, assetsDir));
  app.use('/files/avatar', staticFiles(path.join(assetsDir, 'avatar'), { maxAge: '7d', index: false }));
  // Private media (CVs, story videos): only through a signed, short-lived address.
  app.use('/media', mediaRoutes(deps, deps.media));
  // Public stored files (logos, company pictures) by key, served with their type. CVs and story
  // videos are never served here, whatever their key (docs/decisions/085-private-media-signed-urls.md).
  app.get('/files/{*key}', helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }), async (req, res, next) => {
    const key = ([] as string[]).concat((req.params as { key?: string[] }).key ?? []).join('/');
    if (isPrivateKey(key)) return next();
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
