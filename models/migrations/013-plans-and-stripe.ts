// Paid subscriptions (issue 13, docs/decisions/144-plans-and-stripe.md): the plans as data, seeded
// with the demo's plans (every database has the plan the manager's "add" button links to,
// /portal/franchise_demo); the Stripe events already applied, keyed by the event id so that a
// redelivered event is applied once; Stripe's customer and subscription ids on a subscription.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

const { STRING, INTEGER, BOOLEAN, DATE } = DataTypes;

/** The demo's plans: price of one point of sale, in cents. Stripe price ids are set by staff when wanted. */
export const SEEDED_PLANS = [
  { id: 'franchise_demo', name: 'Franchise — mensuel', unit_amount: 4900, currency: 'eur', interval: 'month' },
  { id: 'franchise_annual', name: 'Franchise — annuel', unit_amount: 49000, currency: 'eur', interval: 'year' },
] as const;

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.createTable('plans', {
    id: { type: STRING(64), primaryKey: true, allowNull: false },
    name: { type: STRING(120), allowNull: false },
    unit_amount: { type: INTEGER, allowNull: false },
    currency: { type: STRING(3), allowNull: false },
    interval: { type: STRING(8), allowNull: false },
    stripe_price_id: { type: STRING(255), allowNull: true },
    active: { type: BOOLEAN, allowNull: false, defaultValue: true },
    created_at: { type: DATE(3), allowNull: false },
    updated_at: { type: DATE(3), allowNull: false },
  });
  const now = new Date();
  await qi.bulkInsert(
    'plans',
    SEEDED_PLANS.map((p) => ({ ...p, stripe_price_id: null, active: true, created_at: now, updated_at: now })),
  );

  await qi.createTable('stripe_events', {
    id: { type: STRING(255), primaryKey: true, allowNull: false },
    type: { type: STRING(100), allowNull: false },
    subscription_id: { type: INTEGER, allowNull: true },
    created_at: { type: DATE(3), allowNull: false },
  });

  await qi.addColumn('subscriptions', 'stripe_customer_id', { type: STRING(255), allowNull: true });
  await qi.addColumn('subscriptions', 'stripe_subscription_id', { type: STRING(255), allowNull: true });
  await qi.addIndex('subscriptions', ['stripe_subscription_id'], { name: 'subscriptions_stripe_subscription' });
  await qi.addIndex('subscriptions', ['hpid'], { name: 'subscriptions_hpid' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.removeIndex('subscriptions', 'subscriptions_hpid');
  await qi.removeIndex('subscriptions', 'subscriptions_stripe_subscription');
  await qi.removeColumn('subscriptions', 'stripe_subscription_id');
  await qi.removeColumn('subscriptions', 'stripe_customer_id');
  await qi.dropTable('stripe_events');
  await qi.dropTable('plans');
}
