// Mounts the built Remix portal on the Express app: hashed assets with a one-year cache, other
// public files briefly cached, and every remaining page path rendered by Remix with a CSP nonce.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import { ROOT_DIR } from '../../config/settings.js';
import type { FrontendMount } from '../../api/app.js';
import { staticFiles } from '../../api/lib/http.js';
import { writerOf } from '../../api/auth/throttle.js';
import { portalServices } from './services.js';
import type { PortalContext } from './context.js';

export const PORTAL_BUILD_DIR = path.join(ROOT_DIR, 'build/portal');
const SERVER_ENTRY = path.join(PORTAL_BUILD_DIR, 'server/index.js');
const CLIENT_DIR = path.join(PORTAL_BUILD_DIR, 'client');

/** Paths other apps own: the portal never answers them. */
const NOT_PORTAL = /^\/(apis|admin|manager|dashboard|files)(\/|$)/;

export async function portalMount(): Promise<FrontendMount> {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error(`The portal is not built (${path.relative(ROOT_DIR, SERVER_ENTRY)} is missing): run "npm run build".`);
  }
  const build = (await import(pathToFileURL(SERVER_ENTRY).href)) as ServerBuild;

  return (app, deps) => {
    app.use('/assets', staticFiles(path.join(CLIENT_DIR, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
    app.use(staticFiles(CLIENT_DIR, { maxAge: '1h', index: false }));

    const nonce: RequestHandler = (_req, res, next) => {
      res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
      next();
    };
    const headers = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          // React writes style attributes (the landing colour, progress bars).
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          // hls.js feeds the video element through MediaSource blob URLs and a blob worker.
          mediaSrc: ["'self'", 'blob:'],
          workerSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          frameSrc: ["'self'"],
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          // Plain-http deployments (and local runs) must keep working.
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // With no-referrer, Chromium sends "Origin: null" on form posts, and Remix refuses actions
      // whose Origin does not match the Host (its CSRF check): keep the browsers' default policy.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    const remix = createRequestHandler({
      build,
      mode: deps.settings.env === 'production' ? 'production' : 'development',
      getLoadContext: (req, res) =>
        ({
          deps,
          services: portalServices,
          cspNonce: res.locals.cspNonce as string,
          caller: req.caller,
          writer: writerOf(req),
          memo: new Map(),
        }) satisfies PortalContext,
    });
    app.all('/{*splat}', (req, res, next) => {
      if (NOT_PORTAL.test(req.path)) return next();
      nonce(req, res, (err?: unknown) => {
        if (err) return next(err);
        headers(req, res, (err2?: unknown) => {
          if (err2) return next(err2);
          remix(req, res, next).catch(next);
        });
      });
    });
  };
}
