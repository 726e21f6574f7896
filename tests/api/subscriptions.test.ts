// Paid subscriptions (issue 13; public-web.md sections 4, 5, 7; back-office.md section 3): the
// actions of POST /apis/subscription against a local double of Stripe's API, the webhooks signed
// for real (the same event 10 times at once has one effect; bad or stale signatures change
// nothing), the seats (refused over the quantity) and the read-time expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { createApp } from '../../api/app.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeUser } from '../helpers/fixtures.js';
import { startStripeDouble, type StripeDouble } from '../helpers/stripe-double.js';
import { Job, Plan, StripeEvent, Subscription, SubscriptionRecruiter, type User } from '../../models/index.js';
import { RECURRING, startJobs } from '../../api/jobs/index.js';

let ctx: TestContext;
let stripe: StripeDouble;
let manager: User;
let recruiterA: User;
let recruiterB: User;
let outsider: User;
let candidate: User;

beforeAll(async () => {
  stripe = await startStripeDouble();
  ctx = await createTestContext({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.base });
  manager = await makeUser({ profile: 'manager', user_plan: 'bplan', name: 'Claire Dubois', email: 'claire.sub@example.fr' });
  recruiterA = await makeUser({ profile: 'recruiter', name: 'Rémi A' });
  recruiterB = await makeUser({ profile: 'recruiter', name: 'Rémi B' });
  outsider = await makeUser({ profile: 'recruiter', name: 'Autre Société' });
  candidate = await makeUser({ profile: 'candidate' });
  await addToTeam(manager, manager, recruiterA, recruiterB);
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

const BILLING = { firstname: '  Claire ', lastname: 'Dubois ', email: ' Compta@Maison.FR ', company_name: ' Maison Demo SAS ' };
const post = (body: object, headers: Record<string, string> = {}) => request(ctx.app).post('/apis/subscription').set(headers).send(body);

async function deliver(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return request(ctx.app)
    .post('/apis/stripe/webhook')
    .set('content-type', 'application/json')
    .set('stripe-signature', signature ?? stripe.sign(payload))
    .send(payload);
}

/** billing -> sub_register -> checkout, as the page does; answers the sub_id and the session. */
async function checkout(quantity: number) {
  const billing = await post({ action: 'billing_informations', sub_plan_id: 'franchise_demo', ...BILLING });
  expect(billing.status).toBe(201);
  const auth = await bearer(manager);
  const reg = await post({ action: 'sub_register', sub_plan_id: 'franchise_demo', sub_id: billing.body.sub_id, sub_quantity: quantity, user_sub: manager.id, email: manager.email }, auth);
  expect(reg.status).toBe(201);
  const co = await post({ action: 'checkout', sub_id: billing.body.sub_id, sub_quantity: quantity }, auth);
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  return { subId: billing.body.sub_id as string, hpid: co.body.hpid as string, url: co.body.url as string };
}

describe('plans', () => {
  it('are data seeded by the migration, with a Stripe price id optional', async () => {
    const plans = await Plan.findAll({ order: [['id', 'ASC']], raw: true });
    expect(plans.map((p) => [p.id, p.unit_amount, p.currency, p.interval])).toEqual([
      ['franchise_annual', 49000, 'eur', 'year'],
      ['franchise_demo', 4900, 'eur', 'month'],
    ]);
  });

  it('are listed to staff in the console, not to managers', async () => {
    const admin = await makeUser({ profile: 'recruiter', is_admin: true });
    const res = await request(ctx.app)
      .get('/apis/console/plans')
      .set(await bearer(admin));
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('franchise_demo');
    expect(
      (
        await request(ctx.app)
          .get('/apis/console/plans')
          .set(await bearer(manager))
      ).status,
    ).toBe(403);
  });
});

describe('POST /apis/subscription', () => {
  it('billing_informations stores the trimmed billing fields on a new pending subscription', async () => {
    const res = await post({ action: 'billing_informations', sub_plan_id: 'franchise_demo', ...BILLING });
    expect(res.status).toBe(201);
    expect(res.body.sub_id).toMatch(/^sub_[0-9a-f]{24}$/);
    const sub = await Subscription.findOne({ where: { sub_id: res.body.sub_id }, rejectOnEmpty: true });
    expect(sub.toJSON()).toMatchObject({
      plan_id: 'franchise_demo',
      state: 'pending',
      user_id: null,
      quantity: 1,
      billing_firstname: 'Claire',
      billing_lastname: 'Dubois',
      billing_email: 'compta@maison.fr',
      billing_company_name: 'Maison Demo SAS',
    });
  });

  it('refuses a blank required field with the spec message, storing nothing', async () => {
    const before = await Subscription.count();
    const res = await post({ action: 'billing_informations', sub_plan_id: 'franchise_demo', ...BILLING, company_name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'fill_all_required_fields', details: { field: 'company_name' } });
    expect(res.body.message).toBe('Merci de remplir tous les champs obligatoires.');
    expect(await Subscription.count()).toBe(before);
  });

  it('refuses an unknown plan (404) and an unknown action (400)', async () => {
    expect((await post({ action: 'billing_informations', sub_plan_id: 'nope', ...BILLING })).status).toBe(404);
    expect((await post({ action: 'pay_me', sub_plan_id: 'franchise_demo' })).status).toBe(400);
  });

  it('sub_register needs a signed-in recruiter or manager, for themselves', async () => {
    const body = { action: 'sub_register', sub_plan_id: 'franchise_demo', sub_quantity: 2 };
    expect((await post(body)).status).toBe(401);
    expect((await post(body, await bearer(candidate))).status).toBe(403);
    expect((await post({ ...body, user_sub: outsider.id }, await bearer(manager))).status).toBe(403);
    const res = await post({ ...body, user_sub: manager.id }, await bearer(manager));
    expect(res.status).toBe(201);
    const sub = await Subscription.findOne({ where: { sub_id: res.body.sub_id }, rejectOnEmpty: true });
    // Skipped billing: the account's name and email are the billing ones.
    expect(sub.toJSON()).toMatchObject({ user_id: manager.id, quantity: 2, billing_email: manager.email, billing_firstname: 'Claire', billing_lastname: 'Dubois' });
  });

  it('refuses a quantity that is not an integer from 1 to 999', async () => {
    for (const q of [0, -1, 1.5, 'abc', 1000]) {
      const res = await post({ action: 'sub_register', sub_plan_id: 'franchise_demo', sub_quantity: q }, await bearer(manager));
      expect(res.status, String(q)).toBe(400);
      expect(res.body.error).toBe('invalid_quantity');
    }
  });

  it('checkout opens Stripe Checkout in subscription mode with the quantity, in French', async () => {
    const { subId, hpid, url } = await checkout(3);
    expect(url).toBe(`${stripe.base}/pay/${hpid}`);
    const call = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(call.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: subId,
      locale: 'fr',
      line_items: [{ quantity: '3', price_data: { currency: 'eur', unit_amount: '4900', recurring: { interval: 'month' } } }],
      success_url: `http://127.0.0.1:3999/portal/franchise_demo/${subId}?checkout={CHECKOUT_SESSION_ID}`,
    });
    const customer = stripe.customers.get(call.params.customer as string)!;
    expect(customer).toMatchObject({ email: 'compta@maison.fr', name: 'Maison Demo SAS' });
    const sub = await Subscription.findOne({ where: { sub_id: subId }, rejectOnEmpty: true });
    expect(sub.toJSON()).toMatchObject({ hpid, quantity: 3, state: 'pending', user_id: manager.id });
  });

  it('checkout uses the plan Stripe price when staff set one', async () => {
    await Plan.update({ stripe_price_id: 'price_123' }, { where: { id: 'franchise_demo' } });
    try {
      await checkout(2);
      const call = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
      expect(call.params.line_items).toEqual([{ price: 'price_123', quantity: '2' }]);
    } finally {
      await Plan.update({ stripe_price_id: null }, { where: { id: 'franchise_demo' } });
    }
  });

  it("another user's subscription is not found", async () => {
    const { subId } = await checkout(1);
    const res = await post({ action: 'checkout', sub_id: subId, sub_quantity: 1 }, await bearer(outsider));
    expect(res.status).toBe(404);
  });

  it('hpid_register records a session only when Stripe says it is this subscription', async () => {
    const a = await checkout(1);
    const b = await checkout(1);
    const auth = await bearer(manager);
    expect((await post({ action: 'hpid_register', sub_id: a.subId, hpid: b.hpid }, auth)).status).toBe(400);
    expect((await post({ action: 'hpid_register', sub_id: a.subId, hpid: 'cs_test_unknown' }, auth)).status).toBe(400);
    const ok = await post({ action: 'hpid_register', sub_id: a.subId, hpid: a.hpid }, auth);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ sub_id: a.subId, hpid: a.hpid });
  });
});

