// Every console resource, in menu order. A new resource is a new folder with its resource.ts and
// one line here (docs/decisions/066-console-resource-declarations.md).
import { users } from './users/resource.js';
import { landings } from './landings/resource.js';
import { offers } from './offers/resource.js';
import { wishlists } from './wishlists/resource.js';
import { applications } from './applications/resource.js';
import { customLandings } from './custom-landings/resource.js';
import { templates } from './templates/resource.js';
import { shops } from './shops/resource.js';
import { subscriptions } from './subscriptions/resource.js';
import { plans } from './plans/resource.js';
import { auditLog } from './audit-log/resource.js';
import { managerOffers } from './manager-offers/resource.js';
import { offerApplications } from './offer-applications/resource.js';
import { jobs } from './jobs/resource.js';
import { invitations } from './invitations/resource.js';
import { apiKeys } from './api-keys/resource.js';
import { webhookEndpoints } from './webhook-endpoints/resource.js';
import { webhookDeliveries } from './webhook-deliveries/resource.js';
import type { ResourceDecl } from './schema.js';

export const RESOURCES: readonly ResourceDecl[] = [
  users,
  landings,
  offers,
  wishlists,
  applications,
  customLandings,
  templates,
  shops,
  subscriptions,
  plans,
  managerOffers,
  offerApplications,
  invitations,
  apiKeys,
  webhookEndpoints,
  webhookDeliveries,
  auditLog,
  jobs,
];

export function resourceByName(name: string): ResourceDecl | undefined {
  return RESOURCES.find((r) => r.name === name);
}

export * from './schema.js';
