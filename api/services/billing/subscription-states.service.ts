// How a stored subscription's state moves outside the page: Stripe's webhook events, each applied
// once per event id (their shape: stripe-events.schema.ts), and the daily expiry of the paid ones
// past their end. Reads apply the expiry at read time (models/rules/subscription.ts). Decisions
// 144 to 147, 211 and 240.
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import type { Settings } from '../../../config/settings.js';
import { StripeEvent, Subscription, transaction } from '../../../models/index.js';
import { PAYMENT_GRACE_DAYS } from '../../../models/rules/subscription.js';
import { AppError } from '../../lib/errors.js';
import { providerError, stripeOf, type Stripe } from '../../integrations/stripe.js';
import { emitWebhookEvent } from '../webhooks/webhooks.service.js';

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);
const fromSeconds = (s: number | null | undefined): Date | null => (typeof s === 'number' && s > 0 ? new Date(s * 1000) : null);

/** The end of a Stripe subscription's current period (on its items since API 2025-03). */
function periodEnd(sub: Stripe.Subscription): Date | null {
  const ends = (sub.items?.data ?? []).map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  return fromSeconds(ends.length ? Math.max(...ends) : legacy);
}

/** Points of sale on a Stripe subscription: its item's quantity. */
function quantityOf(sub: Stripe.Subscription): number | null {
  const q = (sub.items?.data ?? []).reduce((n, i) => n + (i.quantity ?? 0), 0);
  return q > 0 ? q : null;
}

/** A Stripe subscription status as ours: active and trialing pay; past_due and unpaid do not. */
function stateOfStatus(status: Stripe.Subscription.Status): string | null {
  if (status === 'active' || status === 'trialing') return 'payed';
  if (status === 'past_due' || status === 'unpaid') return 'unpaid';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return null; // incomplete, paused: nothing to change yet
}

/** The subscription id and our sub_id an invoice names (parent.subscription_details since 2025). */
function invoiceLinks(invoice: Stripe.Invoice): { stripeSubId: string | null; subId: string | null; end: Date | null } {
  const details = invoice.parent?.subscription_details ?? null;
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  const ends = (invoice.lines?.data ?? []).map((l) => l.period?.end).filter((n): n is number => typeof n === 'number');
  return {
    stripeSubId: idOf(details?.subscription ?? legacy.subscription ?? null),
    subId: details?.metadata?.sub_id ?? null,
    end: fromSeconds(ends.length ? Math.max(...ends) : null),
  };
}

/** What one event changes on our subscription, worked out before the transaction (Stripe reads included). */
interface Effect {
  subId?: string | null;
  stripeSubId?: string | null;
  changes: Partial<Pick<Subscription, 'state' | 'quantity' | 'expires_at' | 'hpid' | 'stripe_customer_id' | 'stripe_subscription_id'>>;
  /** Expiry moves forward only (an old invoice delivered late does not shorten it). */
  extendOnly?: boolean;
}

async function effectOf(event: Stripe.Event, stripe: Stripe | null, now: Date): Promise<Effect | null> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return null;
      if (session.payment_status === 'unpaid') return null; // async methods: async_payment_succeeded follows
      const stripeSubId = idOf(session.subscription);
      let remote: Stripe.Subscription | null = null;
      if (stripeSubId && stripe) {
        try {
          remote = await stripe.subscriptions.retrieve(stripeSubId);
        } catch (e) {
          // A subscription Stripe does not know: nothing was paid for, the event is acknowledged
          // and ignored (decision 211); any other failure is retried by Stripe (502).
          if ((e as { statusCode?: number }).statusCode === 404) return null;
          throw providerError(e);
        }
      }
      return {
        subId: session.client_reference_id ?? session.metadata?.sub_id ?? null,
        changes: {
          state: 'payed',
          hpid: session.id,
          stripe_customer_id: idOf(session.customer),
          stripe_subscription_id: stripeSubId,
          ...(remote && quantityOf(remote) ? { quantity: quantityOf(remote)! } : {}),
          ...(remote && periodEnd(remote) ? { expires_at: periodEnd(remote) } : {}),
        },
      };
    }
    case 'invoice.paid': {
      const links = invoiceLinks(event.data.object);
      if (!links.stripeSubId && !links.subId) return null;
      return { subId: links.subId, stripeSubId: links.stripeSubId, changes: { state: 'payed', ...(links.end ? { expires_at: links.end } : {}) }, extendOnly: true };
    }
    case 'invoice.payment_failed': {
      const links = invoiceLinks(event.data.object);
      if (!links.stripeSubId && !links.subId) return null;
      return { subId: links.subId, stripeSubId: links.stripeSubId, changes: { state: 'unpaid' } };
    }
    case 'customer.subscription.updated': {
      const remote = event.data.object;
      const state = stateOfStatus(remote.status);
      const quantity = quantityOf(remote);
      const end = periodEnd(remote);
      return {
        subId: remote.metadata?.sub_id ?? null,
        stripeSubId: remote.id,
        changes: { ...(state ? { state } : {}), ...(quantity ? { quantity } : {}), ...(state === 'payed' && end ? { expires_at: end } : {}) },
      };
    }
    case 'customer.subscription.deleted': {
      const remote = event.data.object;
      return {
        subId: remote.metadata?.sub_id ?? null,
        stripeSubId: remote.id,
        changes: { state: 'canceled', expires_at: fromSeconds(remote.ended_at) ?? now },
      };
    }
    default:
      return null;
  }
}