describe('POST /apis/stripe/webhook', () => {
  it('checkout.session.completed makes it payed with the period end and quantity, once for 10 deliveries at once', async () => {
    const { subId, hpid } = await checkout(3);
    const event = stripe.complete(hpid);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const outcomes = answers.map((r) => r.body.outcome as string).sort();
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    expect(await StripeEvent.count({ where: { id: event.id as string } })).toBe(1);
    const sub = await Subscription.findOne({ where: { sub_id: subId }, rejectOnEmpty: true });
    const remote = stripe.subscriptions.get(sub.stripe_subscription_id!)!;
    const end = (remote.items as { data: Array<{ current_period_end: number }> }).data[0].current_period_end;
    expect(sub.toJSON()).toMatchObject({ state: 'payed', quantity: 3, hpid });
    expect(sub.expires_at!.getTime()).toBe(end * 1000);

    // A redelivery after a manual change does not undo it: the event was applied already.
    await sub.update({ quantity: 5 });
    expect((await deliver(event)).body.outcome).toBe('duplicate');
    expect((await sub.reload()).quantity).toBe(5);
  });

  it('refuses a bad, stale or missing signature with 400 and changes nothing', async () => {
    const { subId, hpid } = await checkout(1);
    const event = stripe.complete(hpid);
    const payload = JSON.stringify(event);
    const stale = stripe.sign(payload, Math.floor(Date.now() / 1000) - 3600);
    const wrongSecret = stripe.sign(payload, undefined, 'whsec_not_ours');
    for (const sig of [stale, wrongSecret, 't=1,v1=abc']) {
      const res = await deliver(event, sig);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('stripe_signature_invalid');
    }
    const res = await request(ctx.app).post('/apis/stripe/webhook').set('content-type', 'application/json').send(payload);
    expect(res.status).toBe(400);
    // A tampered body with a signature of the original one.
    const tampered = await request(ctx.app)
      .post('/apis/stripe/webhook')
      .set('content-type', 'application/json')
      .set('stripe-signature', stripe.sign(payload))
      .send(payload.replace('"paid"', '"unpaid"'));
    expect(tampered.status).toBe(400);
    expect(await StripeEvent.count({ where: { id: event.id as string } })).toBe(0);
    expect((await Subscription.findOne({ where: { sub_id: subId }, rejectOnEmpty: true })).state).toBe('pending');
  });

  it('invoice.paid extends the expiry; invoice.payment_failed marks it unpaid; subscription updated and deleted change quantity and end it', async () => {
    const { subId, hpid } = await checkout(2);
    await deliver(stripe.complete(hpid));
    const sub = await Subscription.findOne({ where: { sub_id: subId }, rejectOnEmpty: true });
    const stripeSubId = sub.stripe_subscription_id!;
    const later = Math.floor(Date.now() / 1000) + 60 * 86400;
    const invoice = (end: number) => ({
      id: `in_${end}`,
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: stripeSubId, metadata: { sub_id: subId } } },
      lines: { object: 'list', data: [{ id: 'il_1', period: { start: end - 30 * 86400, end } }] },
    });

    await deliver(stripe.event('invoice.payment_failed', invoice(later)));
    expect((await sub.reload()).state).toBe('unpaid');
    await deliver(stripe.event('invoice.paid', invoice(later)));
    await sub.reload();
    expect(sub.state).toBe('payed');
    expect(sub.expires_at!.getTime()).toBe(later * 1000);
    // An older invoice delivered late does not shorten it.
    await deliver(stripe.event('invoice.paid', invoice(later - 30 * 86400)));
    expect((await sub.reload()).expires_at!.getTime()).toBe(later * 1000);

    const remote: Record<string, unknown> = { ...stripe.subscriptions.get(stripeSubId)!, status: 'active' };
    (remote.items as { data: Array<{ quantity: number; current_period_end: number }> }).data[0].quantity = 4;
    (remote.items as { data: Array<{ quantity: number; current_period_end: number }> }).data[0].current_period_end = later;
    await deliver(stripe.event('customer.subscription.updated', remote));
    expect((await sub.reload()).quantity).toBe(4);

    const ended = Math.floor(Date.now() / 1000);
    await deliver(stripe.event('customer.subscription.deleted', { ...remote, status: 'canceled', ended_at: ended }));
    await sub.reload();
    expect(sub.state).toBe('canceled');
    expect(sub.expires_at!.getTime()).toBe(ended * 1000);
  });

  it('records an event about no subscription of ours without failing', async () => {
    const res = await deliver(stripe.event('invoice.paid', { id: 'in_x', object: 'invoice', parent: { subscription_details: { subscription: 'sub_unknown' } }, lines: { data: [] } }));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('ignored');
  });
});

