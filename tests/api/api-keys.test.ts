// API keys (issue 28, docs/decisions/485-api-keys.md): a manager makes a key with scopes in the
// console; the key is answered once and never listed; sent as a Bearer it reads exactly what the
// manager reads through the same routes (never another company's rows), only on its scopes' routes,
// never on staff routes, billing or key management; a revoked key is refused; each key has its
// requests a minute (429 with Retry-After); its last use is written once a minute at most.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeApplication, makeOffer, makeUser } from '../helpers/fixtures.js';
import { ApiKey, ApiKeyMinute, type Offer, type User } from '../../models/index.js';
import { apiKeyHash } from '../../api/auth/api-keys.js';
import { createApiKey } from '../../api/services/accounts/api-keys.service.js';

const PER_MINUTE = 5;
const MIN = 60_000;

let ctx: TestContext;
let manager: User;
let recruiter: User;
let otherManager: User;
let otherRecruiter: User;
let admin: User;
let offer: Offer;
let otherOffer: Offer;

beforeAll(async () => {
  ctx = await createTestContext({ API_KEY_REQUESTS_PER_MINUTE: String(PER_MINUTE) });
  manager = await makeUser({ profile: 'manager', name: 'Marc Durand', email: 'marc@acme.test', customer_name: 'Acme' });
  recruiter = await makeUser({ profile: 'recruiter', name: 'Claire Martin', email: 'claire@acme.test', customer_name: 'Acme' });
  await addToTeam(manager, recruiter);
  otherManager = await makeUser({ profile: 'manager', email: 'boss@other.test', customer_name: 'Other' });
  otherRecruiter = await makeUser({ profile: 'recruiter', email: 'rec@other.test', customer_name: 'Other' });
  await addToTeam(otherManager, otherRecruiter);
  admin = await makeUser({ profile: 'manager', is_admin: true, email: 'staff@platform.test' });
  offer = await makeOffer(recruiter, { title: 'Vendeur', company_name: 'Acme' });
  otherOffer = await makeOffer(otherRecruiter, { title: 'Caissier', company_name: 'Other' });
  await makeApplication(await makeUser({ profile: 'candidate', email: 'lea@example.test', name: 'Léa Dupont' }), offer);
  await makeApplication(await makeUser({ profile: 'candidate', email: 'tom@example.test', name: 'Tom Petit' }), otherOffer);
});
afterAll(async () => ctx?.close());

/** A minute of its own for each test's rate count: the clock moves a minute ahead. */
let minute = Math.floor(Date.now() / MIN) + 10;
const nextMinute = () => ctx.setNow(++minute * MIN + 1000);

async function createKey(who: User, body: Record<string, unknown>) {
  return request(ctx.app)
    .post('/apis/console/api-keys')
    .set(await bearer(who))
    .send(body);
}
async function keyOf(who: User, scopes: string[], name = 'ATS'): Promise<{ id: number; key: string }> {
  const res = await createKey(who, { name, scopes });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, key: res.body.key as string };
}
const withKey = (key: string) => ({ Authorization: `Bearer ${key}` });

