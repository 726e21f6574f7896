// The manager's offers table (back-office.md section 2, /manager/offers; section 3 "manager offer
// list item"): each offer with its shop, recruiter (and their last connection) and candidate counts
// per state. Sorts on every column, to-do (new + view) first by default; search on title, job code,
// shop and city. A manager sees their list's offers, a recruiter their own, staff all. The row menu
// edits the shop name and the state (active toggle) and boosts, through manager-offers.service.ts.
import { defineResource } from '../schema.js';
import { MANAGER_OFFER_STATES } from '../../rules/offer-states.js';

const recruiter = (column: string) => ({ via: 'recruiter_id', model: 'User', column }) as const;
const counted = { server: true } as const;

/** The sort keys of the table, to-do first (the default, descending). */
export const MANAGER_OFFER_SORTS = ['todo', 'title', 'job_code', 'shopname', 'recruiter_name', 'created_at', 'shortlist', 'to_recruit', 'state'] as const;

export const managerOffers = defineResource({
  name: 'manager-offers',
  model: 'Offer',
  recordRepresentation: 'title',
  fields: [
    { source: 'job_code', type: 'string', list: true, sortable: true },
    { source: 'title', type: 'string', list: true, sortable: true },
    { source: 'shopname', type: 'string', list: true, sortable: true, maxLength: 160, writable: true },
    { source: 'company_name', type: 'string' },
    { source: 'city', type: 'string', list: true },
    { source: 'zip_code', type: 'string' },
    { source: 'area', type: 'string' },
    { source: 'state', type: 'enum', choices: MANAGER_OFFER_STATES, list: true, sortable: true, required: true, writable: true },
    { source: 'is_boosted', type: 'boolean', list: true },
    { source: 'contract_type', type: 'string' },
    { source: 'created_at', type: 'date', list: true, sortable: true },
    { source: 'recruiter_id', type: 'reference', reference: 'users' },
    { source: 'recruiter_name', type: 'string', list: true, sortable: true, from: recruiter('name') },
    { source: 'recruiter_email', type: 'email', from: recruiter('email') },
    { source: 'recruiter_last_co', type: 'date', list: true, from: recruiter('last_co') },
    { source: 'new_candidates', type: 'number', from: counted },
    { source: 'view_candidates', type: 'number', from: counted },
    { source: 'todo', type: 'number', list: true, sortable: true, from: counted },
    { source: 'shortlist', type: 'number', list: true, sortable: true, from: counted },
    { source: 'to_recruit', type: 'number', list: true, sortable: true, from: counted },
    { source: 'total_candidates', type: 'number', from: counted },
    { source: 'total_reco', type: 'number', from: counted },
    // Derived (section 3): pure candidates = total minus recommended.
    { source: 'pure_candidates', type: 'number', from: counted },
  ],
  filters: [
    { source: 'q', type: 'search', alwaysOn: true },
    { source: 'state', type: 'eq', choices: MANAGER_OFFER_STATES },
    { source: 'job_code', type: 'eq' },
    { source: 'id', type: 'in' },
  ],
  sort: MANAGER_OFFER_SORTS,
  access: { list: ['admin', 'manager', 'recruiter'], read: ['admin', 'manager', 'recruiter'], edit: ['admin', 'manager', 'recruiter'] },
  rows: { recruiter: { column: 'recruiter_id', match: 'self' }, manager: { column: 'recruiter_id', match: 'managed' } },
  actions: [{ name: 'boost', roles: ['manager', 'recruiter'], confirm: true }],
  screens: ['list'],
  list: { layout: 'table', rowClick: false, links: [{ label: 'console.view_candidates', href: '#/manager/offer/{job_code}' }] },
  maxPage: 100,
});
