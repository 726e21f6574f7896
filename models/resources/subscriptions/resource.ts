// Recruiter subscriptions bought by a manager (back-office.md section 3): how many recruiter seats,
// how many are used and left, the state (payed means active) and the expiry. Read-only here: they
// are made and changed by the payment flow. Staff see every subscription, a manager their own.
import { defineResource } from '../schema.js';
import { SUBSCRIPTION_STATES, isActive, seatsRemaining } from '../../rules/subscription.js';

export { SUBSCRIPTION_STATES };

export const subscriptions = defineResource({
  name: 'subscriptions',
  model: 'Subscription',
  recordRepresentation: 'sub_id',
  fields: [
    { source: 'sub_id', type: 'string', list: true },
    { source: 'user_id', type: 'reference', reference: 'users', list: true },
    { source: 'plan_id', type: 'reference', reference: 'plans' },
    // The plan by its name, never its id (a manager cannot read the plans resource).
    { source: 'plan_name', type: 'string', list: true, from: { via: 'plan_id', model: 'Plan', column: 'name' } },
    { source: 'state', type: 'enum', choices: SUBSCRIPTION_STATES, list: true },
    { source: 'active', type: 'boolean', list: true, from: { compute: (r) => isActive({ state: String(r.state), expires_at: (r.expires_at as string | null) ?? null }) } },
    { source: 'quantity', type: 'number', list: true },
    { source: 'seats_used', type: 'number', list: true, from: { count: 'SubscriptionRecruiter', via: 'subscription_id' } },
    // Remaining recruiters = sub_quantity minus recruiters used (section 3; models/rules/subscription.ts).
    { source: 'seats_remaining', type: 'number', list: true, from: { compute: (r) => seatsRemaining(Number(r.quantity), Number(r.seats_used)) } },
    { source: 'expires_at', type: 'date', list: true },
    { source: 'billing_company_name', type: 'string' },
    { source: 'billing_email', type: 'email' },
    { source: 'created_at', type: 'date', list: true, sortable: true },
  ],
  filters: [
    { source: 'state', type: 'eq', choices: SUBSCRIPTION_STATES, alwaysOn: true },
    { source: 'user_id', type: 'eq', alwaysOn: true },
    { source: 'id', type: 'in' },
  ],
  sort: ['created_at'],
  access: { list: ['admin', 'manager'], read: ['admin', 'manager'] },
  rows: { manager: { column: 'user_id', match: 'self' } },
  list: { layout: 'table', rowClick: 'show' },
  // Give or free a recruiter's seat (decisions 146 and 241): the recruiter to add or to remove.
  actions: [
    {
      name: 'seats',
      roles: ['admin', 'manager'],
      confirm: true,
      // Loaded on first use (actions.ts): the console's menus need no zod.
      body: () => import('./actions.js').then((m) => m.seatsAction),
      fields: [
        { source: 'add', type: 'reference', reference: 'users', filter: { profile: 'recruiter' } },
        { source: 'remove', type: 'reference', reference: 'users', filter: { profile: 'recruiter' } },
      ],
    },
  ],
});
