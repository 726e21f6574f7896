// The plans a company can subscribe to on /portal/{plan_id} (issue 13, decision 144): data, not
// code. Seeded by migration 013 with the demo's plans. Staff see them; the price of one point of
// sale is in cents; a Stripe Price id is optional (without one, Checkout gets the amount inline).
import { defineResource } from '../schema.js';
import { PLAN_INTERVALS } from '../../rules/subscription.js';

export const plans = defineResource({
  name: 'plans',
  model: 'Plan',
  recordRepresentation: 'name',
  fields: [
    // The plan's id is the address of its subscription page (/portal/{plan_id}): shown as that address.
    { source: 'portal_path', type: 'string', list: true, from: { compute: (r) => `/portal/${String(r.id)}` } },
    { source: 'name', type: 'string', list: true, sortable: true },
    { source: 'unit_amount', type: 'number', list: true },
    { source: 'currency', type: 'string', list: true },
    { source: 'interval', type: 'enum', choices: PLAN_INTERVALS, list: true },
    { source: 'stripe_price_id', type: 'string', list: true },
    { source: 'active', type: 'boolean', list: true },
    { source: 'created_at', type: 'date', sortable: true },
  ],
  filters: [{ source: 'id', type: 'in' }],
  sort: ['name', 'created_at'],
  access: { list: ['admin'], read: ['admin'] },
  list: { layout: 'table', rowClick: 'show' },
});
