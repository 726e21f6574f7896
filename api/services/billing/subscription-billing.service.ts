// Billing self-service (decision 242): Stripe's Billing Portal for the subscription's customer and
// the invoices already paid, for the subscriber (staff: any subscription).
import type { Settings } from '../../../config/settings.js';
import { Subscription, type UserRow } from '../../../models/index.js';
import { isStaff } from '../../auth/access.js';
import { conflict } from '../../lib/errors.js';
import { providerError, stripeOf, type Stripe } from '../../integrations/stripe.js';
import { subNotFound } from './subscription-view.js';

/** The caller's own subscription by sub_id (staff: any), for its billing. */
async function billedSubscription(subId: string, caller: UserRow): Promise<Subscription> {
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
export async function billingPortal(subId: string, caller: UserRow, settings: Settings): Promise<{ url: string }> {
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
export async function paidInvoices(subId: string, caller: UserRow, settings: Settings) {
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
