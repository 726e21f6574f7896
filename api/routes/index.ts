// Every /apis route group, in one list. A new group is a new file and a new line here.
import { Router } from 'express';
import type { AppDeps } from '../app.js';
import { healthRoutes } from './health.routes.js';
import { consoleRoutes } from './console.routes.js';
import { configRoutes } from './config.routes.js';
import { offersRoutes } from './offers.routes.js';
import { draftsRoutes } from './drafts.routes.js';
import { uploadsRoutes } from './uploads.routes.js';
import { interestRoutes } from './interest.routes.js';
import { landingRoutes } from './landing.routes.js';
import { qrcodeRoutes } from './qrcode.routes.js';
import { shareRoutes } from './share.routes.js';
import { authRoutes } from './auth.routes.js';
import { adminRecruiterRoutes } from './admin-recruiters.routes.js';
import { ssoRoutes } from './sso.routes.js';
import { mediaLinksRoutes } from './media-links.routes.js';
import { subscriptionRoutes } from './subscriptions.routes.js';
import { addressRoutes } from './address.routes.js';
import { applicationsRoutes } from './applications.routes.js';
import { managerRoutes } from './manager.routes.js';
import { candidateRoutes } from './candidate.routes.js';

export function apiRouter(deps: AppDeps): Router {
  const router = Router();
  router.use(healthRoutes(deps));
  router.use(consoleRoutes(deps));
  router.use(configRoutes(deps));
  router.use(offersRoutes(deps));
  router.use(draftsRoutes(deps));
  router.use(uploadsRoutes(deps));
  router.use(interestRoutes(deps));
  router.use(landingRoutes(deps));
  router.use(qrcodeRoutes(deps));
  router.use(shareRoutes(deps));
  router.use(authRoutes(deps));
  router.use(adminRecruiterRoutes(deps));
  router.use(ssoRoutes(deps));
  router.use(mediaLinksRoutes(deps));
  router.use(subscriptionRoutes(deps));
  router.use(addressRoutes(deps));
  router.use(applicationsRoutes(deps));
  router.use(managerRoutes(deps));
  router.use(candidateRoutes(deps));
  return router;
}
