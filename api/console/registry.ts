// The server parts of the resources that need one (api/console/parts/<name>.ts), registered here by
// resource name; every other resource is served from its declaration alone.
import { RESOURCES } from '../../models/resources/index.js';
import { usersServer } from './parts/users.js';
import { offersServer } from './parts/offers.js';
import { landingsServer } from './parts/landings.js';
import { wishlistsServer } from './parts/wishlists.js';
import { applicationsServer } from './parts/applications.js';
import { customLandingsServer } from './parts/custom-landings.js';
import { shopsServer } from './parts/shops.js';
import { managerOffersServer } from './parts/manager-offers.js';
import { offerApplicationsServer } from './parts/offer-applications.js';
import { jobsServer } from './parts/jobs.js';
import { subscriptionsServer } from './parts/subscriptions.js';
import { invitationsServer } from './parts/invitations.js';
import { apiKeysServer } from './parts/api-keys.js';
import { webhookDeliveriesServer, webhookEndpointsServer } from './parts/webhooks.js';
import { planOf } from './read.js';
import type { ServerPart } from './types.js';

const PARTS: Record<string, ServerPart> = {
  users: usersServer,
  offers: offersServer,
  landings: landingsServer,
  wishlists: wishlistsServer,
  applications: applicationsServer,
  'custom-landings': customLandingsServer,
  shops: shopsServer,
  'manager-offers': managerOffersServer,
  'offer-applications': offerApplicationsServer,
  jobs: jobsServer,
  subscriptions: subscriptionsServer,
  invitations: invitationsServer,
  'api-keys': apiKeysServer,
  'webhook-endpoints': webhookEndpointsServer,
  'webhook-deliveries': webhookDeliveriesServer,
};

export function serverPartOf(name: string): ServerPart {
  return PARTS[name] ?? {};
}

/** Every declaration is readable (its fields are columns of its model or have an origin) and every action has a handler: checked at start. */
export function checkDeclarations(): void {
  for (const decl of RESOURCES) {
    planOf(decl);
    for (const a of decl.actions ?? []) {
      if (!serverPartOf(decl.name).actions?.[a.name]) throw new Error(`console resource ${decl.name}: action ${a.name} has no handler`);
    }
  }
}
