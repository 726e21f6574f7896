// Outbound webhooks (issue 28, docs/decisions/480-outbound-webhooks.md): endpoints per company with
// access per role; addresses refused at registration (loopback, private, IPv6 loopback, a name
// resolving inside) with stable codes and at delivery (a name that changed, a redirect); the
// signature checked by this file's own Standard Webhooks implementation; a receiver down for a
// while, the queue clock moved through the retry schedule, every event delivered once after it
// returns; an endpoint failing its whole schedule disabled with an e-mail; replay.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { Op } from 'sequelize';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { parseMail } from '../helpers/mime.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeApplication, makeOffer, makeUser } from '../helpers/fixtures.js';
import { startReceiver, type ReceivedHook } from '../helpers/webhook-receiver.js';
import { startJobs } from '../../api/jobs/index.js';
import type { Worker } from '../../api/lib/job-queue.js';
import { Application, Job, Subscription, User, WebhookAttempt, WebhookDelivery, WebhookEndpoint, transaction, type Offer } from '../../models/index.js';
import { completeIfAllReady } from '../../api/services/applications/video-answers.service.js';
import { expireSubscriptions } from '../../api/services/billing/subscription-states.service.js';
import { WEBHOOK_QUEUE, runAttempt } from '../../api/services/webhooks/webhooks.service.js';
import { systemResolve } from '../../api/integrations/webhook-http.js';

