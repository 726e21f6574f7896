// Every console resource, in menu order. A new resource is a new declaration file and one line here.
import { users } from './users.resource.js';
import { landings } from './landings.resource.js';
import { offers } from './offers.resource.js';
import { wishlists } from './wishlists.resource.js';
import { applications } from './applications.resource.js';
import { customLandings } from './custom-landings.resource.js';
import { auditLog } from './audit-log.resource.js';
import type { ResourceDecl } from './schema.js';

export const RESOURCES: readonly ResourceDecl[] = [users, landings, offers, wishlists, applications, customLandings, auditLog];

export function resourceByName(name: string): ResourceDecl | undefined {
  return RESOURCES.find((r) => r.name === name);
}

export * from './schema.js';
