// Paid subscriptions (public-web.md sections 2, 4, 5 and 7; back-office.md section 3; issue 13):
// the subscription page's calls (billing_informations, sub_register, checkout, hpid_register),
// Stripe Checkout in subscription mode, the Stripe webhooks (applied once per event id), the seats
// (quantity minus assigned recruiters) and the read-time expiry. The rules themselves (active,
// seats, quantity, price) are models/rules/subscription.ts. Decisions 144 to 147.
import crypto from 'node:crypto';
import { Op, QueryTypes, UniqueConstraintError, type Transaction } from 'sequelize';
import type { Settings } from '../../config/settings.js';
import { Plan, Shop, StripeEvent, Subscription, SubscriptionRecruiter, User, boundSequelize, transaction } from '../../models/index.js';
import { readDate } from '../../models/rules/dates.js';
import { PAYMENT_GRACE_DAYS, effectiveState, isActive, seatsOf } from '../../models/rules/subscription.js';
import { companyRecruiterIds, isCompanyRecruiter, reachOf, isStaff } from '../auth/access.js';
import { hashPassword } from '../auth/passwords.js';
import { insertRecruiter } from './recruiters.service.js';
import { AppError, conflict, forbidden, invalid, notFound, unauthorized } from '../lib/errors.js';
import { paymentsConfigured, providerError, stripeOf, type Stripe } from '../integrations/stripe.js';
import type { SeatsAction } from '../../models/resources/subscriptions/actions.js';
import { newSeatRecruiterSchema, type NewSeatRecruiter, type Billing, type BillingInformations, type SubRegister } from './subscriptions.schema.js';
import { parseInput } from '../lib/validate.js';
import { withLang } from '../../config/i18n/langs.js';
import { isRecordId } from '../../models/rules/ids.js';

/** Who may own a subscription: recruiter and manager accounts (and staff, for support). */
const SUBSCRIBER_PROFILES = new Set(['recruiter', 'manager']);

const newSubId = (): string => `sub_${crypto.randomBytes(12).toString('hex')}`;

const planNotFound = () => notFound('plan_not_found', 'plan_not_found');
const subNotFound = () => notFound('subscription_not_found', 'subscription_not_found');

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

const seatsUsed = (subscriptionId: number, t?: Transaction) => SubscriptionRecruiter.count({ where: { subscription_id: subscriptionId }, transaction: t });

/**
 * A subscription the caller may see on the subscription page: one nobody owns yet (its random
 * sub_id is the key, as for a pending cart), the caller's own, or any for staff. Others: 404.
 */
async function visibleSubscription(subId: string, caller: User | null, t?: Transaction, lock = false): Promise<Subscription> {
  const sub = await Subscription.findOne({ where: { sub_id: subId }, transaction: t, ...(lock && t ? { lock: t.LOCK.UPDATE } : {}) });
  if (!sub) throw subNotFound();
  if (sub.user_id === null || (caller && (sub.user_id === caller.id || isStaff(caller)))) return sub;
  throw subNotFound();
}

/** The caller's own subscription (or any for staff), for the writes that need an owner. */
async function ownedSubscription(subId: string, caller: User, t?: Transaction, lock = false): Promise<Subscription> {
  const sub = await visibleSubscription(subId, caller, t, lock);
  if (sub.user_id !== caller.id && !isStaff(caller)) throw subNotFound();
  return sub;
}

