// The server parts of the resources that need one (models/resources/<name>/server.ts); every other
// resource is served from its declaration alone.
import { RESOURCES } from '../../models/resources/index.js';
import { usersServer } from '../../models/resources/users/server.js';
import { offersServer } from '../../models/resources/offers/server.js';
import { landingsServer } from '../../models/resources/landings/server.js';
import { wishlistsServer } from '../../models/resources/wishlists/server.js';
import { applicationsServer } from '../../models/resources/applications/server.js';
import { customLandingsServer } from '../../models/resources/custom-landings/server.js';
import { shopsServer } from '../../models/resources/shops/server.js';
import { managerOffersServer } from '../../models/resources/manager-offers/server.js';
import { offerApplicationsServer } from '../../models/resources/offer-applications/server.js';
import { jobsServer } from '../../models/resources/jobs/server.js';
import { subscriptionsServer } from '../../models/resources/subscriptions/server.js';
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
