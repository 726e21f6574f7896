// Serves the built console (npm run build:admin -> build/admin) under /admin (staff), /manager
// (the manager area) and /dashboard (the recruiter dashboard): one build, the page picks the area
// by its path. The console routes by hash,
// so every path answers index.html; paths of the original product (/admin/user/{id},
// /manager/offer/{job_code}) are turned into their hash routes by the page itself. Under /manager,
// a path that names no page of the area answers 404 (the page draws its not-found screen).
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import helmet from 'helmet';
import { ROOT_DIR } from '../config/settings.js';
import type { FrontendMount } from './deps.js';
import { isManagerPage } from '../models/resources/manager-area.js';

export const ADMIN_BUILD_DIR = path.join(ROOT_DIR, 'build', 'admin');

export function adminConsole(buildDir = ADMIN_BUILD_DIR): FrontendMount {
  return (app, deps) => {
    const index = path.join(buildDir, 'index.html');
    // The dashboard frames a CV at its /media address, which on S3 redirects to a presigned GET on
    // the bucket's origin: that one origin may be framed too, nothing else (decision 181).
    const cvOrigin = deps.storage.privateReadOrigin;
    const security = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          connectSrc: ["'self'"],
          // The story player: hls.js feeds the video from blob: addresses (Media Source) and its worker.
          mediaSrc: ["'self'", 'blob:'],
          workerSrc: ["'self'", 'blob:'],
          frameSrc: ["'self'", ...(cvOrigin ? [cvOrigin] : [])],
          frameAncestors: ["'none'"],
          // As on the portal's pages: plain-http deployments must keep working. Upgraded, the frame's
          // redirect to an http bucket (MinIO on a LAN, s3rver) would go to https and fail.
          upgradeInsecureRequests: null,
        },
      },
    });
    app.use('/admin', security, express.static(buildDir, { index: false, redirect: false, maxAge: '1h' }));
    app.get(['/admin', '/admin/{*rest}'], security, (_req, res, next) => {
      if (!fs.existsSync(index)) return next();
      res.set('Cache-Control', 'no-cache').sendFile(index);
    });
    // The manager area: the same page; its assets are the ones under /admin.
    app.get(['/manager', '/manager/{*rest}'], security, (req, res, next) => {
      if (!fs.existsSync(index)) return next();
      const rest = req.path.replace(/^\/manager\/?/, '');
      res
        .status(isManagerPage(rest) ? 200 : 404)
        .set('Cache-Control', 'no-cache')
        .sendFile(index);
    });
    // The recruiter dashboard: one page, no sub-paths (anything under it is the portal's 404).
    app.get(['/dashboard', '/dashboard/'], security, (_req, res, next) => {
      if (!fs.existsSync(index)) return next();
      res.set('Cache-Control', 'no-cache').sendFile(index);
    });
  };
}
