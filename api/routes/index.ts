// Every /apis route group, in one list. A new group is a new file and a new line here.
import { Router } from 'express';
import type { AppDeps } from '../app.js';
import { healthRoutes } from './health.routes.js';
import { consoleRoutes } from './console.routes.js';

export function apiRouter(deps: AppDeps): Router {
  const router = Router();
  router.use(healthRoutes(deps));
  router.use(consoleRoutes(deps));
  return router;
}
