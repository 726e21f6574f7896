// Mounts the built Remix portal on the Express app: hashed assets with a one-year cache, other
// public files briefly cached, and every remaining page path rendered by Remix with a CSP nonce.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { ServerBuild } from '@remix-run/node';
import { ROOT_DIR } from '../../config/settings.js';
import type { FrontendMount } from '../../api/deps.js';
import { staticFiles, staticHeaders } from '../../api/lib/http.js';
import { writerOf } from '../../api/auth/throttle.js';
import { portalWriteGuard } from '../../api/auth/csrf.js';
import { portalServices } from './services.js';
import { openApiDocumentOf } from '../../api/lib/openapi.js';
import { remixHandler } from './remix-adapter.js';
import { twilioConfigured } from '../../api/integrations/meeting.js';
import type { PortalContext } from './context.js';

export const PORTAL_BUILD_DIR = path.join(ROOT_DIR, 'build/portal');
const SERVER_ENTRY = path.join(PORTAL_BUILD_DIR, 'server/index.js');
const CLIENT_DIR = path.join(PORTAL_BUILD_DIR, 'client');

const CSP = 'Content-Security-Policy';
/** Stands for the request's nonce in the policy computed once. */
const NONCE_SLOT = 'per-request-nonce';

/** Paths other apps own: the portal never answers them. */
const NOT_PORTAL = /^\/(apis|admin|manager|dashboard|files)(\/|$)/;

/** The files under a folder as URL paths ("/favicon.svg"), leaving one subfolder out. */
function listFiles(dir: string, skip: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if ((!prefix && entry.name === skip) || entry.name.startsWith('.')) continue;
    const url = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), skip, url));
    else out.push(url);
  }
  return out;
}

/** The meeting room's page, whose policy may differ (meetingHeaders below). */
const MEETING_PAGE = /^\/meeting-web-app\//;

/** helmet's options for portal pages; `more` adds sources to directives (the meeting room's). */
function portalHelmet(more: { scriptSrc?: string[]; connectSrc?: string[] } = {}): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `'nonce-${NONCE_SLOT}'`, ...(more.scriptSrc ?? [])],
        // React writes style attributes (the landing colour, progress bars).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // hls.js feeds the video element through MediaSource blob URLs and a blob worker.
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...(more.connectSrc ?? [])],
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
  };
}

export async function portalMount(): Promise<FrontendMount> {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error(`The portal is not built (${path.relative(ROOT_DIR, SERVER_ENTRY)} is missing): run "npm run build".`);
  }
  const build = (await import(pathToFileURL(SERVER_ENTRY).href)) as ServerBuild;

  return (app, deps) => {
    app.use('/assets', staticFiles(path.join(CLIENT_DIR, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
    // The other public files (favicon, robots.txt...) are few and fixed by the build: only their
    // paths reach the static handler, so page requests skip its file-system lookup (a failed stat
    // per page was a visible part of the SSR profile, docs/decisions/103-ssr-throughput.md).
    const publicFiles = new Set(listFiles(CLIENT_DIR, 'assets'));
    const publicStatic = staticFiles(CLIENT_DIR, { maxAge: '1h', index: false });
    app.use((req, res, next) => (publicFiles.has(req.path) ? publicStatic(req, res, next) : next()));

    const nonce: RequestHandler = (_req, res, next) => {
      res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
      next();
    };
    // helmet's headers are the same on every page but the CSP's nonce: they are computed once
    // (staticHeaders) and the nonce is written into the policy per request (helmet's dozen
    // middleware per page showed in the SSR profile, docs/decisions/103-ssr-throughput.md).
    const headers = staticHeaders(helmet(portalHelmet()));
    // The meeting room with Twilio Video: twilio-video compiles code at run time ('unsafe-eval')
    // and talks to Twilio's hosts; only this page gets that policy (STACK.md, decision 160).
    const meetingHeaders = twilioConfigured(deps.settings)
      ? staticHeaders(helmet(portalHelmet({ scriptSrc: ["'unsafe-eval'"], connectSrc: ['https://*.twilio.com', 'wss://*.twilio.com'] })))
      : headers;
    const withNonce: RequestHandler = (_req, res, next) => {
      res.setHeader(CSP, String(res.getHeader(CSP)).replace(NONCE_SLOT, res.locals.cspNonce as string));
      next();
    };
    const remix = remixHandler(
      build,
      deps.settings.env === 'production' ? 'production' : 'development',
      (req, res) =>
        ({
          deps,
          services: portalServices,
          cspNonce: res.locals.cspNonce as string,
          caller: req.caller,
          writer: writerOf(req),
          ip: req.ip ?? 'unknown',
          apiReference: () => openApiDocumentOf(app, deps.settings.publicUrl),
          memo: new Map(),
        }) satisfies PortalContext,
    );
    const ownPagesOnly = portalWriteGuard(deps.settings.publicUrl);
    app.all('/{*splat}', (req, res, next) => {
      if (NOT_PORTAL.test(req.path)) return next();
      ownPagesOnly(req, res, (refused?: unknown) => (refused ? next(refused) : portalPage(req, res, next)));
    });
    const portalPage: RequestHandler = (req, res, next) => {
      nonce(req, res, (err?: unknown) => {
        if (err) return next(err);
        (MEETING_PAGE.test(req.path) ? meetingHeaders : headers)(req, res, () => {
          withNonce(req, res, () => {
            remix(req, res, next);
          });
        });
      });
    };
  };
}