async function findTarget(effect: Effect, t: Transaction): Promise<Subscription | null> {
  const lock = t.LOCK.UPDATE;
  if (effect.stripeSubId) {
    const byStripe = await Subscription.findOne({ where: { stripe_subscription_id: effect.stripeSubId }, transaction: t, lock });
    if (byStripe) return byStripe;
  }
  if (effect.subId) return Subscription.findOne({ where: { sub_id: effect.subId }, transaction: t, lock });
  return null;
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies a verified Stripe event once: the event id is inserted into stripe_events in the same
 * transaction as its effect, so the same event delivered any number of times, at once or later,
 * changes the subscription once (the unique key decides; the others answer 'duplicate').
 */
export async function applyStripeEvent(event: Stripe.Event, settings: Settings, now: Date): Promise<WebhookOutcome> {
  if (await StripeEvent.findByPk(event.id, { attributes: ['id'] })) return 'duplicate';
  const effect = await effectOf(event, stripeOfOrNull(settings), now);
  try {
    return await transaction(async (t) => {
      const target = effect ? await findTarget(effect, t) : null;
      await StripeEvent.create({ id: event.id, type: event.type, subscription_id: target?.id ?? null }, { transaction: t });
      if (!effect || !target) return 'ignored';
      const changes = { ...effect.changes };
      if (effect.extendOnly && changes.expires_at && target.expires_at && target.expires_at > changes.expires_at) delete changes.expires_at;
      // A late invoice.paid does not revive a subscription Stripe has ended.
      if (target.state === 'canceled' && changes.state === 'payed' && event.type === 'invoice.paid') delete changes.state;
      const before = { state: target.state, expires_at: target.expires_at?.getTime() ?? null };
      await target.update(changes, { transaction: t });
      if (target.user_id && (target.state !== before.state || (target.expires_at?.getTime() ?? null) !== before.expires_at)) await subscriptionChanged(t, target, before.state, now);
      return 'applied';
    });
  } catch (e) {
    if (e instanceof UniqueConstraintError) return 'duplicate';
    throw e;
  }
}

/** The client when keys are set; only checkout.session.completed needs it (to read the period). */
function stripeOfOrNull(settings: Settings): Stripe | null {
  try {
    return stripeOf(settings);
  } catch (e) {
    if (e instanceof AppError) return null;
    throw e;
  }
}

/**
 * The daily job (api/jobs/index.ts): writes 'expired' on the paid subscriptions past their expiry.
 * Reads already treat them as expired (effectiveState); this keeps the stored state, the console's
 * state filter and reports in line. A later invoice.paid makes a renewed one 'payed' again.
 */
export async function expireSubscriptions(now: Date): Promise<number> {
  // A failed payment past its grace (decision 240) ends the same way.
  const graceStart = new Date(now.getTime() - PAYMENT_GRACE_DAYS * 86_400_000);
  const due = {
    [Op.or]: [
      { state: 'payed', expires_at: { [Op.lte]: now } },
      { state: 'unpaid', [Op.or]: [{ expires_at: null }, { expires_at: { [Op.lte]: graceStart } }] },
    ],
  };
  return transaction(async (t) => {
    const ending = await Subscription.findAll({ where: due, transaction: t, lock: t.LOCK.UPDATE });
    if (!ending.length) return 0;
    const [n] = await Subscription.update({ state: 'expired' }, { where: { id: ending.map((s) => s.id) }, transaction: t });
    // Each company's systems hear of it (decision 480).
    for (const sub of ending) {
      const previous = sub.state;
      sub.state = 'expired';
      if (sub.user_id) await subscriptionChanged(t, sub, previous, now);
    }
    return n;
  });
}

/** The subscription.changed event of one subscription, to its owner's company (decision 480). */
async function subscriptionChanged(t: Transaction, sub: Subscription, previous: string, now: Date): Promise<void> {
  const data = { sub_id: sub.sub_id, plan_id: sub.plan_id, state: sub.state, previous_state: previous, expires_at: sub.expires_at?.toISOString() ?? null };
  await emitWebhookEvent(t, 'subscription.changed', { managerId: sub.user_id as string }, data, now);
}
