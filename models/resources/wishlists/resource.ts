// Wishlist entries (a candidate's saved offers). Staff see all; a candidate their own.
import { defineResource } from '../schema.js';
import { WISHLIST_STATES } from '../../rules/application-states.js';

export const wishlists = defineResource({
  name: 'wishlists',
  model: 'WishlistEntry',
  recordRepresentation: 'job_code',
  fields: [
    { source: 'candidate_id', type: 'reference', reference: 'users', list: true },
    { source: 'offer_id', type: 'reference', reference: 'offers' },
    { source: 'job_code', type: 'string', list: true, from: { via: 'offer_id', model: 'Offer', column: 'job_code' } },
    { source: 'title', type: 'string', list: true, from: { via: 'offer_id', model: 'Offer', column: 'title' } },
    { source: 'state', type: 'enum', choices: WISHLIST_STATES, list: true },
    { source: 'added_at', type: 'date', list: true, sortable: true },
  ],
  filters: [
    { source: 'state', type: 'eq', choices: WISHLIST_STATES, defaultValue: 'pending', alwaysOn: true },
    { source: 'job_code', type: 'eq', alwaysOn: true },
    { source: 'candidate_id', type: 'eq' },
    { source: 'created_gte', column: 'added_at', type: 'dateFrom', alwaysOn: true },
    { source: 'created_lte', column: 'added_at', type: 'dateTo', alwaysOn: true },
    { source: 'id', type: 'in' },
  ],
  sort: ['added_at'],
  access: { list: ['admin', 'candidate'], read: ['admin', 'candidate'], delete: ['admin'] },
  rows: { candidate: { column: 'candidate_id', match: 'self' } },
  countCap: 10_000,
});
