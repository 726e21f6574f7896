// Landing-page interest leads that have no account yet (user_id absent). Staff only.
import { defineResource } from '../schema.js';
import { NOTIF_RESEND_STATES, NOTIF_STATES } from '../../rules/lead-notif-states.js';

export const landings = defineResource({
  name: 'landings',
  model: 'LandingInterest',
  recordRepresentation: 'email',
  fields: [
    { source: 'email', type: 'email', list: true },
    { source: 'firstname', type: 'string', list: true },
    { source: 'lastname', type: 'string', list: true },
    { source: 'phone_number', type: 'string', list: true },
    { source: 'job_code', type: 'string', list: true },
    { source: 'cgu_from', type: 'string' },
    { source: 'notif', type: 'enum', choices: NOTIF_STATES, list: true, writable: true, required: true },
    { source: 'notified_at', type: 'date', list: true },
    { source: 'notif_resend', type: 'enum', choices: NOTIF_RESEND_STATES, list: true },
    { source: 'lang', type: 'string' },
    // The CV the lead sent with the form (cv_file), at a short-lived address signed for the caller
    // (docs/decisions/085-private-media-signed-urls.md).
    { source: 'cv_url', type: 'string', from: { server: true } },
    { source: 'created_at', type: 'date', list: true, sortable: true },
  ],
  filters: [
    { source: 'notif', type: 'eq', choices: NOTIF_STATES, defaultValue: 2, alwaysOn: true },
    { source: 'q', type: 'search', alwaysOn: true },
    { source: 'created_gte', column: 'created_at', type: 'dateFrom', alwaysOn: true, defaultValue: { monthsAgo: 3 } },
    { source: 'created_lte', column: 'created_at', type: 'dateTo', alwaysOn: true },
    { source: 'id', type: 'in' },
  ],
  sort: ['created_at'],
  access: { list: ['admin'], read: ['admin'], edit: ['admin'], delete: ['admin'] },
  // Leads of a landing page without an account; search: the start of one of these indexed columns
  // (a contains check read every lead at a million users: decision 300).
  base: { user_id: null },
  search: ['email', 'lastname', 'firstname', 'phone_number', 'job_code'],
  searchPrefix: true,
  // The message again, by SMS or e-mail (docs/decisions/165-lead-resend.md); the bulk resend of a
  // filtered list is POST /apis/console/landings/resend, allowed to the same roles.
  actions: [{ name: 'resend', roles: ['admin'], confirm: true }],
  screens: ['list', 'edit'],
  list: { layout: 'cards' },
  countCap: 10_000,
});
