// The subscription page's calls (public-web.md sections 2, 4, 5 and 7; issue 13): the page's data,
// billing_informations, sub_register, checkout (Stripe Checkout in subscription mode) and
// hpid_register. Who may see or own a subscription on the page is decided here; the paid state
// comes from Stripe's events (subscription-states.service.ts). Decisions 144 to 147 and 243.
import crypto from 'node:crypto';
import type { Transaction } from 'sequelize';
import type { Settings } from '../../../config/settings.js';
import { Plan, Subscription, transaction, type UserRow } from '../../../models/index.js';
import { effectiveState } from '../../../models/rules/subscription.js';
import { isStaff } from '../../auth/access.js';
import { AppError, conflict, forbidden, invalid, notFound, unauthorized } from '../../lib/errors.js';
import { paymentsConfigured, providerError, stripeOf, type Stripe } from '../../integrations/stripe.js';
import type { Billing, BillingInformations, SubRegister } from './subscriptions.schema.js';
import { withLang } from '../../../config/i18n/langs.js';
import { SUBSCRIBER_PROFILES, seatsUsed, subNotFound, subscriptionView } from './subscription-view.js';

const newSubId = (): string => `sub_${crypto.randomBytes(12).toString('hex')}`;

const planNotFound = () => notFound('plan_not_found', 'plan_not_found');

/** An active plan by its id (404 otherwise). */
export async function activePlan(planId: string, t?: Transaction): Promise<Plan> {
  const plan = await Plan.findByPk(planId, { transaction: t });
  if (!plan || !plan.active) throw planNotFound();
  return plan;
}

/** What the subscription page shows of a plan: its name and the price of one point of sale. */
export function planView(plan: Plan) {
  return { id: plan.id, name: plan.name, unit_amount: plan.unit_amount, currency: plan.currency, interval: plan.interval };
}

/**
 * A subscription the caller may see on the subscription page: one nobody owns yet (its random
 * sub_id is the key, as for a pending cart), the caller's own, or any for staff. Others: 404.
 */
async function visibleSubscription(subId: string, caller: UserRow | null, t?: Transaction, lock = false): Promise<Subscription> {
  const sub = await Subscription.findOne({ where: { sub_id: subId }, transaction: t, ...(lock && t ? { lock: t.LOCK.UPDATE } : {}) });
  if (!sub) throw subNotFound();
  if (sub.user_id === null || (caller && (sub.user_id === caller.id || isStaff(caller)))) return sub;
  throw subNotFound();
}

/** The caller's own subscription (or any for staff), for the writes that need an owner. */
async function ownedSubscription(subId: string, caller: UserRow, t?: Transaction, lock = false): Promise<Subscription> {
  const sub = await visibleSubscription(subId, caller, t, lock);
  if (sub.user_id !== caller.id && !isStaff(caller)) throw subNotFound();
  return sub;
}

function requireSubscriber(caller: UserRow | null): UserRow {
  if (!caller) throw unauthorized();
  if (!SUBSCRIBER_PROFILES.has(caller.profile) && !isStaff(caller)) throw forbidden('subscriber_profile_required', 'subscriber_profile_required');
  return caller;
}

/**
 * Without Stripe keys nothing can be paid: the steps that store a subscription refuse at once
 * (503 payments_not_configured), so no pending subscription is left behind (decision 243).
 */
function requirePayments(settings: Settings): void {
  if (!paymentsConfigured(settings)) throw new AppError(503, 'payments_not_configured', 'payments_not_configured');
}

function requireUnpaid(sub: Subscription, now: Date): void {
  if (effectiveState(sub, now) === 'payed') throw conflict('subscription_already_paid', 'subscription_already_paid');
}

/** The page's data: the plan, and the subscription when the URL names one the caller may see. */
export async function portalSubscription(planId: string, subId: string | undefined, caller: UserRow | null, now: Date) {
  const plan = await activePlan(planId);
  if (!subId) return { plan: planView(plan), subscription: null };
  const sub = await visibleSubscription(subId, caller);
  if (sub.plan_id !== plan.id) throw subNotFound();
  return { plan: planView(plan), subscription: subscriptionView(sub, await seatsUsed(sub.id), now) };
}