function requireSubscriber(caller: User | null): User {
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
export async function portalSubscription(planId: string, subId: string | undefined, caller: User | null, now: Date) {
  const plan = await activePlan(planId);
  if (!subId) return { plan: planView(plan), subscription: null };
  const sub = await visibleSubscription(subId, caller);
  if (sub.plan_id !== plan.id) throw subNotFound();
  return { plan: planView(plan), subscription: subscriptionView(sub, await seatsUsed(sub.id), now) };
}

/**
 * action billing_informations (billing_address_step): stores the four billing fields on a new
 * pending subscription of the plan, or on the pending one named by sub_id. Anyone may start one
 * (the page asks to sign in at the next step); a signed-in caller owns it at once.
 */
export async function billingInformations(input: BillingInformations, caller: User | null, now: Date, settings: Settings): Promise<Subscription> {
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
      const sub = await visibleSubscription(input.sub_id, caller, t, true);
      if (sub.plan_id !== plan.id) throw subNotFound();
      requireUnpaid(sub, now);
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
function billingFromAccount(user: User, email: string | undefined): Partial<Record<`billing_${keyof Billing}`, string>> {
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
export async function subRegister(input: SubRegister, callerOrNull: User | null, now: Date, settings: Settings): Promise<Subscription> {
  const caller = requireSubscriber(callerOrNull);
  requirePayments(settings);
  if (input.user_sub && input.user_sub !== caller.id) throw forbidden();
  return transaction(async (t) => {
    const plan = await activePlan(input.sub_plan_id, t);
    if (input.sub_id) {
      const sub = await visibleSubscription(input.sub_id, caller, t, true);
      if (sub.plan_id !== plan.id) throw subNotFound();
      requireUnpaid(sub, now);
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
  callerOrNull: User | null,
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
async function ownedSubscriptionOrClaim(subId: string, caller: User): Promise<Subscription> {
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
export async function hpidRegister(input: { sub_id: string; hpid: string }, callerOrNull: User | null, ctx: { settings: Settings; now: Date }): Promise<{ sub_id: string; hpid: string }> {
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

// ---------------------------------------------------------------------------------------------
// Webhooks

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
      await target.update(changes, { transaction: t });
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
  const [paid] = await Subscription.update({ state: 'expired' }, { where: { state: 'payed', expires_at: { [Op.lte]: now } } });
  // A failed payment past its grace (decision 240) ends the same way.
  const graceStart = new Date(now.getTime() - PAYMENT_GRACE_DAYS * 86_400_000);
  const [unpaid] = await Subscription.update({ state: 'expired' }, { where: { state: 'unpaid', [Op.or]: [{ expires_at: null }, { expires_at: { [Op.lte]: graceStart } }] } });
  return paid + unpaid;
}

// ---------------------------------------------------------------------------------------------
// Seats

/** The subscription a caller manages seats of, locked: its owner's (staff: any); others 404. */
async function seatSubscription(subId: string, caller: User, all: boolean, t: Transaction): Promise<Subscription> {
  const sub = await Subscription.findOne({ where: { sub_id: subId }, transaction: t, lock: t.LOCK.UPDATE });
  if (!sub || (!all && sub.user_id !== caller.id)) throw subNotFound();
  return sub;
}

/**
 * The one seat rule, asked by every path that gives a recruiter a seat (the manager's assign and
 * new-recruiter forms, the REST call, the staff console's seats action): the subscription, locked
 * by the caller's transaction, must be active at `now` and have a seat left. Answers the seats used.
 */
async function takeSeat(sub: Subscription, now: Date, t: Transaction): Promise<number> {
  if (!isActive(sub, now) || !sub.user_id) throw conflict('subscription_not_active', 'subscription_not_active');
  const used = await seatsUsed(sub.id, t);
  if (used >= sub.quantity) throw conflict('no_seats_left', 'no_seats_left');
  return used;
}

/**
 * Gives a recruiter of the subscriber's company a seat (access.ts isCompanyRecruiter; staff: any
 * recruiter account). The subscription row is locked, so clicks racing for the last seat give one
 * seat. Assigning a recruiter who already holds a seat answers the same view.
 */
export async function assignSeat(subId: string, recruiterId: string, caller: User, now: Date) {
  const reach = await reachOf(caller);
  return transaction(async (t) => {
    const sub = await seatSubscription(subId, caller, reach.all, t);
    const recruiter = await User.findByPk(recruiterId, { attributes: ['id', 'profile'], transaction: t });
    const inCompany = !!recruiter && (reach.all || (!!sub.user_id && (await isCompanyRecruiter(sub.user_id, recruiterId, t))));
    if (!recruiter || !SUBSCRIBER_PROFILES.has(recruiter.profile) || !inCompany) throw notFound('recruiter_not_found', 'recruiter_not_found');
    const already = await SubscriptionRecruiter.findOne({ where: { subscription_id: sub.id, recruiter_id: recruiterId }, transaction: t });
    if (already) return subscriptionView(sub, await seatsUsed(sub.id, t), now);
    const used = await takeSeat(sub, now, t);
    await SubscriptionRecruiter.create({ subscription_id: sub.id, recruiter_id: recruiterId }, { transaction: t });
    return subscriptionView(sub, used + 1, now);
  });
}

/**
 * The new recruiter form of the subscription page (decision 241): in one transaction, the recruiter
 * account (the staff's creation path, recruiters.service.ts), their seat (the seat rule) and the
 * point of sale it pays for, a shop of the subscriber run by that recruiter. Refused whole: a taken
 * email, no seat left, an inactive subscription.
 */
export async function addSeatRecruiter(subId: string, input: NewSeatRecruiter, caller: User, now: Date) {
  const form = parseInput(newSeatRecruiterSchema, input);
  const reach = await reachOf(caller);
  if (await User.findOne({ where: { email: form.email }, attributes: ['id'] })) throw conflict('user_exists', 'user_already_exists');
  const hash = await hashPassword(form.password);
  try {
    return await transaction(async (t) => {
      const sub = await seatSubscription(subId, caller, reach.all, t);
      const used = await takeSeat(sub, now, t);
      const recruiter = await insertRecruiter({ name: form.name, email: form.email, password: form.password }, hash, caller, t);
      await SubscriptionRecruiter.create({ subscription_id: sub.id, recruiter_id: recruiter.id }, { transaction: t });
      const shop = await Shop.create(
        {
          manager_id: sub.user_id!,
          shopname: form.shopname,
          street: form.street,
          zip_code: form.zip_code,
          city: form.city,
          area: null,
          sub_area: null,
          country: null,
          country_iso: 'FR',
          lat: null,
          lng: null,
          recruiter_id: recruiter.id,
        },
        { transaction: t },
      );
      return { ...subscriptionView(sub, used + 1, now), recruiter: { sub: recruiter.id, name: recruiter.name, email: recruiter.email }, shop_id: shop.id };
    });
  } catch (e) {
    if (e instanceof UniqueConstraintError) throw conflict('user_exists', 'user_already_exists');
    throw e;
  }
}

/** Frees a recruiter's seat (always allowed to the owner, even on an inactive subscription). */
export async function releaseSeat(subId: string, recruiterId: string, caller: User, now: Date) {
  const reach = await reachOf(caller);
  return transaction(async (t) => {
    const sub = await seatSubscription(subId, caller, reach.all, t);
    const removed = await SubscriptionRecruiter.destroy({ where: { subscription_id: sub.id, recruiter_id: recruiterId }, transaction: t });
    if (!removed) throw notFound('recruiter_not_found', 'recruiter_not_found');
    return subscriptionView(sub, await seatsUsed(sub.id, t), now);
  });
}

/** The console's seats action on a subscription record id: { add: recruiter_id } or { remove: recruiter_id }. */
export async function seatsAction(caller: User, recordId: string, { add, remove }: SeatsAction, now: Date) {
  const sub = isRecordId(recordId) ? await Subscription.findByPk(Number(recordId), { attributes: ['sub_id'] }) : null;
  if (!sub) throw subNotFound();
  return add ? assignSeat(sub.sub_id, add, caller, now) : releaseSeat(sub.sub_id, remove!, caller, now);
}

// ---------------------------------------------------------------------------------------------
// Billing self-service (decision 242): Stripe's Billing Portal and the invoices already paid.

/** The caller's own subscription by sub_id (staff: any), for its billing. */
async function billedSubscription(subId: string, caller: User): Promise<Subscription> {
  const sub = await Subscription.findOne({ where: { sub_id: subId } });
  if (!sub || (sub.user_id !== caller.id && !isStaff(caller))) throw subNotFound();
  return sub;
}

const PORTAL_LOCALES = new Set(['fr', 'nl', 'en', 'es']);

/**
 * "Gérer la facturation": a Stripe Billing Portal session for the subscription's customer, where
 * the subscriber changes the card and the quantity, or cancels; Stripe sends them back to the
 * subscription's page. A subscription never paid through Checkout has no customer: 409.
 */
export async function billingPortal(subId: string, caller: User, settings: Settings): Promise<{ url: string }> {
  const sub = await billedSubscription(subId, caller);
  const stripe = stripeOf(settings);
  if (!sub.stripe_customer_id) throw conflict('billing_not_available', 'billing_not_available');
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: sub.stripe_customer_id,
      return_url: `${settings.publicUrl}/manager/subscription/${sub.id}`,
      locale: (PORTAL_LOCALES.has(caller.lang ?? '') ? caller.lang : 'fr') as Stripe.BillingPortal.SessionCreateParams.Locale,
    });
    return { url: session.url };
  } catch (e) {
    throw providerError(e);
  }
}

/** The invoices Stripe holds as paid for the subscription, newest first, with their PDF links. */
export async function paidInvoices(subId: string, caller: User, settings: Settings) {
  const sub = await billedSubscription(subId, caller);
  const stripe = stripeOf(settings);
  if (!sub.stripe_customer_id) return { Items: [], Count: 0 };
  try {
    const list = await stripe.invoices.list({
      customer: sub.stripe_customer_id,
      status: 'paid',
      limit: 100,
      ...(sub.stripe_subscription_id ? { subscription: sub.stripe_subscription_id } : {}),
    });
    const Items = list.data.map((i) => ({
      id: i.id,
      number: i.number ?? null,
      created: new Date(i.created * 1000).toISOString(),
      amount_paid: i.amount_paid,
      currency: i.currency,
      invoice_pdf: i.invoice_pdf ?? null,
      hosted_invoice_url: i.hosted_invoice_url ?? null,
    }));
    return { Items, Count: Items.length };
  } catch (e) {
    throw providerError(e);
  }
}

// ---------------------------------------------------------------------------------------------
// The manager's reads (issue 11: GET /apis/subscription, /apis/subscription/{id})

const iso = (v: unknown) => readDate(v)?.toISOString() ?? null;
type Row = Record<string, unknown>;

async function read(where: string, params: unknown[], now: Date) {
  const sequelize = boundSequelize();
  const subs = await sequelize.query<Row>(`SELECT id, sub_id, user_id, plan_id, quantity, state, expires_at, created_at FROM subscriptions s WHERE ${where} ORDER BY created_at DESC, id DESC`, {
    replacements: params,
    type: QueryTypes.SELECT,
  });
  const ids = subs.map((s) => Number(s.id));
  const seats = ids.length
    ? await sequelize.query<Row>(
        `SELECT sr.subscription_id, u.id, u.name, u.email, u.picture FROM subscription_recruiters sr JOIN users u ON u.id = sr.recruiter_id WHERE sr.subscription_id IN (${ids.map(() => '?').join(', ')}) ORDER BY u.name, u.id`,
        { replacements: ids, type: QueryTypes.SELECT },
      )
    : [];
  return subs.map((s) => {
    const recruiters = seats
      .filter((r) => Number(r.subscription_id) === Number(s.id))
      .map((r) => ({ sub: String(r.id), name: String(r.name ?? ''), email: String(r.email), picture: (r.picture as string | null) ?? null }));
    const state = effectiveState({ state: String(s.state), expires_at: readDate(s.expires_at) ?? null }, now);
    return {
      id: Number(s.id),
      sub_id: String(s.sub_id),
      plan_id: String(s.plan_id),
      created: iso(s.created_at),
      expires: iso(s.expires_at),
      sub_quantity: Number(s.quantity),
      sub_recruiters: recruiters,
      ...seatsOf(Number(s.quantity), recruiters.length),
      // Read-time expiry: a payed subscription past its expiry reads 'expired', inactive.
      state,
      active: isActive({ state: String(s.state), expires_at: readDate(s.expires_at) ?? null }, now),
    };
  });
}

export async function listSubscriptions(caller: User, now: Date = new Date()) {
  const reach = await reachOf(caller);
  const Items = await read(reach.all ? '1 = 1' : 's.user_id = ?', reach.all ? [] : [caller.id], now);
  return { Items, Count: Items.length };
}

export async function getSubscription(caller: User, id: string | null, now: Date = new Date()) {
  const reach = await reachOf(caller);
  const [Item] = id !== null ? await read(reach.all ? 's.id = ?' : 's.id = ? AND s.user_id = ?', reach.all ? [id] : [id, caller.id], now) : [];
  if (!Item) throw notFound('subscription_not_found', 'not_found');
  // The company's recruiters without a seat here, whom the seat form offers (decision 241).
  const [row] = await boundSequelize().query<Row>('SELECT user_id FROM subscriptions WHERE id = ?', { replacements: [id], type: QueryTypes.SELECT });
  const ownerId = row?.user_id ? String(row.user_id) : null;
  const seated = new Set(Item.sub_recruiters.map((r) => r.sub));
  const ids = ownerId ? (await companyRecruiterIds(ownerId)).filter((rid) => !seated.has(rid)) : [];
  const users = ids.length ? await User.findAll({ where: { id: ids, profile: [...SUBSCRIBER_PROFILES] }, attributes: ['id', 'name', 'email'], order: [['name', 'ASC']] }) : [];
  return { Item: { ...Item, assignable: users.map((u) => ({ sub: u.id, name: u.name, email: u.email })) } };
}

/** Whether a user has any subscription (the manager menu's subscriptions entry). */
export async function hasSubscriptions(userId: string): Promise<boolean> {
  const [row] = await boundSequelize().query<Row>('SELECT 1 AS one FROM subscriptions WHERE user_id = ? LIMIT 1', { replacements: [userId], type: QueryTypes.SELECT });
  return !!row;
}