describe('seats', () => {
  async function paidSubscription(quantity: number): Promise<string> {
    const { subId, hpid } = await checkout(quantity);
    await deliver(stripe.complete(hpid));
    return subId;
  }
  const assign = async (subId: string, recruiterId: string, who: User = manager) =>
    request(ctx.app)
      .post(`/apis/subscription/${subId}/recruiters`)
      .set(await bearer(who))
      .send({ recruiter_id: recruiterId });

  it('assigns up to the quantity and refuses one more with a clear message', async () => {
    const subId = await paidSubscription(1);
    const ok = await assign(subId, recruiterA.id);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ quantity: 1, seats_used: 1, seats_remaining: 0, state: 'payed', active: true });
    const sub = await Subscription.findOne({ where: { sub_id: subId }, rejectOnEmpty: true });
    const read = await request(ctx.app)
      .get(`/apis/subscription/${sub.id}`)
      .set(await bearer(manager));
    expect(read.body.Item).toMatchObject({ state: 'payed', active: true, seats_used: 1, seats_remaining: 0, sub_recruiters: [{ sub: recruiterA.id }] });
    const over = await assign(subId, recruiterB.id);
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('no_seats_left');
    expect(over.body.message).toMatch(/déjà attribués/);
    // Freeing the seat lets another recruiter take it.
    const freed = await request(ctx.app)
      .delete(`/apis/subscription/${subId}/recruiters/${recruiterA.id}`)
      .set(await bearer(manager));
    expect(freed.status).toBe(200);
    expect(freed.body.seats_remaining).toBe(1);
    expect((await assign(subId, recruiterB.id)).status).toBe(201);
  });

  it('the console seats action applies the same rule', async () => {
    const subId = await paidSubscription(1);
    const sub = await Subscription.findOne({ where: { sub_id: subId }, rejectOnEmpty: true });
    const act = async (body: object, who: User = manager) =>
      request(ctx.app)
        .post(`/apis/console/subscriptions/${sub.id}/seats`)
        .set(await bearer(who))
        .send(body);
    const ok = await act({ add: recruiterA.id });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ seats_used: 1, seats_remaining: 0 });
    const over = await act({ add: recruiterB.id });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('no_seats_left');
    expect((await act({ add: recruiterB.id, remove: recruiterA.id })).status).toBe(400);
    expect((await act({ remove: recruiterA.id })).body.seats_remaining).toBe(1);
  });

  it('gives the last seat once when two assignments race', async () => {
    const subId = await paidSubscription(1);
    const [a, b] = await Promise.all([assign(subId, recruiterA.id), assign(subId, recruiterB.id)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const sub = await Subscription.findOne({ where: { sub_id: subId }, rejectOnEmpty: true });
    expect(await SubscriptionRecruiter.count({ where: { subscription_id: sub.id } })).toBe(1);
  });

  it("refuses a recruiter outside the manager's team, and another company's subscription", async () => {
    const subId = await paidSubscription(2);
    expect((await assign(subId, outsider.id)).status).toBe(404);
    expect((await assign(subId, recruiterA.id, outsider)).status).toBe(404);
  });

  it('an expired subscription reads inactive and gives no seat (read-time expiry)', async () => {
    const subId = await paidSubscription(2);
    const sub = await Subscription.findOne({ where: { sub_id: subId }, rejectOnEmpty: true });
    await sub.update({ expires_at: new Date(Date.now() - 1000) });
    const res = await assign(subId, recruiterA.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('subscription_not_active');
    const admin = await makeUser({ profile: 'recruiter', is_admin: true });
    const read = await request(ctx.app)
      .get(`/apis/console/subscriptions/${sub.id}`)
      .set(await bearer(admin));
    expect(read.body).toMatchObject({ active: false });
    // The manager's GET /apis/subscription/{id} reads it the same way (one rule).
    const mine = await request(ctx.app)
      .get(`/apis/subscription/${sub.id}`)
      .set(await bearer(manager));
    expect(mine.status).toBe(200);
    expect(mine.body.Item).toMatchObject({ sub_id: subId, state: 'expired', active: false, sub_quantity: 2, seats_used: 0, seats_remaining: 2 });
  });
});

describe('the daily expiry job', () => {
  it('runs on the job queue once a day and writes expired on the paid subscriptions past their expiry', async () => {
    expect(RECURRING).toContainEqual({ name: 'subscription-expiry', everyMs: 24 * 3600_000, queue: 'lifecycle' });
    const past = await Subscription.create({ sub_id: 'sub_daily_past', user_id: manager.id, plan_id: 'franchise_demo', quantity: 1, state: 'payed', expires_at: new Date(Date.now() - 60_000) });
    const future = await Subscription.create({ sub_id: 'sub_daily_future', user_id: manager.id, plan_id: 'franchise_demo', quantity: 1, state: 'payed', expires_at: new Date(Date.now() + 86400_000) });
    const worker = startJobs(ctx.deps);
    try {
      await expect.poll(async () => (await past.reload()).state, { timeout: 15_000, interval: 200 }).toBe('expired');
    } finally {
      await worker.stop(5000);
    }
    expect((await future.reload()).state).toBe('payed');
    expect(await Job.count({ where: { name: 'subscription-expiry' } })).toBe(1);
  });
});

describe('without Stripe keys', () => {
  it('every step says payments are not configured, and none stores a subscription (decision 243)', async () => {
    // The same database, an app whose settings have no Stripe keys.
    const bare = createApp({ ...ctx.deps, settings: { ...ctx.settings, stripe: {} } });
    const who = await makeUser({ profile: 'manager', user_plan: 'bplan' });
    const before = await Subscription.count();
    const billing = await request(bare)
      .post('/apis/subscription')
      .send({ action: 'billing_informations', sub_plan_id: 'franchise_demo', ...BILLING });
    expect(billing.status).toBe(503);
    expect(billing.body.error).toBe('payments_not_configured');
    expect(billing.body.message).toMatch(/paiement en ligne n’est pas configuré/);
    const pending = await Subscription.create({ sub_id: 'sub_nokeys_1', user_id: who.id, plan_id: 'franchise_demo', quantity: 1, state: 'pending', expires_at: null });
    const res = await request(bare)
      .post('/apis/subscription')
      .set(await bearer(who))
      .send({ action: 'checkout', sub_id: pending.sub_id, sub_quantity: 1 });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('payments_not_configured');
    await pending.destroy();
    expect(await Subscription.count()).toBe(before);
    // Webhooks cannot be checked either: 503, nothing stored.
    const hook = await request(bare).post('/apis/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', 't=1,v1=x').send('{}');
    expect(hook.status).toBe(503);
  });
});