// A DNS the test controls: names under .example.test resolve as this table says.
const dnsTable = new Map<string, string[]>([
  ['hooks.example.test', ['93.184.216.34']],
  ['inside.example.test', ['10.1.2.3']],
  ['mixed.example.test', ['93.184.216.34', '192.168.1.5']],
  ['home.example.test', ['127.0.0.1']],
  ['meta.example.test', ['169.254.169.254']],
]);
// Other names (localhost) go to the system's resolver.
const resolve = async (host: string) => {
  if (!host.endsWith('.example.test')) return systemResolve(host);
  const found = dnsTable.get(host);
  if (!found) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let ctx: TestContext;
let smtp: TestSmtp;
let worker: Worker | undefined;
let manager: User;
let recruiter: User;
let otherManager: User;
let lonelyRecruiter: User;
let staff: User;
let offer: Offer;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ SMTP_URL: smtp.url, JOBS_POLL_MS: '50' });
  ctx.deps.webhookResolve = resolve;
  manager = await makeUser({ profile: 'manager', name: 'Marc Durand', email: 'marc@acme.test', customer_name: 'Acme', lang: 'en' });
  recruiter = await makeUser({ profile: 'recruiter', name: 'Claire Martin', email: 'claire@acme.test', customer_name: 'Acme' });
  await addToTeam(manager, recruiter);
  otherManager = await makeUser({ profile: 'manager', email: 'boss@other.test', customer_name: 'Other' });
  lonelyRecruiter = await makeUser({ profile: 'recruiter', email: 'solo@other.test' });
  staff = await makeUser({ profile: 'manager', email: 'staff@platform.test', is_admin: true });
  offer = await makeOffer(recruiter, { title: 'Vendeur', company_name: 'Acme' });
});
afterEach(async () => {
  await worker?.stop(5000);
  worker = undefined;
  ctx.setNow(undefined);
  ctx.deps.settings.webhooks.allowLoopback = false;
  await WebhookEndpoint.destroy({ where: {} });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const console_ = async (who: User, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown) => {
  const agent = request(ctx.app);
  const r = agent[method](`/apis/console/${path}`).set(await bearer(who));
  return body === undefined ? r : r.send(body as object);
};
const createEndpoint = (who: User, body: Record<string, unknown>) => console_(who, 'post', 'webhook-endpoints', { events: ['offer.closed'], ...body });
const listQuery = (filter: Record<string, unknown> = {}) => `?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,99]')}`;

/** Runs the worker with the clock at `at` until no webhook job is due (nor running). */
async function drain(at: number): Promise<void> {
  ctx.setNow(at);
  worker ??= startJobs({ ...ctx.deps, webhookResolve: resolve });
  const due = () => Job.count({ where: { queue: WEBHOOK_QUEUE, [Op.or]: [{ state: 'running' }, { state: 'ready', run_at: { [Op.lte]: new Date(at) } }] } });
  const deadline = Date.now() + 30_000;
  let idle = 0;
  while (idle < 3) {
    if (Date.now() > deadline) throw new Error('webhook jobs still due after 30 s');
    idle = (await due()) === 0 ? idle + 1 : 0;
    await new Promise((r) => setTimeout(r, 40));
  }
}

/**
 * The Standard Webhooks check, written here from the specification (not our signer): the secret
 * after "whsec_" is base64; the signed content is "{id}.{timestamp}.{body}"; HMAC-SHA256, base64;
 * the header lists "v1,<sig>" entries separated by spaces; compared in constant time.
 */
function verified(hook: ReceivedHook, secret: string): boolean {
  const id = String(hook.headers['webhook-id'] ?? '');
  const timestamp = String(hook.headers['webhook-timestamp'] ?? '');
  const header = String(hook.headers['webhook-signature'] ?? '');
  if (!id || !/^\d+$/.test(timestamp) || !secret.startsWith('whsec_')) return false;
  const key = Buffer.from(secret.split('_')[1], 'base64');
  const expected = crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${hook.body}`, 'utf8').digest();
  return header.split(' ').some((part) => {
    const [version, sig] = part.split(',');
    if (version !== 'v1' || !sig) return false;
    const got = Buffer.from(sig, 'base64');
    return got.length === expected.length && crypto.timingSafeEqual(got, expected);
  });
}

describe('endpoints: access per role', () => {
  it('a manager registers, reads, edits and deletes their own; another company and recruiters cannot; staff see all', async () => {
    const made = await createEndpoint(manager, { url: 'https://hooks.example.test/in', description: 'ATS', events: ['application.completed', 'offer.closed'] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ url: 'https://hooks.example.test/in', manager_id: manager.id, enabled: true, events: ['application.completed', 'offer.closed'] });
    expect(made.body.secret).toBeUndefined();
    const id = made.body.id as number;

    expect((await console_(manager, 'get', `webhook-endpoints${listQuery()}`)).body.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await console_(otherManager, 'get', `webhook-endpoints${listQuery()}`)).body).toEqual([]);
    expect((await console_(otherManager, 'get', `webhook-endpoints/${id}`)).status).toBe(404);
    expect((await console_(otherManager, 'put', `webhook-endpoints/${id}`, { description: 'mine' })).status).toBe(404);
    expect((await console_(otherManager, 'post', `webhook-endpoints/${id}/reveal`, {})).status).toBe(404);
    // A manager cannot register one for another company.
    expect((await createEndpoint(otherManager, { url: 'https://hooks.example.test/x', manager_id: manager.id })).status).toBe(403);
    // A recruiter has no webhooks.
    expect((await console_(lonelyRecruiter, 'get', `webhook-endpoints${listQuery()}`)).status).toBe(403);
    expect((await createEndpoint(lonelyRecruiter, { url: 'https://hooks.example.test/x' })).status).toBe(403);
    // Staff see every company's.
    expect((await console_(staff, 'get', `webhook-endpoints${listQuery()}`)).body.map((r: { id: number }) => r.id)).toContain(id);

    const revealed = await console_(manager, 'post', `webhook-endpoints/${id}/reveal`, {});
    expect(revealed.status).toBe(200);
    expect(revealed.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const rotated = await console_(manager, 'post', `webhook-endpoints/${id}/rotate`, {});
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(revealed.body.secret);
    expect((await WebhookEndpoint.findByPk(id))!.secret).toBe(rotated.body.secret);

    const edited = await console_(manager, 'put', `webhook-endpoints/${id}`, { events: ['offer.published'], enabled: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ events: ['offer.published'], enabled: false });
    expect((await console_(manager, 'put', `webhook-endpoints/${id}`, { events: ['offer.sold'] })).body.error).toBe('invalid_field');
    expect((await console_(manager, 'put', `webhook-endpoints/${id}`, { events: [] })).body.error).toBe('webhook_events_invalid');
    expect((await console_(manager, 'delete', `webhook-endpoints/${id}`)).status).toBe(200);
    expect(await WebhookEndpoint.count({ where: { id } })).toBe(0);
  });
});

describe('addresses refused at registration', () => {
  const cases: [string, string][] = [
    ['https://inside.example.test/hook', 'webhook_url_private_address'],
    ['https://mixed.example.test/hook', 'webhook_url_private_address'],
    ['https://home.example.test/hook', 'webhook_url_loopback'],
    ['https://meta.example.test/latest/meta-data', 'webhook_url_private_address'],
    ['https://127.0.0.1/hook', 'webhook_url_loopback'],
    ['https://[::1]/hook', 'webhook_url_loopback'],
    ['https://[::ffff:10.0.0.1]/hook', 'webhook_url_private_address'],
    ['https://[fd00:ec2::254]/hook', 'webhook_url_private_address'],
    ['https://[fe80::1]/hook', 'webhook_url_private_address'],
    ['https://100.64.0.1/hook', 'webhook_url_private_address'],
    ['https://0.0.0.0/hook', 'webhook_url_private_address'],
    ['https://224.0.0.1/hook', 'webhook_url_private_address'],
    ['https://localhost/hook', 'webhook_url_loopback'],
    ['http://hooks.example.test/hook', 'webhook_url_not_https'],
    // Not an http(s) address at all: the declared field's own check.
    ['ftp://hooks.example.test/hook', 'invalid_field'],
    ['https://user:pw@hooks.example.test/hook', 'webhook_url_invalid'],
    ['https://nowhere.example.test/hook', 'webhook_url_unresolvable'],
  ];
  it.each(cases)('%s → 400 %s, nothing stored', async (url, code) => {
    const res = await createEndpoint(manager, { url });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect(res.body.message).not.toBe(code);
    expect(await WebhookEndpoint.count()).toBe(0);
  });

  it('the test setting lets loopback through (http too), never a private address', async () => {
    ctx.deps.settings.webhooks.allowLoopback = true;
    expect((await createEndpoint(manager, { url: 'http://127.0.0.1:9/hook' })).status).toBe(201);
    expect((await createEndpoint(manager, { url: 'http://[::1]:9/hook' })).status).toBe(201);
    expect((await createEndpoint(manager, { url: 'http://hooks.example.test/hook' })).body.error).toBe('webhook_url_not_https');
    expect((await createEndpoint(manager, { url: 'https://inside.example.test/hook' })).body.error).toBe('webhook_url_private_address');
  });
});

/** Closes the offer then opens it again: two events through the real route. */
async function closeAndReopen(): Promise<void> {
  for (const active of [false, true]) {
    const res = await request(ctx.app)
      .post(`/apis/offer/${offer.job_code}`)
      .set(await bearer(manager))
      .send({ active });
    expect(res.status).toBe(200);
  }
}

describe('deliveries', () => {
  it('a receiver down for a while: retries on the schedule, then every event delivered once, each signature valid', async () => {
    ctx.deps.settings.webhooks.allowLoopback = true;
    const receiver = await startReceiver();
    const t0 = Date.now();
    ctx.setNow(t0);
    const made = await createEndpoint(manager, { url: receiver.url(), events: ['application.completed', 'application.state_changed', 'offer.published', 'offer.closed', 'subscription.changed'] });
    expect(made.status).toBe(201);
    const secret = (await console_(manager, 'post', `webhook-endpoints/${made.body.id}/reveal`, {})).body.secret as string;
    // An endpoint of another company hears nothing of this offer.
    await createEndpoint(otherManager, { url: receiver.url('/other'), events: ['offer.closed', 'offer.published'] });

    // Up: the offer closed and opened again, an application completed.
    await closeAndReopen();
    const candidate = await makeUser({ profile: 'candidate', email: 'lea@example.test' });
    const application = await makeApplication(candidate, offer, { state: 'applying' });
    await transaction((t) => completeIfAllReady(application.id, t, new Date(t0)));
    await drain(t0);
    expect(receiver.hooks).toHaveLength(3);

    // Down: a move of the candidate, the offer closed and opened again, a subscription expired.
    await receiver.stop();
    const moved = await request(ctx.app)
      .post(`/apis/application/${offer.job_code}/${candidate.id}`)
      .set(await bearer(recruiter))
      .send({ recruiter_state: 'shortlist' });
    expect(moved.status).toBe(200);
    await closeAndReopen();
    await Subscription.create({ sub_id: 'sub_hook_1', user_id: manager.id, plan_id: 'pro', state: 'payed', expires_at: new Date(t0 - 1000) } as never);
    await expireSubscriptions(new Date(t0));
    await drain(t0);
    const waiting = await WebhookDelivery.findAll({ where: { state: 'pending' } });
    expect(waiting).toHaveLength(4);
    for (const d of waiting) expect(d.attempts).toBe(1);
    // The second attempt 5 s later, the third 5 min after that: still down.
    await drain(t0 + 5_500);
    await drain(t0 + 5_500 + 5 * 60_000 + 500);
    expect(await WebhookAttempt.count({ where: { delivery_id: waiting.map((d) => d.id) } })).toBe(12);
    const failedOnes = await WebhookAttempt.findAll({ where: { delivery_id: waiting[0].id }, order: [['attempt', 'ASC']] });
    expect(failedOnes.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [1, null, 'connection_failed'],
      [2, null, 'connection_failed'],
      [3, null, 'connection_failed'],
    ]);
    // Before the fourth attempt is due nothing runs.
    await drain(t0 + 5_500 + 5 * 60_000 + 60_000);
    expect(await WebhookAttempt.count({ where: { delivery_id: waiting.map((d) => d.id) } })).toBe(12);

    // Back: the fourth attempt, 30 min later, delivers all four.
    await receiver.start();
    await drain(t0 + 5_500 + 35 * 60_000 + 1_000);
    expect(await WebhookDelivery.count({ where: { state: 'delivered' } })).toBe(7);

    const ours = receiver.hooks.filter((h) => h.path === '/hooks');
    for (const hook of ours) expect(verified(hook, secret)).toBe(true);
    // A tampered body or another secret fails the check (the check itself can fail).
    expect(verified({ ...ours[0], body: ours[0].body.replace('"type"', '"typ"') }, secret)).toBe(false);
    expect(verified(ours[0], `whsec_${crypto.randomBytes(24).toString('base64')}`)).toBe(false);
    const ids = ours.map((h) => String(h.headers['webhook-id']));
    expect(new Set(ids).size).toBe(ids.length);
    const types = ours.map((h) => (JSON.parse(h.body) as { type: string }).type).sort();
    expect(types).toEqual(['application.completed', 'application.state_changed', 'offer.closed', 'offer.closed', 'offer.published', 'offer.published', 'subscription.changed'].sort());
    const move = ours.map((h) => JSON.parse(h.body) as { type: string; data: Record<string, unknown> }).find((b) => b.type === 'application.state_changed')!;
    expect(move.data).toMatchObject({ job_code: offer.job_code, candidate_sub: candidate.id, recruiter_state: 'shortlist', previous_state: 'new' });
    // The other company's endpoint heard nothing of Acme's offer.
    expect(receiver.hooks.filter((h) => h.path === '/other')).toHaveLength(0);
    // Each attempt logged with its status, duration and the answer's start.
    const ok = await WebhookAttempt.findOne({ where: { delivery_id: waiting[0].id, attempt: 4 } });
    expect(ok).toMatchObject({ status_code: 200, response_body: 'ok', error: null });
    expect(ok!.duration_ms).toBeGreaterThanOrEqual(0);
    await receiver.stop();
    await Application.destroy({ where: { id: application.id } });
  }, 90_000);

  it('refused at delivery: a name now resolving to loopback, a redirect not followed', async () => {
    const t0 = Date.now();
    ctx.setNow(t0);
    const made = await createEndpoint(manager, { url: 'https://hooks.example.test/in' });
    expect(made.status).toBe(201);
    // The name's answer changes after registration (DNS rebinding): the delivery does not go there.
    dnsTable.set('hooks.example.test', ['127.0.0.1']);
    try {
      await closeAndReopen();
      await drain(t0);
    } finally {
      dnsTable.set('hooks.example.test', ['93.184.216.34']);
    }
    const [attempt] = await WebhookAttempt.findAll({ order: [['id', 'DESC']], limit: 1 });
    expect(attempt).toMatchObject({ attempt: 1, status_code: null, error: 'webhook_url_loopback' });
    await WebhookEndpoint.destroy({ where: {} });

    // A redirect toward an inside address: logged as a failure, never followed.
    ctx.deps.settings.webhooks.allowLoopback = true;
    const receiver = await startReceiver();
    const target = await startReceiver();
    receiver.answer = { status: 307, headers: { location: target.url('/stolen') } };
    await worker?.stop(5000);
    worker = undefined;
    expect((await createEndpoint(manager, { url: receiver.url() })).status).toBe(201);
    await closeAndReopen();
    await drain(t0);
    expect(receiver.hooks).toHaveLength(1);
    expect(target.hooks).toHaveLength(0);
    const [redirected] = await WebhookAttempt.findAll({ order: [['id', 'DESC']], limit: 1 });
    expect(redirected).toMatchObject({ status_code: 307, error: 'redirect_not_followed' });
    await receiver.stop();
    await target.stop();
  }, 60_000);

  it('an endpoint failing its whole schedule is disabled and its manager told; replay after it is on again', async () => {
    ctx.deps.settings.webhooks.allowLoopback = true;
    const receiver = await startReceiver();
    receiver.answer = { status: 500, body: 'x'.repeat(5000) };
    const t0 = Date.now();
    ctx.setNow(t0);
    const made = await createEndpoint(manager, { url: receiver.url() });
    await closeAndReopen();
    let at = t0;
    await drain(at);
    for (const wait of [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000]) {
      at += wait + 1_000;
      await drain(at);
    }
    expect(receiver.hooks).toHaveLength(7);
    const delivery = (await WebhookDelivery.findOne({ where: { endpoint_id: made.body.id } }))!;
    expect(delivery).toMatchObject({ state: 'failed', attempts: 7, last_status: 500 });
    const logged = await WebhookAttempt.findAll({ where: { delivery_id: delivery.id } });
    expect(logged).toHaveLength(7);
    for (const a of logged) expect(a.response_body).toHaveLength(1000);
    expect((await WebhookEndpoint.findByPk(made.body.id))!.enabled).toBe(false);
    const mail = await smtp.next('marc@acme.test');
    expect(parseMail(mail.raw).subject).toBe(`Webhook disabled: ${receiver.url()}`);

    // Off: new events are not delivered, a replay is refused.
    await closeAndReopen();
    expect(await WebhookDelivery.count({ where: { endpoint_id: made.body.id } })).toBe(1);
    const refused = await console_(manager, 'post', `webhook-deliveries/${delivery.id}/replay`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('webhook_endpoint_disabled');
    // Another company cannot see or replay it.
    expect((await console_(otherManager, 'post', `webhook-deliveries/${delivery.id}/replay`, {})).status).toBe(404);
    expect((await console_(lonelyRecruiter, 'get', `webhook-deliveries${listQuery()}`)).status).toBe(403);

    // On again, the receiver fixed: the replay goes with the same webhook-id.
    expect((await console_(manager, 'put', `webhook-endpoints/${made.body.id}`, { enabled: true })).body.enabled).toBe(true);
    receiver.answer = { status: 204 };
    // The worker paused, so that the replay is still under way when it is asked again.
    await worker?.stop(5000);
    worker = undefined;
    const replay = await console_(manager, 'post', `webhook-deliveries/${delivery.id}/replay`, {});
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ attempt: 8 });
    expect((await console_(manager, 'post', `webhook-deliveries/${delivery.id}/replay`, {})).body.error).toBe('webhook_delivery_pending');
    await drain(at);
    expect(receiver.hooks).toHaveLength(8);
    expect(receiver.hooks[7].headers['webhook-id']).toBe(delivery.msg_id);
    const shown = await console_(manager, 'get', `webhook-deliveries/${delivery.id}`);
    expect(shown.body).toMatchObject({ state: 'delivered', attempts: 8, last_status: 204, url: receiver.url() });
    expect(shown.body.attempt_log).toHaveLength(8);
    expect(shown.body.attempt_log[7]).toMatchObject({ attempt: 8, status_code: 204, error: null });
    await receiver.stop();
  }, 90_000);

  it('a receiver that does not answer in time: the attempt ends at the timeout, logged, and the next one is scheduled', async () => {
    ctx.deps.settings.webhooks.allowLoopback = true;
    // Accepts the connection, reads the request, never answers.
    const silent = http.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/slow`;
    const t0 = Date.now();
    ctx.setNow(t0);
    expect((await createEndpoint(manager, { url })).status).toBe(201);
    await closeAndReopen();
    const delivery = (await WebhookDelivery.findOne({ where: { event_type: 'offer.closed' }, order: [['id', 'DESC']] }))!;
    const started = Date.now();
    const outcome = await runAttempt({ net: { allowLoopback: true, resolve }, clock: ctx.deps.clock, timeoutMs: 300 }, { delivery_id: delivery.id, attempt: 1 });
    expect(outcome).toBe('retry');
    expect(Date.now() - started).toBeLessThan(3_000);
    const logged = (await WebhookAttempt.findOne({ where: { delivery_id: delivery.id } }))!;
    expect(logged).toMatchObject({ attempt: 1, status_code: null, error: 'timeout' });
    expect(logged.duration_ms).toBeGreaterThanOrEqual(300);
    const after = (await WebhookDelivery.findByPk(delivery.id))!;
    expect(after.next_attempt_at!.getTime()).toBe(t0 + 5_000);
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
  }, 30_000);
});
