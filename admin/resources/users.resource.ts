// Users of every profile (candidates, recruiters, managers): the admin list, the user cards and
// the user detail page. Staff only. Counters are read from the user record.
import { defineResource } from './schema.js';

export const PROFILE_FILTERS = ['candidate', 'recruiter', 'manager'] as const;
export const USER_PLANS = ['free', 'aplan', 'bplan', 'custom'] as const;
export const CONTACT_ACTIONS = ['sms', 'email', 'voice_msg', 'no_response', 'will_postulate'] as const;

/** Quick-filter ranges and their defaults (back-office.md section 9). */
export const RANGE_DEFAULTS = {
  wishlist_count: [0, 100],
  applications_count: [0, 0],
  contacts_count: [0, 100],
  offers_count: [0, 1000],
  candidates_count: [0, 1000],
} as const;

const range = (source: keyof typeof RANGE_DEFAULTS) =>
  [
    { source: `${source}_gte`, column: source, type: 'gte', defaultValue: RANGE_DEFAULTS[source][0] },
    { source: `${source}_lte`, column: source, type: 'lte', defaultValue: RANGE_DEFAULTS[source][1] },
  ] as const;

export const users = defineResource({
  name: 'users',
  model: 'User',
  recordRepresentation: 'name',
  fields: [
    { source: 'picture', type: 'image', list: true },
    { source: 'name', type: 'string', list: true, required: true, minLength: 4, maxLength: 120, writable: true },
    { source: 'email', type: 'email', list: true, required: true, minLength: 10, maxLength: 254 },
    { source: 'phone', type: 'string', writable: true, maxLength: 32 },
    { source: 'profile', type: 'enum', choices: ['candidate', 'recruiter', 'manager', 'landing'], list: true },
    { source: 'created_at', type: 'date', list: true, sortable: true },
    { source: 'last_co', type: 'date', list: true },
    { source: 'user_plan', type: 'enum', choices: USER_PLANS },
    { source: 'av_boost', type: 'number' },
    { source: 'total_boost', type: 'number' },
    { source: 'used_boost', type: 'number' },
    { source: 'wishlist_count', type: 'number' },
    { source: 'wishlist_pending_count', type: 'number' },
    { source: 'applications_count', type: 'number' },
    { source: 'contacts_count', type: 'number' },
    { source: 'offers_count', type: 'number' },
    { source: 'actives_offers_count', type: 'number' },
    { source: 'candidates_count', type: 'number' },
    { source: 'contactable', type: 'boolean' },
    { source: 'is_migration', type: 'boolean' },
  ],
  filters: [
    { source: 'profile', type: 'eq', choices: PROFILE_FILTERS, defaultValue: 'candidate', alwaysOn: true },
    { source: 'q', type: 'search', alwaysOn: true },
    { source: 'created_gte', column: 'created_at', type: 'dateFrom', alwaysOn: true },
    { source: 'created_lte', column: 'created_at', type: 'dateTo', alwaysOn: true },
    ...range('wishlist_count'),
    ...range('applications_count'),
    ...range('contacts_count'),
    ...range('offers_count'),
    ...range('candidates_count'),
    { source: 'show_closed', type: 'flag', defaultValue: false },
    { source: 'hide_migrated', type: 'flag', defaultValue: false },
    // The wishlist view: candidates with pending wishlist entries, optionally of one offer.
    { source: 'wishlist_pending', type: 'flag' },
    { source: 'wishlist_job_code', type: 'custom' },
    { source: 'managed_by', type: 'custom' },
    { source: 'id', type: 'in' },
  ],
  sort: ['created_at'],
  access: { list: ['admin'], read: ['admin'], create: ['admin'], edit: ['admin'], delete: ['admin'] },
  actions: [
    { name: 'plan', roles: ['admin'], confirm: true },
    { name: 'boosters', roles: ['admin'], confirm: true },
    { name: 'substitute', roles: ['admin'], confirm: true },
    { name: 'close', roles: ['admin'], confirm: true },
    { name: 'contact', roles: ['admin'], confirm: true },
    { name: 'recruiters', roles: ['admin'], confirm: true },
  ],
  countCap: 10_000,
});
