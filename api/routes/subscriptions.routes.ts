// POST /apis/subscription (public-web.md section 7: actions billing_informations, sub_register,
// hpid_register, plus checkout, which opens Stripe Checkout), the seats of a subscription, and
// Stripe's webhook. Rules: api/services/billing/subscription-*.ts; decisions 144 to 147.
import express, { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { requireUser } from '../auth/guards.js';
import { LIMITS, limitWrites } from '../auth/throttle.js';
import { validate } from '../lib/validate.js';
import { verifyWebhook } from '../integrations/stripe.js';
import { AppError } from '../lib/errors.js';
import { eventProblem } from '../services/billing/stripe-events.schema.js';
import { billingInformations, hpidRegister, startCheckout, subRegister } from '../services/billing/subscription-checkout.service.js';
import { addSeatRecruiter, assignSeat, releaseSeat } from '../services/billing/subscription-seats.service.js';
import { billingPortal, paidInvoices } from '../services/billing/subscription-billing.service.js';
import { applyStripeEvent } from '../services/billing/subscription-states.service.js';
import { newSeatRecruiterSchema, seatParams, seatSchema, subIdParams, subscriptionActionSchema, type NewSeatRecruiter, type SubscriptionAction } from '../services/billing/subscriptions.schema.js';

export function subscriptionRoutes(deps: AppDeps): Router {
  const router = Router();
  const ctx = () => ({ settings: deps.settings, now: deps.clock() });

  // Anonymous visitors may only start one (billing step): the anonymous-write limit applies.
  const limitAnonymous: RequestHandler = (req, res, next) => (req.caller ? next() : limitWrites(LIMITS.apply, deps.clock)(req, res, next));

  router.post('/subscription', validate({ body: subscriptionActionSchema }), limitAnonymous, async (req, res) => {
    const body = req.body as SubscriptionAction;
    const caller = req.caller?.user ?? null;
    switch (body.action) {
      case 'billing_informations': {
        const sub = await billingInformations(body, caller, deps.clock(), deps.settings);
        res.status(201).json({ sub_id: sub.sub_id, sub_plan_id: sub.plan_id, state: sub.state });
        return;
      }
      case 'sub_register': {
        const sub = await subRegister(body, caller, deps.clock(), deps.settings);
        res.status(201).json({ sub_id: sub.sub_id, sub_plan_id: sub.plan_id, sub_quantity: sub.quantity, state: sub.state });
        return;
      }
      case 'checkout':
        res.json(await startCheckout(body, caller, ctx()));
        return;
      case 'hpid_register':
        res.json(await hpidRegister(body, caller, ctx()));
        return;
    }
  });

  // Seats: remaining recruiters = quantity minus those assigned (back-office.md section 3).
  router.post('/subscription/:id/recruiters', requireUser, validate({ params: subIdParams, body: seatSchema }), async (req, res) => {
    res.status(201).json(await assignSeat(req.params.id as string, (req.body as { recruiter_id: string }).recruiter_id, req.caller!.user, deps.clock()));
  });
  // The new recruiter form: an account, its seat and its point of sale at once (decision 241).
  router.post('/subscription/:id/recruiters/new', requireUser, validate({ params: subIdParams, body: newSeatRecruiterSchema }), async (req, res) => {
    res.status(201).json(await addSeatRecruiter(req.params.id as string, req.body as NewSeatRecruiter, req.caller!.user, deps.clock()));
  });
  router.delete('/subscription/:id/recruiters/:recruiterId', requireUser, validate({ params: seatParams }), async (req, res) => {
    res.json(await releaseSeat(req.params.id as string, req.params.recruiterId as string, req.caller!.user, deps.clock()));
  });

  // Billing self-service (decision 242): Stripe's Billing Portal, the paid invoices.
  router.post('/subscription/:id/billing-portal', requireUser, validate({ params: subIdParams }), async (req, res) => {
    res.json(await billingPortal(req.params.id as string, req.caller!.user, deps.settings));
  });
  router.get('/subscription/:id/invoices', requireUser, validate({ params: subIdParams }), async (req, res) => {
    res.json(await paidInvoices(req.params.id as string, req.caller!.user, deps.settings));
  });
  return router;
}

/**
 * POST /apis/stripe/webhook: mounted before the JSON parser (the signature is over the raw body)
 * and outside the cookie CSRF rule (Stripe signs it). Bad or stale signature: 400, nothing done.
 */
export function stripeWebhookRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post('/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const event = verifyWebhook(deps.settings, raw, req.get('stripe-signature'), deps.clock());
    // Signed but not of the shape its type has: refused for good (Stripe stops retrying a 400 it
    // is told about in its dashboard; a 5xx would be retried for days), logged once (decision 211).
    const problem = eventProblem(event);
    if (problem) {
      const said = event as { id?: unknown; type?: unknown };
      (req.log ?? deps.logger).warn({ stripeEvent: String(said.id).slice(0, 100), type: String(said.type).slice(0, 100), ...problem }, 'stripe webhook: malformed event');
      throw new AppError(400, 'invalid_event', 'invalid_event', { field: problem.field });
    }
    const outcome = await applyStripeEvent(event, deps.settings, deps.clock());
    req.log?.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe webhook');
    res.json({ received: true, outcome });
  });
  return router;
}
