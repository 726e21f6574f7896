// What a paid subscription gives (issue 23; back-office.md sections 2 to 6; decisions 240 to 242):
// a free recruiter is refused the control tower with the subscribers' message; paying (Stripe
// double + signed webhook) makes them a manager; seats are given through one rule on every path
// (assign, new recruiter form, staff console), race-safe; a seat holder reaches the subscriber's
// shops and offers; cancellation, a failed payment past its grace and the daily sweep take all of
// that away and nothing else; billing self-service through Stripe's Billing Portal and invoices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { createApp } from '../../api/app.js';
import { bearer } from '../helpers/auth.js';
import { makeOffer, makeShop, makeUser } from '../helpers/fixtures.js';
import { startStripeDouble, type StripeDouble } from '../helpers/stripe-double.js';
import { ManagerRecruiter, Shop, Subscription, SubscriptionRecruiter, User } from '../../models/index.js';
import { expireSubscriptions } from '../../api/services/billing/subscription-states.service.js';
import { PAYMENT_GRACE_DAYS } from '../../models/rules/subscription.js';

let ctx: TestContext;
let stripe: StripeDouble;

beforeAll(async () => {
  stripe = await startStripeDouble();
  ctx = await createTestContext({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.base });
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

async function deliver(event: object) {
  const payload = JSON.stringify(event);
  const res = await request(ctx.app).post('/apis/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', stripe.sign(payload)).send(payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.outcome as string;
}

/** A free recruiter subscribes and pays for `quantity` points of sale; answers the subscription row. */
async function subscribe(owner: User, quantity: number): Promise<Subscription> {
  const auth = await bearer(owner);
  const reg = await request(ctx.app).post('/apis/subscription').set(auth).send({ action: 'sub_register', sub_plan_id: 'franchise_demo', sub_quantity: quantity });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  const co = await request(ctx.app).post('/apis/subscription').set(auth).send({ action: 'checkout', sub_id: reg.body.sub_id, sub_quantity: quantity });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  expect(await deliver(stripe.complete(co.body.hpid))).toBe('applied');
  return (await Subscription.findOne({ where: { sub_id: reg.body.sub_id } }))!;
}

const me = async (u: User) =>
  (
    await request(ctx.app)
      .get('/apis/auth/me')
      .set(await bearer(u))
  ).body as { is_manager: boolean };
const home = async (u: User) =>
  request(ctx.app)
    .get('/apis/manager')
    .set(await bearer(u));
const seat = async (caller: User, sub: Subscription, recruiterId: string) =>
  request(ctx.app)
    .post(`/apis/subscription/${sub.sub_id}/recruiters`)
    .set(await bearer(caller))
    .send({ recruiter_id: recruiterId });
const NEW_RECRUITER = { name: 'Nadia Vendeuse', email: 'nadia.vendeuse@example.fr', password: 'motdepasse1', shopname: 'Boutique Lille', street: '3 rue Nationale', zip_code: '59000', city: 'Lille' };

describe('a paid subscription makes its owner a manager, and its end takes it away', () => {
  it('free recruiter refused with the subscribers message; paid: control tower; seat holder reaches the shops; canceled: refused again', async () => {
    const owner = await makeUser({ profile: 'recruiter', name: 'Paul Gérant', email: 'paul.gerant@example.fr' });
    expect((await me(owner)).is_manager).toBe(false);
    const refused = await home(owner);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'manager_access_not_allowed', message: 'Access to the control tower is reserved for subscribers' });

    const sub = await subscribe(owner, 2);
    expect(sub.state).toBe('payed');
    expect((await me(owner)).is_manager).toBe(true);
    expect((await home(owner)).status).toBe(200);

    // The new recruiter form: the spec's rules first, nothing stored when refused.
    const auth = await bearer(owner);
    const bad = await request(ctx.app)
      .post(`/apis/subscription/${sub.sub_id}/recruiters/new`)
      .set(auth)
      .send({ ...NEW_RECRUITER, street: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'invalid_address' });
    expect(bad.body.message).toMatch(/Adresse invalide/);
    const short = await request(ctx.app)
      .post(`/apis/subscription/${sub.sub_id}/recruiters/new`)
      .set(auth)
      .send({ ...NEW_RECRUITER, name: 'Nad' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Erreur: Name -> au moins 4 lettres, password -> au moins 6 et email -> au moins 14');
    expect(await User.count({ where: { email: NEW_RECRUITER.email } })).toBe(0);

    const added = await request(ctx.app).post(`/apis/subscription/${sub.sub_id}/recruiters/new`).set(auth).send(NEW_RECRUITER);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ seats_used: 1, seats_remaining: 1, recruiter: { email: NEW_RECRUITER.email } });
    const nadia = (await User.findOne({ where: { email: NEW_RECRUITER.email } }))!;
    expect(nadia.profile).toBe('recruiter');
    const again = await request(ctx.app).post(`/apis/subscription/${sub.sub_id}/recruiters/new`).set(auth).send(NEW_RECRUITER);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This user already exists');

    // The manager's page lists the seat holders, used and left.
    const detail = await request(ctx.app).get(`/apis/subscription/${sub.id}`).set(auth);
    expect(detail.body.Item).toMatchObject({ sub_quantity: 2, seats_used: 1, seats_remaining: 1, active: true, sub_recruiters: [{ sub: nadia.id, email: NEW_RECRUITER.email }] });

    // The seat holder reaches the subscriber's shops and offers.
    const ownerOffer = await makeOffer(owner, { title: 'Vendeur Lille' });
    expect((await me(nadia)).is_manager).toBe(true);
    const shops = await request(ctx.app)
      .get('/apis/shops')
      .set(await bearer(nadia));
    expect(shops.status).toBe(200);
    expect(shops.body.Items.map((s: { content: { shopname: string } }) => s.content.shopname)).toContain('Boutique Lille');
    const consoleShops = await request(ctx.app)
      .get('/apis/console/shops')
      .set(await bearer(nadia));
    expect(consoleShops.status).toBe(200);
    expect(consoleShops.body.map((s: { shopname: string }) => s.shopname)).toContain('Boutique Lille');
    const offers = await request(ctx.app)
      .get('/apis/console/offers')
      .set(await bearer(nadia));
    expect(offers.body.map((o: { job_code: string }) => o.job_code)).toContain(ownerOffer.job_code);
    // ...to read: the subscriber's shop is not theirs to change.
    const shopId = (await Shop.findOne({ where: { manager_id: owner.id } }))!.id;
    const edit = await request(ctx.app)
      .put(`/apis/console/shops/${shopId}`)
      .set(await bearer(nadia))
      .send({ shopname: 'Pris' });
    expect(edit.status).toBe(404);

    // Stripe ends the subscription (Billing Portal cancel): the control tower is refused again.
    expect(await deliver(stripe.cancel(sub.stripe_subscription_id!))).toBe('applied');
    expect((await sub.reload()).state).toBe('canceled');
    expect((await me(owner)).is_manager).toBe(false);
    expect((await home(owner)).body.message).toBe('Access to the control tower is reserved for subscribers');
    expect((await me(nadia)).is_manager).toBe(false);
    const after = await request(ctx.app)
      .get('/apis/shops')
      .set(await bearer(nadia));
    expect(after.status).toBe(403);
    expect(after.body.message).toBe('Access to the control tower is reserved for subscribers');
    // ...and nothing else: the shop, the account and the seat record stay; no seat can be given.
    expect(await Shop.count({ where: { manager_id: owner.id } })).toBe(1);
    expect(await SubscriptionRecruiter.count({ where: { subscription_id: sub.id } })).toBe(1);
    const late = await request(ctx.app)
      .post(`/apis/subscription/${sub.sub_id}/recruiters/new`)
      .set(auth)
      .send({ ...NEW_RECRUITER, email: 'autre.vendeur@example.fr' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('subscription_not_active');
    expect(await User.count({ where: { email: 'autre.vendeur@example.fr' } })).toBe(0);
  });

  it('a failed payment keeps the control tower during its grace, then takes it away; the daily sweep writes expired', async () => {
    const owner = await makeUser({ profile: 'recruiter' });
    const sub = await subscribe(owner, 1);
    const failed = stripe.event('invoice.payment_failed', { id: 'in_failed_1', object: 'invoice', customer: sub.stripe_customer_id, subscription: sub.stripe_subscription_id, lines: { data: [] } });
    expect(await deliver(failed)).toBe('applied');
    expect((await sub.reload()).state).toBe('unpaid');
    expect((await me(owner)).is_manager).toBe(true); // within the grace
    // The paid period ended more than the grace ago: nothing is given any more.
    await sub.update({ expires_at: new Date(Date.now() - (PAYMENT_GRACE_DAYS + 1) * 86_400_000) });
    expect((await me(owner)).is_manager).toBe(false);
    expect((await home(owner)).status).toBe(403);
    expect(await expireSubscriptions(new Date())).toBeGreaterThanOrEqual(1);
    expect((await sub.reload()).state).toBe('expired');
    // A paid retry makes it payed again.
    const paid = stripe.event('invoice.paid', {
      id: 'in_paid_2',
      object: 'invoice',
      customer: sub.stripe_customer_id,
      subscription: sub.stripe_subscription_id,
      lines: { data: [{ period: { start: Math.floor(Date.now() / 1000), end: Math.floor(Date.now() / 1000) + 30 * 86400 } }] },
    });
    expect(await deliver(paid)).toBe('applied');
    expect((await sub.reload()).state).toBe('payed');
    expect((await me(owner)).is_manager).toBe(true);
  });

  it('a paid subscription past its expiry gives nothing at once; the sweep stores expired; the manager list is kept', async () => {
    const owner = await makeUser({ profile: 'recruiter' });
    const sub = await subscribe(owner, 1);
    expect((await me(owner)).is_manager).toBe(true);
    await sub.update({ expires_at: new Date(Date.now() - 1000) });
    expect((await me(owner)).is_manager).toBe(false);
    await expireSubscriptions(new Date());
    expect((await sub.reload()).state).toBe('expired');
    // What the manager rule gave before (a plan) is untouched by any subscription's end.
    const planned = await makeUser({ profile: 'recruiter', user_plan: 'bplan' });
    const s2 = await subscribe(planned, 1);
    expect(await deliver(stripe.cancel(s2.stripe_subscription_id!))).toBe('applied');
    expect((await me(planned)).is_manager).toBe(true);
  });
});

describe('seats: one rule on every path', () => {
  it('20 parallel assigns on the last seat, through the REST call, the staff console and the new recruiter form, give one seat', async () => {
    const owner = await makeUser({ profile: 'recruiter' });
    const staff = await makeUser({ profile: 'recruiter', is_admin: true });
    const sub = await subscribe(owner, 2);
    const first = await makeUser({ profile: 'recruiter' });
    await makeShop(owner, { recruiter_id: first.id });
    expect((await seat(owner, sub, first.id)).status).toBe(201);
    const team = await Promise.all(Array.from({ length: 16 }, () => makeUser({ profile: 'recruiter' })));
    for (const r of team) await makeShop(owner, { recruiter_id: r.id });
    const ownerAuth = await bearer(owner);
    const staffAuth = await bearer(staff);
    const calls = [
      ...team.slice(0, 14).map((r) => request(ctx.app).post(`/apis/subscription/${sub.sub_id}/recruiters`).set(ownerAuth).send({ recruiter_id: r.id })),
      ...team.slice(14).map((r) => request(ctx.app).post(`/apis/console/subscriptions/${sub.id}/seats`).set(staffAuth).send({ add: r.id })),
      ...[1, 2, 3, 4].map((i) =>
        request(ctx.app)
          .post(`/apis/subscription/${sub.sub_id}/recruiters/new`)
          .set(ownerAuth)
          .send({ ...NEW_RECRUITER, email: `course.${i}@example.fr` }),
      ),
    ];
    expect(calls).toHaveLength(20);
    const answers = await Promise.all(calls);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error).toBe('no_seats_left');
    expect(await SubscriptionRecruiter.count({ where: { subscription_id: sub.id } })).toBe(2);
    // The refused new recruiters left no account behind.
    expect(await User.count({ where: { email: ['course.1@example.fr', 'course.2@example.fr', 'course.3@example.fr', 'course.4@example.fr'] } })).toBeLessThanOrEqual(1);
    expect(ctx.answers.serverErrors).toEqual([]);
  });

  it('assign an existing recruiter of the company, release, and refuse one of another company', async () => {
    const owner = await makeUser({ profile: 'recruiter' });
    const sub = await subscribe(owner, 1);
    const mine = await makeUser({ profile: 'recruiter', name: 'Léa Équipe' });
    await makeShop(owner, { recruiter_id: mine.id });
    const outsider = await makeUser({ profile: 'recruiter' });
    const detail = await request(ctx.app)
      .get(`/apis/subscription/${sub.id}`)
      .set(await bearer(owner));
    expect(detail.body.Item.assignable.map((p: { sub: string }) => p.sub)).toContain(mine.id);
    expect(detail.body.Item.assignable.map((p: { sub: string }) => p.sub)).not.toContain(outsider.id);
    expect((await seat(owner, sub, outsider.id)).status).toBe(404);
    expect((await seat(owner, sub, mine.id)).status).toBe(201);
    const full = await seat(owner, sub, owner.id);
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/déjà attribués/);
    const released = await request(ctx.app)
      .delete(`/apis/subscription/${sub.sub_id}/recruiters/${mine.id}`)
      .set(await bearer(owner));
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ seats_used: 0, seats_remaining: 1 });
    // A recruiter who held a seat stays of the company: assignable again.
    expect((await seat(owner, sub, mine.id)).status).toBe(201);
    // The manager list is not touched by seats.
    expect(await ManagerRecruiter.count({ where: { manager_id: owner.id } })).toBe(0);
  });

  it('the staff console seats action takes { add } or { remove } and answers the same refusals', async () => {
    const owner = await makeUser({ profile: 'recruiter' });
    const staff = await makeUser({ profile: 'recruiter', is_admin: true });
    const sub = await subscribe(owner, 1);
    const a = await makeUser({ profile: 'recruiter' });
    const b = await makeUser({ profile: 'recruiter' });
    const auth = await bearer(staff);
    const empty = await request(ctx.app).post(`/apis/console/subscriptions/${sub.id}/seats`).set(auth).send({});
    expect(empty.status).toBe(400);
    expect((await request(ctx.app).post(`/apis/console/subscriptions/${sub.id}/seats`).set(auth).send({ add: a.id })).status).toBe(200);
    const over = await request(ctx.app).post(`/apis/console/subscriptions/${sub.id}/seats`).set(auth).send({ add: b.id });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('no_seats_left');
    expect((await request(ctx.app).post(`/apis/console/subscriptions/${sub.id}/seats`).set(auth).send({ remove: a.id })).status).toBe(200);
    expect(await SubscriptionRecruiter.count({ where: { subscription_id: sub.id } })).toBe(0);
  });
});