/** The subscription being paid again on its page: visible to the caller, of that plan, not paid yet (locked). */
async function unpaidOfPlan(subId: string, planId: string, caller: Parameters<typeof visibleSubscription>[1], t: Transaction, now: Date): Promise<Subscription> {
  const sub = await visibleSubscription(subId, caller, t, true);
  if (sub.plan_id !== planId) throw subNotFound();
  requireUnpaid(sub, now);
  return sub;
}

/**
 * action billing_informations (billing_address_step): stores the four billing fields on a new
 * pending subscription of the plan, or on the pending one named by sub_id. Anyone may start one
 * (the page asks to sign in at the next step); a signed-in caller owns it at once.
 */
export async function billingInformations(input: BillingInformations, caller: UserRow | null, now: Date, settings: Settings): Promise<Subscription> {
  requirePayments(settings);
  const billing = {
    billing_firstname: input.firstname,
    billing_lastname: input.lastname,
    billing_email: input.email,
    billing_company_name: input.company_name,
  };
  return transaction(async (t) => {
    const plan = await activePlan(input.sub_plan_id, t);
    if (input.sub_id) {
      const sub = await unpaidOfPlan(input.sub_id, plan.id, caller, t, now);
      return sub.update({ ...billing, ...(caller && !sub.user_id && SUBSCRIBER_PROFILES.has(caller.profile) ? { user_id: caller.id } : {}) }, { transaction: t });
    }
    return Subscription.create(
      {
        sub_id: newSubId(),
        plan_id: plan.id,
        user_id: caller && SUBSCRIBER_PROFILES.has(caller.profile) ? caller.id : null,
        quantity: 1,
        state: 'pending',
        hpid: null,
        expires_at: null,
        ...billing,
      },
      { transaction: t },
    );
  });
}

/** Billing from the account when a signed-in user skipped the billing step. */
function billingFromAccount(user: UserRow, email: string | undefined): Partial<Record<`billing_${keyof Billing}`, string>> {
  const [first, ...rest] = (user.name ?? '').trim().split(/\s+/);
  return {
    billing_email: email ?? user.email,
    billing_firstname: first || user.name,
    billing_lastname: rest.join(' ') || user.name,
    billing_company_name: user.customer_name ?? user.name,
  };
}

/**
 * action sub_register (recruiters_subs, signed in): the subscription becomes the caller's with the
 * chosen quantity. With sub_id, the pending one of the billing step; without, a new one billed to
 * the account (a signed-in user skips the billing step).
 */
export async function subRegister(input: SubRegister, callerOrNull: UserRow | null, now: Date, settings: Settings): Promise<Subscription> {
  const caller = requireSubscriber(callerOrNull);
  requirePayments(settings);
  if (input.user_sub && input.user_sub !== caller.id) throw forbidden();
  return transaction(async (t) => {
    const plan = await activePlan(input.sub_plan_id, t);
    if (input.sub_id) {
      const sub = await unpaidOfPlan(input.sub_id, plan.id, caller, t, now);
      const owner = sub.user_id ?? caller.id;
      return sub.update({ user_id: owner, quantity: input.sub_quantity, ...(sub.billing_email ? {} : billingFromAccount(caller, input.email)) }, { transaction: t });
    }
    return Subscription.create(
      { sub_id: newSubId(), plan_id: plan.id, user_id: caller.id, quantity: input.sub_quantity, state: 'pending', hpid: null, expires_at: null, ...billingFromAccount(caller, input.email) },
      { transaction: t },
    );
  });
}

/** Where Stripe sends the payer back: the page's checkout_success step, or the page itself, in the page's language. */
function returnUrls(settings: Settings, sub: Subscription, lang?: string) {
  const page = `${settings.publicUrl}/portal/${encodeURIComponent(sub.plan_id)}/${encodeURIComponent(sub.sub_id)}`;
  // Stripe replaces {CHECKOUT_SESSION_ID} itself: it must stay unencoded (withLang keeps it as is).
  return { success_url: withLang(`${page}?checkout={CHECKOUT_SESSION_ID}`, lang), cancel_url: withLang(`${page}?canceled=1`, lang) };
}

