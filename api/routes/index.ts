// Every /apis route group, in one list. A new group is a new file and a new line here; each group
// is entered only for the first path segments of its routes (lib/route-groups.ts).
import type { RequestHandler, Router } from 'express';
import type { AppDeps } from '../deps.js';
import { routeGroups } from '../lib/route-groups.js';
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
import { candidateRoutes } from './candidate.routes.js';
import { subscriptionRoutes } from './subscriptions.routes.js';
import { addressRoutes } from './address.routes.js';
import { applicationsRoutes } from './applications.routes.js';
import { managerRoutes } from './manager.routes.js';
import { managerOffersRoutes } from './manager-offers.routes.js';
import { leadNotifRoutes } from './lead-notif.routes.js';
import { meetingRoutes } from './meeting.routes.js';
import { privacyRoutes } from './privacy.routes.js';
import { invitationRoutes } from './invitations.routes.js';
import { openApiRoutes } from './openapi.routes.js';

/** The groups in the order Express tries them. */
const GROUPS: Array<(deps: AppDeps) => Router> = [
  healthRoutes,
  consoleRoutes,
  configRoutes,
  offersRoutes,
  draftsRoutes,
  uploadsRoutes,
  interestRoutes,
  landingRoutes,
  qrcodeRoutes,
  shareRoutes,
  authRoutes,
  adminRecruiterRoutes,
  ssoRoutes,
  mediaLinksRoutes,
  addressRoutes,
  applicationsRoutes,
  managerRoutes,
  managerOffersRoutes,
  candidateRoutes,
  subscriptionRoutes,
  leadNotifRoutes,
  meetingRoutes,
  privacyRoutes,
  invitationRoutes,
  openApiRoutes,
];

/** The API's routes: one middleware handing a request to the groups that can answer it. */
export function apiRouter(deps: AppDeps): RequestHandler {
  return routeGroups(GROUPS.map((group) => group(deps)));
}