describe('making and listing keys', () => {
  it('answers the key once, stores only its hash, and the list shows the prefix, never the key', async () => {
    nextMinute();
    const res = await createKey(manager, { name: 'Recruitee', scopes: ['read_applications', 'write_offers'] });
    expect(res.status).toBe(201);
    const key = res.body.key as string;
    expect(key).toMatch(/^vrk_[A-Za-z0-9_-]{43}$/);
    expect(res.body.prefix).toBe(key.slice(0, 12));
    expect(res.body.scopes).toEqual(['read_applications', 'write_offers']);
    expect(res.body.created_by_name).toBe('Marc Durand');
    const row = await ApiKey.findByPk(res.body.id as number);
    expect(row!.secret_hash).toBe(apiKeyHash(key));
    expect(JSON.stringify(row!.toJSON())).not.toContain(key.slice(12));

    const list = await request(ctx.app)
      .get('/apis/console/api-keys')
      .set(await bearer(manager));
    expect(list.status).toBe(200);
    const listed = (list.body as Record<string, unknown>[]).find((r) => r.id === res.body.id)!;
    expect(listed).toMatchObject({ name: 'Recruitee', prefix: key.slice(0, 12), last_used_at: null, revoked_at: null });
    expect(JSON.stringify(list.body)).not.toContain(key.slice(12));
    expect(listed).not.toHaveProperty('key');
    expect(listed).not.toHaveProperty('secret_hash');
    const one = await request(ctx.app)
      .get(`/apis/console/api-keys/${res.body.id}`)
      .set(await bearer(manager));
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.body)).not.toContain(key.slice(12));
  });

  it('refuses no scope or an unknown scope with a stable code', async () => {
    expect((await createKey(manager, { name: 'x', scopes: [] })).body.error).toBe('api_key_scopes_required');
    const bad = await createKey(manager, { name: 'x', scopes: ['billing'] });
    expect(bad.status).toBe(400);
    expect(await ApiKey.count({ where: { name: 'x' } })).toBe(0);
  });

  it('a manager sees only their own keys; a recruiter none; staff all', async () => {
    const mine = await keyOf(manager, ['read_analytics'], 'mine');
    const theirs = await keyOf(otherManager, ['read_analytics'], 'theirs');
    const names = async (who: User) =>
      (
        (
          await request(ctx.app)
            .get('/apis/console/api-keys?range=[0,99]')
            .set(await bearer(who))
        ).body as { name: string }[]
      ).map((r) => r.name);
    expect(await names(manager)).toContain('mine');
    expect(await names(manager)).not.toContain('theirs');
    expect(await names(admin)).toEqual(expect.arrayContaining(['mine', 'theirs']));
    const asRecruiter = await request(ctx.app)
      .get('/apis/console/api-keys')
      .set(await bearer(recruiter));
    expect(asRecruiter.status).toBe(403);
    expect((await createKey(recruiter, { name: 'r', scopes: ['read_analytics'] })).status).toBe(403);
    // Another company's key cannot be revoked: it does not exist for this manager.
    const revokeOther = await request(ctx.app)
      .post(`/apis/console/api-keys/${theirs.id}/revoke`)
      .set(await bearer(manager))
      .send({});
    expect(revokeOther.status).toBe(404);
    expect((await ApiKey.findByPk(theirs.id))!.revoked_at).toBeNull();
    expect(mine.key).not.toBe(theirs.key);
  });
});

