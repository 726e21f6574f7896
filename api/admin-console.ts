// Serves the built staff console (npm run build:admin -> build/admin) under /admin, and the same
// build's recruiter dashboard at /dashboard (the page picks its app from the path). The console
// routes by hash, so every /admin path answers index.html; paths of the original product
// (/admin/user/{id}, /admin/custom-landings) are turned into their hash routes by the page itself.
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import helmet from 'helmet';
import { ROOT_DIR } from '../config/settings.js';
import type { FrontendMount } from './app.js';

export const ADMIN_BUILD_DIR = path.join(ROOT_DIR, 'build', 'admin');

export function adminConsole(buildDir = ADMIN_BUILD_DIR): FrontendMount {
  return (app) => {
    const index = path.join(buildDir, 'index.html');
    const security = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    });
    app.use('/admin', security, express.static(buildDir, { index: false, redirect: false, maxAge: '1h' }));
    app.get(['/admin', '/admin/{*rest}', '/dashboard', '/dashboard/{*rest}'], security, (_req, res, next) => {
      if (!fs.existsSync(index)) return next();
      res.set('Cache-Control', 'no-cache').sendFile(index);
    });
  };
}
