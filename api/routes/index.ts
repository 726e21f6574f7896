// Every /apis route group, in one list. A new group is a new file and a new line here.
import { Router } from 'express';
import type { AppDeps } from '../app.js';
import { healthRoutes } from './health.routes.js';
import { authRoutes } from './auth.routes.js';
import { adminRecruiterRoutes } from './admin-recruiters.routes.js';
import { ssoRoutes } from './sso.routes.js';

export function apiRouter(deps: AppDeps): Router {
  const router = Router();
  router.use(healthRoutes(deps));
  router.use(authRoutes(deps));
  router.use(adminRecruiterRoutes(deps));
  router.use(ssoRoutes(deps));
  return router;
}