describe('using a key', () => {
  it('reads exactly the manager’s applications, never another company’s', async () => {
    nextMinute();
    const { key } = await keyOf(manager, ['read_applications']);
    const asKey = await request(ctx.app).get('/apis/application').set(withKey(key));
    const asManager = await request(ctx.app)
      .get('/apis/application')
      .set(await bearer(manager));
    expect(asKey.status).toBe(200);
    expect(asKey.body).toEqual(asManager.body);
    const codes = (asKey.body.Items as { job_code: string }[]).map((i) => i.job_code);
    expect(codes).toContain(offer.job_code);
    expect(codes).not.toContain(otherOffer.job_code);
    const one = await request(ctx.app).get(`/apis/application/${offer.job_code}`).set(withKey(key));
    expect(one.status).toBe(200);
    const other = await request(ctx.app).get(`/apis/application/${otherOffer.job_code}`).set(withKey(key));
    expect([403, 404]).toContain(other.status);
    const otherAsManager = await request(ctx.app)
      .get(`/apis/application/${otherOffer.job_code}`)
      .set(await bearer(manager));
    expect(other.status).toBe(otherAsManager.status);
  });

  it('a route outside its scopes is 403 api_key_scope_missing; a route no key reaches 403 api_key_route_not_allowed', async () => {
    nextMinute();
    const { key } = await keyOf(manager, ['read_analytics']);
    const wrong = await request(ctx.app).get('/apis/application').set(withKey(key));
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error: 'api_key_scope_missing', details: { scope: 'read_applications' } });
    for (const [method, path] of [
      ['get', '/apis/console/api-keys'],
      ['post', '/apis/console/api-keys'],
      ['get', '/apis/subscription'],
      ['get', '/apis/console/users'],
      ['delete', '/apis/delete-user?user=x'],
      ['get', '/apis/auth/me'],
    ] as const) {
      const res = await request(ctx.app)[method](path).set(withKey(key));
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe('api_key_route_not_allowed');
    }
    const home = await request(ctx.app).get('/apis/manager').set(withKey(key));
    expect(home.status).toBe(200);
  });

  it('a key of a staff account is no staff key', async () => {
    nextMinute();
    // Staff make no key in the console (the company does); an account that is staff and a manager may
    // still own one, made here by the service.
    expect((await createKey(admin, { name: 'staff', scopes: ['read_applications'], manager_id: admin.id })).status).toBe(403);
    const { key } = await createApiKey({ managerId: admin.id, name: 'staff', scopes: ['read_applications'], createdBy: admin.id }, new Date());
    const res = await request(ctx.app).get('/apis/application').set(withKey(key));
    const codes = ((res.body.Items ?? []) as { job_code: string }[]).map((i) => i.job_code);
    expect(codes).not.toContain(offer.job_code);
    expect(codes).not.toContain(otherOffer.job_code);
  });

  it('an unknown key is 401 api_key_invalid; a revoked key is 401 api_key_revoked', async () => {
    nextMinute();
    const unknown = await request(ctx.app)
      .get('/apis/application')
      .set(withKey('vrk_' + 'A'.repeat(43)));
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('api_key_invalid');
    const { id, key } = await keyOf(manager, ['read_applications']);
    expect((await request(ctx.app).get('/apis/application').set(withKey(key))).status).toBe(200);
    const revoke = await request(ctx.app)
      .post(`/apis/console/api-keys/${id}/revoke`)
      .set(await bearer(manager))
      .send({});
    expect(revoke.status).toBe(200);
    const after = await request(ctx.app).get('/apis/application').set(withKey(key));
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('api_key_revoked');
    expect((await ApiKey.findByPk(id))!.revoked_at).not.toBeNull();
  });

  it('answers 429 api_key_rate_limited with Retry-After past the limit, per key, and again the next minute', async () => {
    nextMinute();
    const a = await keyOf(manager, ['read_analytics'], 'a');
    const b = await keyOf(manager, ['read_analytics'], 'b');
    const statuses = [];
    for (let i = 0; i < PER_MINUTE + 2; i++) statuses.push((await request(ctx.app).get('/apis/manager').set(withKey(a.key))).status);
    expect(statuses).toEqual([...Array(PER_MINUTE).fill(200), 429, 429]);
    const refused = await request(ctx.app).get('/apis/manager').set(withKey(a.key));
    expect(refused.body.error).toBe('api_key_rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another key has its own count.
    expect((await request(ctx.app).get('/apis/manager').set(withKey(b.key))).status).toBe(200);
    nextMinute();
    expect((await request(ctx.app).get('/apis/manager').set(withKey(a.key))).status).toBe(200);
  });

  it('counts concurrent requests exactly (one conditional update each)', async () => {
    nextMinute();
    const { key } = await keyOf(manager, ['read_analytics'], 'burst');
    const all = await Promise.all(Array.from({ length: PER_MINUTE * 2 }, () => request(ctx.app).get('/apis/manager').set(withKey(key))));
    expect(all.filter((r) => r.status === 200)).toHaveLength(PER_MINUTE);
    expect(all.filter((r) => r.status === 429)).toHaveLength(PER_MINUTE);
  });

  it('writes the last use on the minute’s first request only, and forgets older minutes', async () => {
    nextMinute();
    const { id, key } = await keyOf(manager, ['read_analytics'], 'last-use');
    const first = minute * MIN + 1000;
    await request(ctx.app).get('/apis/manager').set(withKey(key));
    expect((await ApiKey.findByPk(id))!.last_used_at!.getTime()).toBe(first);
    ctx.setNow(first + 20_000);
    await request(ctx.app).get('/apis/manager').set(withKey(key));
    expect((await ApiKey.findByPk(id))!.last_used_at!.getTime()).toBe(first);
    nextMinute();
    await request(ctx.app).get('/apis/manager').set(withKey(key));
    expect((await ApiKey.findByPk(id))!.last_used_at!.getTime()).toBe(minute * MIN + 1000);
    expect((await ApiKeyMinute.findAll({ where: { api_key_id: id } })).map((m) => m.minute)).toEqual([minute]);
    const listed = await request(ctx.app)
      .get(`/apis/console/api-keys/${id}`)
      .set(await bearer(manager));
    expect(new Date(listed.body.last_used_at as string).getTime()).toBe(minute * MIN + 1000);
  });

  it('writes offers with write_offers only', async () => {
    nextMinute();
    const { key } = await keyOf(manager, ['write_offers']);
    const res = await request(ctx.app).post(`/apis/offer/${offer.job_code}`).set(withKey(key)).send({ recruiter_id: recruiter.id, active: false });
    expect(res.status).toBe(200);
    const other = await request(ctx.app).post(`/apis/offer/${otherOffer.job_code}`).set(withKey(key)).send({ recruiter_id: otherRecruiter.id, active: false });
    expect(other.status).toBeGreaterThanOrEqual(403);
    expect(other.status).toBeLessThan(500);
  });
});