/**
 * action checkout: opens a Stripe Checkout Session (hosted, subscription mode, French) for the
 * quantity, with the plan's Stripe price or its amount inline, the customer made once per
 * subscription; stores the session id as the hpid. Answers the Checkout URL to send the payer to.
 */
export async function startCheckout(
  input: { sub_id: string; sub_quantity: number },
  callerOrNull: UserRow | null,
  ctx: { settings: Settings; now: Date; /** The page's language, kept on the way back from Stripe. */ lang?: string },
): Promise<{ sub_id: string; hpid: string; url: string }> {
  const caller = requireSubscriber(callerOrNull);
  const stripe = stripeOf(ctx.settings);
  const sub = await ownedSubscriptionOrClaim(input.sub_id, caller);
  requireUnpaid(sub, ctx.now);
  const plan = await activePlan(sub.plan_id);
  let customerId = sub.stripe_customer_id ?? null;
  let session: Stripe.Checkout.Session;
  try {
    if (!customerId) {
      const customer = await stripe.customers.create({
        email: sub.billing_email ?? caller.email,
        name: sub.billing_company_name ?? caller.name,
        preferred_locales: ['fr'],
        metadata: { sub_id: sub.sub_id, user_id: caller.id, firstname: sub.billing_firstname ?? '', lastname: sub.billing_lastname ?? '' },
      });
      customerId = customer.id;
    }
    const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = plan.stripe_price_id
      ? { price: plan.stripe_price_id, quantity: input.sub_quantity }
      : {
          price_data: { currency: plan.currency, unit_amount: plan.unit_amount, recurring: { interval: plan.interval }, product_data: { name: plan.name } },
          quantity: input.sub_quantity,
        };
    session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: sub.sub_id,
      line_items: [lineItem],
      // The billing address of the invoices is asked by Checkout, not by our first step (decision 243).
      billing_address_collection: 'required',
      locale: 'fr',
      metadata: { sub_id: sub.sub_id },
      subscription_data: { metadata: { sub_id: sub.sub_id } },
      ...returnUrls(ctx.settings, sub, ctx.lang),
    });
  } catch (e) {
    throw providerError(e);
  }
  if (!session.url) throw providerError(new Error('checkout session without url'));
  await transaction(async (t) => {
    const locked = await ownedSubscription(sub.sub_id, caller, t, true);
    requireUnpaid(locked, ctx.now);
    await locked.update({ hpid: session.id, quantity: input.sub_quantity, stripe_customer_id: customerId }, { transaction: t });
  });
  return { sub_id: sub.sub_id, hpid: session.id, url: session.url };
}

/** The caller's subscription; a pending one nobody owns yet becomes the caller's. */
async function ownedSubscriptionOrClaim(subId: string, caller: UserRow): Promise<Subscription> {
  return transaction(async (t) => {
    const sub = await visibleSubscription(subId, caller, t, true);
    if (sub.user_id === null) await sub.update({ user_id: caller.id }, { transaction: t });
    return sub;
  });
}

/**
 * action hpid_register: records a Checkout Session id on the caller's subscription, after asking
 * Stripe that the session is this subscription's (client_reference_id), so that nobody can attach
 * someone else's payment page.
 */
export async function hpidRegister(input: { sub_id: string; hpid: string }, callerOrNull: UserRow | null, ctx: { settings: Settings; now: Date }): Promise<{ sub_id: string; hpid: string }> {
  const caller = requireSubscriber(callerOrNull);
  const stripe = stripeOf(ctx.settings);
  await ownedSubscription(input.sub_id, caller);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(input.hpid);
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode === 404) throw invalid('hpid_mismatch', 'hpid_mismatch');
    throw providerError(e);
  }
  if (session.client_reference_id !== input.sub_id || session.mode !== 'subscription') throw invalid('hpid_mismatch', 'hpid_mismatch');
  await transaction(async (t) => {
    const sub = await ownedSubscription(input.sub_id, caller, t, true);
    await sub.update({ hpid: session.id }, { transaction: t });
  });
  return { sub_id: input.sub_id, hpid: session.id };
}
