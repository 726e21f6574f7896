// Published offers. Staff see all; a recruiter sees their own; a manager those of the
// recruiters they manage (and their own).
import { defineResource } from '../schema.js';
import { OFFER_STATES } from '../../rules/offer-states.js';

/** The users list's wishlist view of one offer (its code filled in per card). */
const WISHLIST_FILTER = encodeURIComponent(JSON.stringify({ profile: 'candidate', wishlist_pending: true, wishlist_job_code: '{job_code}' }));

export const offers = defineResource({
  name: 'offers',
  model: 'Offer',
  recordRepresentation: 'job_code',
  fields: [
    { source: 'state', type: 'enum', choices: OFFER_STATES, list: true, writable: true, required: true },
    { source: 'job_code', type: 'string', list: true },
    { source: 'title', type: 'string', list: true, required: true, maxLength: 200, writable: true },
    { source: 'company_name', type: 'string', list: true, required: true, maxLength: 160, writable: true },
    { source: 'city', type: 'string', list: true, writable: true, maxLength: 120 },
    { source: 'zip_code', type: 'string', list: true, writable: true, maxLength: 20 },
    { source: 'description', type: 'text', list: true, cut: 255, required: true, writable: true, maxLength: 10_000 },
    { source: 'recruiter_id', type: 'reference', reference: 'users', list: true },
    { source: 'candidates', type: 'number', from: { server: true } },
    { source: 'is_boosted', type: 'boolean' },
    { source: 'country_iso', type: 'string' },
    { source: 'created_at', type: 'date', list: true, sortable: true },
  ],
  filters: [
    { source: 'q', type: 'search', alwaysOn: true },
    { source: 'state', type: 'eq', choices: OFFER_STATES },
    { source: 'recruiter_id', type: 'eq' },
    { source: 'job_code', type: 'eq' },
    { source: 'created_gte', column: 'created_at', type: 'dateFrom', alwaysOn: true, defaultValue: { monthsAgo: 3 } },
    { source: 'created_lte', column: 'created_at', type: 'dateTo', alwaysOn: true },
    { source: 'id', type: 'in' },
  ],
  sort: ['created_at'],
  access: { list: ['admin', 'manager', 'recruiter'], read: ['admin', 'manager', 'recruiter'], edit: ['admin', 'manager', 'recruiter'] },
  rows: { recruiter: { column: 'recruiter_id', match: 'self' }, manager: { column: 'recruiter_id', match: 'managed' } },
  // Offer cards (section 2): a hand-written list in this folder's screens; edit is generated.
  screens: ['list', 'show', 'edit'],
  list: {
    layout: 'cards',
    // Section 2: the public offer, the recruiter's detail, and the wishlist view of this offer.
    links: [
      { label: 'console.view_offer', href: '/candidate/offer/{job_code}', external: true },
      { label: 'console.view_recruiter', href: '#/user/{recruiter_id}' },
      { label: 'console.view_wishlist', href: `#/users?filter=${WISHLIST_FILTER}` },
    ],
  },
  countCap: 10_000,
});
