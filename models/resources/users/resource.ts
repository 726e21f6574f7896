// Users of every profile (candidates, recruiters, managers): the admin list, the user cards and
// the user detail page. Staff only. Counters are read from the user record.
import { defineResource, type ListView } from '../schema.js';
import { BOOST_DAYS_MAX, BOOST_DAYS_MIN } from '../../rules/boost.js';
import { USER_PLANS } from '../../rules/accounts.js';

/** A new recruiter's name, e-mail and password are longer than 4, 10 and 6 characters (section 5). */
export const NEW_RECRUITER = { name: 5, email: 11, password: 7 } as const;

/** The spec's one alert for all three (section 5). */
const RECRUITER_INVALID = 'console.recruiter_invalid';

export const PROFILE_FILTERS = ['candidate', 'recruiter', 'manager'] as const;

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

const rangeDefaults = (...sources: (keyof typeof RANGE_DEFAULTS)[]) =>
  Object.fromEntries(
    sources.flatMap((s) => [
      [`${s}_gte`, RANGE_DEFAULTS[s][0]],
      [`${s}_lte`, RANGE_DEFAULTS[s][1]],
    ]),
  );
const rangeFilters = (...sources: (keyof typeof RANGE_DEFAULTS)[]) => sources.flatMap((s) => [`${s}_gte`, `${s}_lte`]);
const LAST_3_MONTHS = { monthsAgo: 3 } as const;

/** The profile selector's views of the users list (section 2) with the quick-filter defaults (section 9). */
const CANDIDATE_VIEW: ListView = {
  filters: ['q', 'created_gte', 'created_lte', ...rangeFilters('wishlist_count', 'applications_count', 'contacts_count'), 'show_closed'],
  defaults: { profile: 'candidate', created_gte: LAST_3_MONTHS, ...rangeDefaults('wishlist_count', 'applications_count', 'contacts_count') },
};
/** Candidates with pending wishlist entries (decision 065). */
const WISHLIST_VIEW: ListView = {
  filters: [...CANDIDATE_VIEW.filters, 'wishlist_job_code'],
  defaults: { ...CANDIDATE_VIEW.defaults, wishlist_pending: true },
};
const RECRUITER_VIEW: ListView = {
  filters: ['q', 'created_gte', 'created_lte', ...rangeFilters('offers_count', 'candidates_count'), 'hide_migrated'],
  defaults: { profile: 'recruiter', created_gte: LAST_3_MONTHS, ...rangeDefaults('offers_count', 'candidates_count') },
};
const MANAGER_VIEW: ListView = {
  filters: ['q', 'created_gte', 'created_lte', ...rangeFilters('offers_count', 'candidates_count')],
  defaults: { ...RECRUITER_VIEW.defaults, profile: 'manager' },
};

export const users = defineResource({
  name: 'users',
  model: 'User',
  recordRepresentation: 'name',
  fields: [
    { source: 'picture', type: 'image', list: true, avatar: true },
    { source: 'name', type: 'string', list: true, required: true, minLength: NEW_RECRUITER.name, minLengthMessage: RECRUITER_INVALID, maxLength: 120, writable: true },
    // Staff create recruiters ("Créer un recruteur"): e-mail and password only on create (section 5).
    { source: 'email', type: 'email', list: true, required: true, minLength: NEW_RECRUITER.email, minLengthMessage: RECRUITER_INVALID, maxLength: 254, writable: 'create' },
    { source: 'password', type: 'password', required: true, minLength: NEW_RECRUITER.password, minLengthMessage: RECRUITER_INVALID, maxLength: 200, writable: 'create', secret: true },
    { source: 'phone', type: 'phone', writable: true },
    { source: 'profile', type: 'enum', choices: ['candidate', 'recruiter', 'manager', 'landing'], list: true },
    { source: 'created_at', type: 'date', list: true, sortable: true },
    { source: 'last_co', type: 'date', list: true },
    { source: 'user_plan', type: 'enum', choices: USER_PLANS },
    { source: 'av_boost', type: 'number' },
    { source: 'total_boost', type: 'number' },
    { source: 'used_boost', type: 'number' },
    // How many days this account's boosts last (empty: 7; decision 251). Staff set it.
    { source: 'boost_days', type: 'number', writable: true, min: BOOST_DAYS_MIN, max: BOOST_DAYS_MAX },
    { source: 'wishlist_count', type: 'number' },
    { source: 'wishlist_pending_count', type: 'number' },
    { source: 'applications_count', type: 'number' },
    { source: 'contacts_count', type: 'number' },
    { source: 'offers_count', type: 'number' },
    { source: 'actives_offers_count', type: 'number' },
    { source: 'candidates_count', type: 'number' },
    { source: 'contactable', type: 'boolean', from: { server: true } },
    { source: 'state_color', type: 'string', from: { server: true } },
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
  // The user cards, the user detail page and the create-recruiter form are hand-written (section 2).
  screens: ['list', 'edit'],
  list: { layout: 'cards', views: { candidate: CANDIDATE_VIEW, wishlist: WISHLIST_VIEW, recruiter: RECRUITER_VIEW, manager: MANAGER_VIEW } },
  // The bodies' schemas (actions.ts) load on first use: the console's menus and lists need no zod.
  actions: [
    { name: 'plan', roles: ['admin'], confirm: true, body: () => import('./actions.js').then((m) => m.planAction) },
    { name: 'boosters', roles: ['admin'], confirm: true, body: () => import('./actions.js').then((m) => m.boostersAction) },
    { name: 'substitute', roles: ['admin'], confirm: true, body: () => import('./actions.js').then((m) => m.substituteAction) },
    { name: 'close', roles: ['admin'], confirm: true },
    { name: 'contact', roles: ['admin'], confirm: true, body: () => import('./actions.js').then((m) => m.contactAction) },
    { name: 'recruiters', roles: ['admin'], confirm: true, body: () => import('./actions.js').then((m) => m.recruitersAction) },
  ],
  countCap: 10_000,
});