describe('billing self-service', () => {
  it('opens a Stripe Billing Portal session and lists the paid invoices with their PDF', async () => {
    const owner = await makeUser({ profile: 'recruiter' });
    const sub = await subscribe(owner, 3);
    const auth = await bearer(owner);
    const portal = await request(ctx.app).post(`/apis/subscription/${sub.sub_id}/billing-portal`).set(auth).send({});
    expect(portal.status, JSON.stringify(portal.body)).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${stripe.base}/billing/bps_`));
    const call = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(call.params).toMatchObject({ customer: sub.stripe_customer_id, return_url: `${ctx.settings.publicUrl}/manager/subscription/${sub.id}` });
    const invoices = await request(ctx.app).get(`/apis/subscription/${sub.sub_id}/invoices`).set(auth);
    expect(invoices.status).toBe(200);
    expect(invoices.body.Items).toHaveLength(1);
    expect(invoices.body.Items[0]).toMatchObject({ amount_paid: 14700, currency: 'eur' });
    const pdf = await fetch(invoices.body.Items[0].invoice_pdf);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // Another company's subscription: 404.
    const other = await makeUser({ profile: 'recruiter' });
    expect(
      (
        await request(ctx.app)
          .post(`/apis/subscription/${sub.sub_id}/billing-portal`)
          .set(await bearer(other))
          .send({})
      ).status,
    ).toBe(404);
    expect(
      (
        await request(ctx.app)
          .get(`/apis/subscription/${sub.sub_id}/invoices`)
          .set(await bearer(other))
      ).status,
    ).toBe(404);
  });

  it('without Stripe keys: 503 payments_not_configured, and no pending subscription is left by an attempt', async () => {
    const bare = createApp({ ...ctx.deps, settings: { ...ctx.settings, stripe: {} } });
    const who = await makeUser({ profile: 'recruiter' });
    const before = await Subscription.count();
    const billing = await request(bare)
      .post('/apis/subscription')
      .send({ action: 'billing_informations', sub_plan_id: 'franchise_demo', firstname: 'A', lastname: 'B', email: 'a.b@example.fr', company_name: 'C' });
    expect(billing.status).toBe(503);
    expect(billing.body.error).toBe('payments_not_configured');
    const reg = await request(bare)
      .post('/apis/subscription')
      .set(await bearer(who))
      .send({ action: 'sub_register', sub_plan_id: 'franchise_demo', sub_quantity: 1 });
    expect(reg.status).toBe(503);
    expect(await Subscription.count()).toBe(before);
  });
});
