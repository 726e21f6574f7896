import { Router } from 'express';
import type { AppDeps } from '../app.js';
import { boundSequelize } from '../../models/index.js';

export function healthRoutes(_deps: AppDeps): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    await boundSequelize().query('SELECT 1');
    res.json({ ok: true });
  });
  return router;
}
