// Stripe deliveries that are correctly signed but not of the shape their type has (issue 22, "Bad
// input is always a 4xx"; docs/decisions/211-stripe-event-shapes.md): 400 invalid_event, one log
// line, nothing stored, never a 5xx that Stripe would retry for days. An event about a subscription
// Stripe does not know is acknowledged and ignored. hpid_register checks the session id's shape
// before asking Stripe. Against the local Stripe double, with real signatures.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { pino } from 'pino';
import type { Express } from 'express';
import { createApp } from '../../api/app.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { makeUser } from '../helpers/fixtures.js';
import { startStripeDouble, type StripeDouble } from '../helpers/stripe-double.js';
import { StripeEvent, Subscription, type User } from '../../models/index.js';

let ctx: TestContext;
let stripe: StripeDouble;
let app: Express;
let manager: User;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  stripe = await startStripeDouble();
  ctx = await createTestContext({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.base });
  // The same app with a logger we read.
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  app = createApp({ ...ctx.deps, logger: pino({ level: 'info' }, sink) });
  manager = await makeUser({ profile: 'manager', user_plan: 'bplan' });
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

let seq = 0;
const deliver = (event: unknown) => {
  const payload = JSON.stringify(event);
  return request(app).post('/apis/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', stripe.sign(payload)).send(payload);
};
const evt = (type: string, data: unknown) => ({ id: `evt_shape_${++seq}`, object: 'event', type, data });
const session = (more: Record<string, unknown> = {}) => ({ id: `cs_test_${seq}`, object: 'checkout.session', mode: 'subscription', payment_status: 'paid', ...more });
const invoice = (more: Record<string, unknown> = {}) => ({ id: `in_${seq}`, object: 'invoice', ...more });

describe('POST /apis/stripe/webhook with a signed event of the wrong shape', () => {
  it.each<[string, () => Record<string, unknown>, string]>([
    ['data null', () => evt('invoice.paid', null), 'data'],
    ['data.object null', () => evt('checkout.session.completed', { object: null }), 'data.object'],
    ['lines.data holding null', () => evt('invoice.paid', { object: invoice({ lines: { data: [null] } }) }), 'data.object.lines.data.0'],
    ['a non-string client_reference_id', () => evt('checkout.session.completed', { object: session({ client_reference_id: { sub_id: 'x' } }) }), 'data.object.client_reference_id'],
    ['a NUL in client_reference_id', () => evt('checkout.session.completed', { object: session({ client_reference_id: 'sub\u0000x' }) }), 'data.object.client_reference_id'],
    ['a subscription id that is an object without id', () => evt('customer.subscription.updated', { object: { status: 'active' } }), 'data.object.id'],
    ['a huge quantity', () => evt('customer.subscription.updated', { object: { id: 'sub_x', status: 'active', items: { data: [{ quantity: 1e300 }] } } }), 'data.object.items.data.0.quantity'],
    ['a period end past the year 9999', () => evt('invoice.paid', { object: invoice({ lines: { data: [{ period: { end: 1e15 } }] } }) }), 'data.object.lines.data.0.period.end'],
    ['an event id with a NUL', () => ({ ...evt('invoice.paid', { object: invoice() }), id: 'evt_\u0000' }), 'id'],
  ])('refuses %s: 400 invalid_event, one log line, nothing stored', async (_what, make, field) => {
    const event = make();
    const logged = lines.length;
    const stored = await StripeEvent.count();
    const res = await deliver(event);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_event', details: { field } });
    expect(res.body.message).toBe('Cet événement n’a pas la forme attendue : il est ignoré.');
    const mine = lines.slice(logged).filter((l) => l.msg === 'stripe webhook: malformed event');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ field, level: 40 });
    expect(await StripeEvent.count()).toBe(stored);
  });

  it('acknowledges an event about a Stripe subscription nobody knows (200, ignored, nothing changed)', async () => {
    const sub = await Subscription.create({ sub_id: 'sub_unknown_remote', user_id: manager.id, plan_id: 'franchise', quantity: 1, state: 'pending' });
    // Stripe answers 404 for the subscription the session names.
    const completed = evt('checkout.session.completed', { object: session({ subscription: 'sub_NoSuchOne', client_reference_id: sub.sub_id }) });
    const res = await deliver(completed);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'ignored' });
    // Neither do we: an invoice and an update about it are acknowledged the same way.
    for (const event of [
      evt('invoice.paid', { object: invoice({ parent: { subscription_details: { subscription: 'sub_NoSuchOne', metadata: {} } } }) }),
      evt('customer.subscription.updated', { object: { id: 'sub_NoSuchOne', status: 'active', metadata: { sub_id: 'nosuchsub' } } }),
    ]) {
      const r = await deliver(event);
      expect(r.status).toBe(200);
      expect(r.body.outcome).toBe('ignored');
    }
    expect((await sub.reload()).state).toBe('pending');
  });

  it('still acts on a well-formed event whose objects carry more fields than we read', async () => {
    const sub = await Subscription.create({ sub_id: 'sub_wellformed', user_id: manager.id, plan_id: 'franchise', quantity: 1, state: 'payed', stripe_subscription_id: 'sub_Wellformed1' });
    const res = await deliver(
      evt('invoice.payment_failed', { object: invoice({ customer: 'cus_1', lines: { object: 'list', data: [] }, parent: { subscription_details: { subscription: 'sub_Wellformed1' } } }) }),
    );
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('applied');
    expect((await sub.reload()).state).toBe('unpaid');
  });
});

describe('POST /apis/subscription, hpid_register', () => {
  it.each(['../v1/customers', 'cs_test_abc/../../x', 'cs_test_a b', 'sub_123', 'cs_test_', `cs_test_${'a'.repeat(300)}`, 'cs_test_\u0000'])(
    'refuses the session id %j with 400 hpid_mismatch before asking Stripe',
    async (hpid) => {
      await Subscription.create({ sub_id: `sub_h${++seq}`, user_id: manager.id, plan_id: 'franchise', quantity: 1, state: 'pending' });
      const asked = stripe.requests.length;
      const res = await request(app)
        .post('/apis/subscription')
        .set(await bearer(manager))
        .send({ action: 'hpid_register', sub_id: `sub_h${seq}`, hpid });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toBe('hpid_mismatch');
      expect(stripe.requests.length).toBe(asked);
    },
  );
});
