// A subscription as every screen reads it (the subscription page, the seats forms, the manager
// screens): its state at `now` and its seats, who may hold one, and its 404. The rules themselves
// (active, seats, quantity, price) are models/rules/subscription.ts. Decisions 144 to 147.
import type { Transaction } from 'sequelize';
import { SubscriptionRecruiter, type Subscription } from '../../../models/index.js';
import { effectiveState, isActive, seatsOf } from '../../../models/rules/subscription.js';
import { notFound } from '../../lib/errors.js';

/** Who may own a subscription: recruiter and manager accounts (and staff, for support). */
export const SUBSCRIBER_PROFILES = new Set(['recruiter', 'manager']);

export const subNotFound = () => notFound('subscription_not_found', 'subscription_not_found');

/** A subscription as the page, the API and the manager screens read it: state at `now`, seats. */
export function subscriptionView(sub: Subscription, seatsUsed: number, now: Date) {
  const state = effectiveState(sub, now);
  return {
    id: sub.id,
    sub_id: sub.sub_id,
    plan_id: sub.plan_id,
    state,
    active: isActive(sub, now),
    ...seatsOf(sub.quantity, seatsUsed),
    expires: sub.expires_at ? sub.expires_at.toISOString() : null,
    created: sub.created_at ? sub.created_at.toISOString() : null,
    hpid: sub.hpid,
    billing: { company_name: sub.billing_company_name, email: sub.billing_email, firstname: sub.billing_firstname, lastname: sub.billing_lastname },
  };
}

/** How many recruiters hold a seat of the subscription. */
export const seatsUsed = (subscriptionId: number, t?: Transaction) => SubscriptionRecruiter.count({ where: { subscription_id: subscriptionId }, transaction: t });
