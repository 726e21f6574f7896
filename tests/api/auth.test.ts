// Password sign-in, sessions (cookie and bearer), sign-out, the current user, profile edits,
// cross-site request forgery refusal and sign-in rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addToTeam, makeUser } from '../helpers/fixtures.js';
import { createTestContext, nextTestAddress, type TestContext } from '../helpers/app.js';
import { hashPassword } from '../../api/auth/passwords.js';
import { SESSION_TTL_MS, loadCaller } from '../../api/auth/sessions.js';
import { AuthAttempt, Session, User } from '../../models/index.js';

let ctx: TestContext;
const ORIGIN = 'http://127.0.0.1:3999';

async function userWithPassword(email: string, password: string, attrs: Parameters<typeof makeUser>[0] = {}) {
  const u = await makeUser({ email, ...attrs });
  await u.update({ password_hash: await hashPassword(password) });
  return u;
}

function sidOf(res: request.Response): string {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const sid = cookies.find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('no sid cookie');
  return sid.split(';')[0];
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('password sign-in', () => {
  it('sets an httpOnly SameSite=Lax cookie, answers the user, and /me works with the cookie', async () => {
    const u = await userWithPassword('anna@example.test', 'secret12', { profile: 'recruiter', name: 'Anna Recruiter' });
    const res = await request(ctx.app).post('/apis/auth/login').send({ email: ' Anna@Example.test ', password: 'secret12' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: u.id, email: 'anna@example.test', profile: 'recruiter', is_admin: false, is_manager: false });
    expect(res.body.token).toBeUndefined();
    const raw = ([] as string[]).concat(res.headers['set-cookie'])[0];
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/Secure/i); // PUBLIC_URL is http in tests
    const me = await request(ctx.app).get('/apis/auth/me').set('Cookie', sidOf(res));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: u.id, email: 'anna@example.test', name: 'Anna Recruiter', picture: null, is_manager: false });
    expect((await User.findByPk(u.id))!.last_co).not.toBeNull();
  });

  it('marks the cookie Secure when the public address is https', async () => {
    const { createApp } = await import('../../api/app.js');
    const app = createApp({ ...ctx.deps, settings: { ...ctx.settings, publicUrl: 'https://jobs.example.test' } });
    await userWithPassword('sec@example.test', 'secret12');
    const res = await request(app).post('/apis/auth/login').send({ email: 'sec@example.test', password: 'secret12' });
    expect(([] as string[]).concat(res.headers['set-cookie'])[0]).toMatch(/; Secure/i);
  });

  it('gives the mobile app a bearer token with client: app', async () => {
    await userWithPassword('app@example.test', 'secret12');
    const res = await request(ctx.app).post('/apis/auth/login').send({ email: 'app@example.test', password: 'secret12', client: 'app' });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(typeof res.body.token).toBe('string');
    const me = await request(ctx.app).get('/apis/auth/me').set('Authorization', `Bearer ${res.body.token}`);
    expect(me.body.email).toBe('app@example.test');
    // A bearer token is not accepted as a cookie (and the other way round).
    expect((await request(ctx.app).get('/apis/auth/me').set('Cookie', `sid=${res.body.token}`)).status).toBe(401);
  });

  it('ends a session at its expiry (14 days for a cookie, 90 for a bearer), read on every request', async () => {
    const u = await userWithPassword('ttl@example.test', 'secret12', { name: 'Tess Ttl' });
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    try {
      ctx.setNow(t0);
      const sid = sidOf(await request(ctx.app).post('/apis/auth/login').send({ email: 'ttl@example.test', password: 'secret12' }));
      const app = await request(ctx.app).post('/apis/auth/login').send({ email: 'ttl@example.test', password: 'secret12', client: 'app' });
      const auth = `Bearer ${app.body.token as string}`;
      ctx.setNow(t0 + SESSION_TTL_MS.cookie - 1000);
      const me = await request(ctx.app).get('/apis/auth/me').set('Cookie', sid);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: u.id, name: 'Tess Ttl', is_admin: false });
      ctx.setNow(t0 + SESSION_TTL_MS.cookie);
      expect((await request(ctx.app).get('/apis/auth/me').set('Cookie', sid)).status).toBe(401);
      expect((await request(ctx.app).get('/apis/auth/me').set('Authorization', auth)).status).toBe(200);
      ctx.setNow(t0 + SESSION_TTL_MS.bearer);
      expect((await request(ctx.app).get('/apis/auth/me').set('Authorization', auth)).status).toBe(401);
    } finally {
      ctx.setNow(undefined);
    }
  });

  it("gives the caller the user's values as the User model reads them (dates, booleans, JSON, nulls), from one read", async () => {
    const u = await userWithPassword('values@example.test', 'secret12', {
      profile: 'recruiter',
      is_admin: true,
      contactable: false,
      is_migration: true,
      sub_topics: ['news', 'offers'],
      notif: { email: '2026-01-02T03:04:05.678Z' },
      closed_at: new Date('2026-02-03T04:05:06.789Z'),
      last_co: new Date('2026-03-04T05:06:07.891Z'),
      boost_days: 12,
      phone: null,
    });
    const login = await request(ctx.app).post('/apis/auth/login').send({ email: 'values@example.test', password: 'secret12', client: 'app' });
    const headers: Record<string, string> = { authorization: `Bearer ${login.body.token as string}` };
    const req = { get: (name: string) => headers[name.toLowerCase()] } as unknown as Parameters<ReturnType<typeof loadCaller>>[0];
    await new Promise<void>((resolve, reject) => void loadCaller(() => new Date(), 600)(req, {} as never, (err?: unknown) => (err ? reject(err) : resolve())));
    const model = (await User.findByPk(u.id))!.get({ plain: true });
    expect(req.caller?.via).toBe('bearer');
    expect(req.caller?.user).toEqual(model);
    expect(req.caller?.user).not.toBeInstanceOf(User);
    expect(req.caller?.user.closed_at).toBeInstanceOf(Date);
    expect(req.caller?.user.is_admin).toBe(true);
    expect(req.caller?.user.contactable).toBe(false);
    expect(req.caller?.user.sub_topics).toEqual(['news', 'offers']);
  });

  it('changes the session id at sign-in and ends the previous browser session', async () => {
    await userWithPassword('fix@example.test', 'secret12');
    const first = sidOf(await request(ctx.app).post('/apis/auth/login').send({ email: 'fix@example.test', password: 'secret12' }));
    const second = await request(ctx.app).post('/apis/auth/login').set('Cookie', first).set('Origin', ORIGIN).send({ email: 'fix@example.test', password: 'secret12' });
    expect(sidOf(second)).not.toBe(first);
    expect((await request(ctx.app).get('/apis/auth/me').set('Cookie', first)).status).toBe(401);
    expect((await request(ctx.app).get('/apis/auth/me').set('Cookie', sidOf(second))).status).toBe(200);
  });

  it('says the same thing for an unknown email and a wrong password', async () => {
    await userWithPassword('known@example.test', 'secret12');
    const wrong = await request(ctx.app).post('/apis/auth/login').send({ email: 'known@example.test', password: 'nope0000' });
    const unknown = await request(ctx.app).post('/apis/auth/login').send({ email: 'ghost@example.test', password: 'nope0000' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ error: 'invalid_credentials', message: 'Adresse e-mail ou mot de passe incorrect.' });
  });

  it('answers 400 for a missing field, never 500', async () => {
    const res = await request(ctx.app).post('/apis/auth/login').send({ email: 'x@example.test' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('missing_parameters');
  });

  it('reports a manager by plan, by profile and by a manager list', async () => {
    const byPlan = await userWithPassword('plan@example.test', 'secret12', { profile: 'recruiter', user_plan: 'aplan' });
    const byList = await userWithPassword('list@example.test', 'secret12', { profile: 'recruiter' });
    const rec = await makeUser({ profile: 'recruiter' });
    const login = async (email: string) => (await request(ctx.app).post('/apis/auth/login').send({ email, password: 'secret12' })).body.user.is_manager;
    expect(await login('plan@example.test')).toBe(true);
    // Only themselves in their list: not a manager yet.
    await addToTeam(byList, byList);
    expect(await login('list@example.test')).toBe(false);
    await addToTeam(byList, rec);
    expect(await login('list@example.test')).toBe(true);
    expect(byPlan.id).toBeTruthy();
  });
});

describe('sign-out', () => {
  it('ends the session on the server and clears the cookie', async () => {
    await userWithPassword('out@example.test', 'secret12');
    const sid = sidOf(await request(ctx.app).post('/apis/auth/login').send({ email: 'out@example.test', password: 'secret12' }));
    const before = await Session.count();
    const out = await request(ctx.app).post('/apis/auth/logout').set('Cookie', sid).set('Origin', ORIGIN);
    expect(out.status).toBe(204);
    expect(([] as string[]).concat(out.headers['set-cookie'])[0]).toMatch(/^sid=;/);
    expect(await Session.count()).toBe(before - 1);
    expect((await request(ctx.app).get('/apis/auth/me').set('Cookie', sid)).status).toBe(401);
  });
});

describe('profile updates', () => {
  it('changes name, phone, picture and lang and ignores profile, admin group, plan and counters', async () => {
    const u = await userWithPassword('edit@example.test', 'secret12', { profile: 'candidate' });
    const sid = sidOf(await request(ctx.app).post('/apis/auth/login').send({ email: 'edit@example.test', password: 'secret12' }));
    const res = await request(ctx.app)
      .patch('/apis/auth/me')
      .set('Cookie', sid)
      .set('Origin', ORIGIN)
      .send({ name: 'New Name', phone: '0612345678', lang: 'nl', profile: 'recruiter', is_admin: true, user_plan: 'bplan', av_boost: 99, email: 'hack@example.test' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'New Name', phone: '0612345678', lang: 'nl', profile: 'candidate', is_admin: false, user_plan: 'free', email: 'edit@example.test' });
    const stored = (await User.findByPk(u.id))!;
    expect(stored.profile).toBe('candidate');
    expect(stored.is_admin).toBe(false);
    expect(stored.av_boost).toBe(0);
    expect(stored.name).toBe('New Name');
  });
});

describe('cross-site request forgery', () => {
  let sid: string;
  beforeAll(async () => {
    await userWithPassword('csrf@example.test', 'secret12');
    sid = sidOf(await request(ctx.app).post('/apis/auth/login').send({ email: 'csrf@example.test', password: 'secret12' }));
  });

  it('refuses a cookie request that changes data from another origin or with no origin', async () => {
    const evil = await request(ctx.app).patch('/apis/auth/me').set('Cookie', sid).set('Origin', 'https://evil.example').send({ name: 'Pwned' });
    expect(evil.status).toBe(403);
    expect(evil.body.error).toBe('csrf_refused');
    const none = await request(ctx.app).patch('/apis/auth/me').set('Cookie', sid).send({ name: 'Pwned' });
    expect(none.status).toBe(403);
    const crossSite = await request(ctx.app).patch('/apis/auth/me').set('Cookie', sid).set('Sec-Fetch-Site', 'cross-site').send({ name: 'Pwned' });
    expect(crossSite.status).toBe(403);
    expect((await request(ctx.app).get('/apis/auth/me').set('Cookie', sid)).body.name).not.toBe('Pwned');
  });

  it('accepts our public origin, the request host, and Sec-Fetch-Site: same-origin', async () => {
    const pub = await request(ctx.app).patch('/apis/auth/me').set('Cookie', sid).set('Origin', ORIGIN).send({ name: 'One Name' });
    expect(pub.status).toBe(200);
    const host = await request(ctx.app).patch('/apis/auth/me').set('Cookie', sid).set('Host', 'localhost:5173').set('Origin', 'http://localhost:5173').send({ name: 'Two Name' });
    expect(host.status).toBe(200);
    const sfs = await request(ctx.app).patch('/apis/auth/me').set('Cookie', sid).set('Sec-Fetch-Site', 'same-origin').send({ name: 'Three Name' });
    expect(sfs.status).toBe(200);
    // Reading needs no origin.
    expect((await request(ctx.app).get('/apis/auth/me').set('Cookie', sid)).body.name).toBe('Three Name');
  });

  it('does not apply to bearer requests', async () => {
    const u = await makeUser();
    const { bearer } = await import('../helpers/auth.js');
    const res = await request(ctx.app)
      .patch('/apis/auth/me')
      .set(await bearer(u))
      .set('Origin', 'https://elsewhere.example')
      .send({ name: 'App Name' });
    expect(res.status).toBe(200);
  });
});

describe('sign-in cross-site request forgery', () => {
  beforeAll(async () => {
    await userWithPassword('attacker@example.test', 'secret12');
  });
  const signIn = () => request(ctx.app).post('/apis/auth/login');

  it('refuses a cross-site form post: another Origin, Origin null, or a form body', async () => {
    const form = await signIn().set('Origin', 'https://evil.example').type('form').send('email=attacker%40example.test&password=secret12');
    expect(form.status).toBe(403);
    expect(form.headers['set-cookie']).toBeUndefined();
    const evilJson = await signIn().set('Origin', 'https://evil.example').send({ email: 'attacker@example.test', password: 'secret12' });
    expect(evilJson.status).toBe(403);
    expect(evilJson.body.error).toBe('csrf_refused');
    expect((await signIn().set('Origin', 'null').send({ email: 'attacker@example.test', password: 'secret12' })).status).toBe(403);
    const crossSite = await signIn().set('Sec-Fetch-Site', 'cross-site').send({ email: 'attacker@example.test', password: 'secret12' });
    expect(crossSite.status).toBe(403);
    // Even from our own origin, a form-encoded sign-in is refused: JSON only.
    const ownForm = await signIn().set('Origin', ORIGIN).type('form').send('email=attacker%40example.test&password=secret12');
    expect(ownForm.status).toBe(415);
    expect(ownForm.body).toEqual({ error: 'unsupported_media_type', message: 'Cette requête doit être envoyée en JSON.' });
    expect(ownForm.headers['set-cookie']).toBeUndefined();
  });

  it('accepts JSON from our origin, with Sec-Fetch-Site: same-origin, and from the app (no Origin)', async () => {
    const body = { email: 'attacker@example.test', password: 'secret12' };
    expect((await signIn().set('Origin', ORIGIN).send(body)).status).toBe(200);
    expect((await signIn().set('Sec-Fetch-Site', 'same-origin').send(body)).status).toBe(200);
    expect((await signIn().send({ ...body, client: 'app' })).status).toBe(200);
  });
});

describe('sign-in rate limits', () => {
  it('locks one (account, address) pair after 5 failures in 15 minutes, then lets it in after the window', async () => {
    await userWithPassword('lock@example.test', 'secret12');
    const t0 = Date.parse('2030-01-01T10:00:00Z');
    ctx.setNow(t0);
    const from = (password: string) => request(ctx.app).post('/apis/auth/login').set('X-Forwarded-For', '198.51.100.40').send({ email: 'lock@example.test', password });
    try {
      for (let i = 0; i < 5; i++) {
        ctx.setNow(t0 + i * 20_000); // slower than the account backoff
        expect((await from(`bad${i}aaaa`)).status).toBe(401);
      }
      ctx.setNow(t0 + 200_000);
      const locked = await from('secret12');
      expect(locked.status).toBe(429);
      expect(locked.body.error).toBe('too_many_requests');
      expect(locked.body.message).toMatch(/15 minutes/);
      ctx.setNow(t0 + 4 * 20_000 + 15 * 60_000 + 1);
      expect((await from('secret12')).status).toBe(200);
    } finally {
      ctx.setNow(undefined);
    }
  });

  it("does not let a stranger's failures from other addresses block the owner's right password", async () => {
    await userWithPassword('owner@example.test', 'secret12');
    const t0 = Date.parse('2030-01-02T10:00:00Z');
    ctx.setNow(t0);
    try {
      for (let i = 0; i < 5; i++) {
        ctx.setNow(t0 + i * 20_000);
        const r = await request(ctx.app)
          .post('/apis/auth/login')
          .set('X-Forwarded-For', '203.0.113.50')
          .send({ email: 'owner@example.test', password: `bad${i}aaaa` });
        expect(r.status).toBe(401);
      }
      // The stranger's pair is locked; the account only asks for a short wait after its last failure.
      ctx.setNow(t0 + 4 * 20_000 + 2_000);
      const owner = await request(ctx.app).post('/apis/auth/login').set('X-Forwarded-For', '198.51.100.41').send({ email: 'owner@example.test', password: 'secret12' });
      expect(owner.status).toBe(200);
    } finally {
      ctx.setNow(undefined);
    }
  });

  it('shares an untrusted budget per account: after 10 failures from any addresses, untrusted tries wait, even with the right password', async () => {
    await userWithPassword('target@example.test', 'secret12');
    const t0 = Date.parse('2030-01-03T10:00:00Z');
    ctx.setNow(t0);
    let ip = 0;
    const attempt = () =>
      request(ctx.app)
        .post('/apis/auth/login')
        .set('X-Forwarded-For', `203.0.113.${++ip}`)
        .send({ email: 'target@example.test', password: `bad${ip}aaaa` });
    try {
      for (let i = 0; i < 10; i++) {
        ctx.setNow(t0 + i * 1000);
        expect((await attempt()).status).toBe(401);
      }
      ctx.setNow(t0 + 60_000);
      const waiting = await attempt();
      expect(waiting.status).toBe(429);
      // The budget frees up when its oldest failure is 15 minutes old.
      expect(waiting.body).toMatchObject({ error: 'too_many_requests', message: `Trop de tentatives sur ce compte. Merci de réessayer dans ${15 * 60 - 60} s.` });
      // The right password without a device cookie is an untrusted try like any other.
      const right = await request(ctx.app).post('/apis/auth/login').set('X-Forwarded-For', '198.51.100.42').send({ email: 'target@example.test', password: 'secret12' });
      expect(right.status).toBe(429);
      // One more minute of one try per second, each from a new address: none is checked.
      for (let sec = 61; sec <= 120; sec++) {
        ctx.setNow(t0 + sec * 1000);
        expect((await attempt()).status).toBe(429);
      }
      // Once the first failure is 15 minutes old, one more untrusted try is checked.
      ctx.setNow(t0 + 15 * 60_000 + 1);
      expect((await request(ctx.app).post('/apis/auth/login').set('X-Forwarded-For', '198.51.100.43').send({ email: 'target@example.test', password: 'secret12' })).status).toBe(200);
    } finally {
      ctx.setNow(undefined);
    }
  });

  it('holds under a burst of concurrent wrong passwords from many addresses: at most 10 are checked', async () => {
    await userWithPassword('burst@example.test', 'secret12');
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        request(ctx.app)
          .post('/apis/auth/login')
          .send({ email: 'burst@example.test', password: `wrong${i}xx` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(6);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('limits one address trying many accounts (20 per 15 minutes), counted in the database', async () => {
    await AuthAttempt.destroy({ where: {} });
    const ip = '203.0.113.9';
    // Other processes' failures count too: they are rows in the shared table.
    await AuthAttempt.bulkCreate(Array.from({ length: 20 }, () => ({ bucket: `login:ip:${ip}`, at: new Date() })));
    const res = await request(ctx.app).post('/apis/auth/login').set('X-Forwarded-For', ip).send({ email: 'someone@example.test', password: 'whatever1' });
    expect(res.status).toBe(429);
    const other = await request(ctx.app).post('/apis/auth/login').set('X-Forwarded-For', '203.0.113.10').send({ email: 'someone@example.test', password: 'whatever1' });
    expect(other.status).toBe(401);
  });
});

describe('known devices: sign-in with a device cookie (decision 220)', () => {
  type Opts = { ip?: string; cookie?: string; body?: Record<string, unknown> };
  const signIn = (email: string, password: string, { ip = nextTestAddress(), cookie, body = {} }: Opts = {}) => {
    const req = request(ctx.app).post('/apis/auth/login').set('X-Forwarded-For', ip);
    if (cookie) req.set('Cookie', cookie);
    return req.send({ email, password, ...body });
  };
  /** The device cookie a sign-in set, as a browser sends it back ("did=..."). */
  function deviceCookieOf(res: request.Response): string {
    const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('did='));
    if (!raw) throw new Error('no device cookie');
    return raw.split(';')[0];
  }
  /** Ten failures on the account from ten new addresses: its untrusted budget is spent. */
  async function spendUntrusted(email: string) {
    for (let i = 0; i < 10; i++) expect((await signIn(email, `wrong${i}pass`)).status).toBe(401);
    expect((await signIn(email, 'wrong-again1')).status).toBe(429);
  }

  it('a browser sign-in sets a signed device cookie (httpOnly, SameSite=Lax, a year; Secure on https); the app gets a device token', async () => {
    await userWithPassword('dev-cookie@example.test', 'secret12');
    const res = await signIn('dev-cookie@example.test', 'secret12');
    expect(res.status).toBe(200);
    const raw = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('did='))!;
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).toMatch(/Path=\//);
    expect(raw).toMatch(new RegExp(`Max-Age=${365 * 24 * 3600}`));
    expect(raw).not.toMatch(/Secure/i);
    expect(res.body.device_token).toBeUndefined();
    const { createApp } = await import('../../api/app.js');
    const https = createApp({ ...ctx.deps, settings: { ...ctx.settings, publicUrl: 'https://jobs.example.test' } });
    const secure = await request(https).post('/apis/auth/login').set('X-Forwarded-For', nextTestAddress()).send({ email: 'dev-cookie@example.test', password: 'secret12' });
    expect(([] as string[]).concat(secure.headers['set-cookie']).find((c) => c.startsWith('did='))).toMatch(/; Secure/i);
    const app = await signIn('dev-cookie@example.test', 'secret12', { body: { client: 'app' } });
    expect(app.headers['set-cookie']).toBeUndefined();
    expect(app.body.device_token).toMatch(/^[\w-]+\.[0-9a-z]+\.[\w-]+\.[\w-]+$/);
    // A wrong password sets no device cookie.
    expect((await signIn('dev-cookie@example.test', 'wrong1pass')).headers['set-cookie']).toBeUndefined();
  });

  it("an attacker rotating addresses never keeps the owner's known browser out (30 minutes), and stays throttled", async () => {
    await userWithPassword('victim@example.test', 'secret12');
    const t0 = Date.parse('2030-02-01T08:00:00Z');
    ctx.setNow(t0);
    try {
      const home = '198.51.100.200';
      let device = deviceCookieOf(await signIn('victim@example.test', 'secret12', { ip: home }));
      let ownerTries = 0;
      let ownerIn = 0;
      let checked = 0;
      // A step every 30 s: three wrong passwords from three new addresses, at the same moment as
      // the owner's sign-in from their browser (the right password and the cookie it last got).
      for (let step = 0; step < 60; step++) {
        ctx.setNow(t0 + 1000 + step * 30_000);
        const [owner, ...attacks] = await Promise.all([
          signIn('victim@example.test', 'secret12', { ip: home, cookie: device }),
          ...[0, 1, 2].map((i) => signIn('victim@example.test', `guess${step}x${i}`)),
        ]);
        ownerTries++;
        if (owner.status === 200) {
          ownerIn++;
          device = deviceCookieOf(owner);
        }
        for (const a of attacks) {
          if (a.status === 401) checked++;
          else expect(a.body).toMatchObject({ error: 'too_many_requests', message: expect.stringMatching(/^Trop de tentatives sur ce compte\. Merci de réessayer dans \d+ s\.$/) });
        }
      }
      expect(ownerIn / ownerTries).toBeGreaterThanOrEqual(0.95);
      // 180 guesses in 30 minutes; at most 10 per 15 minutes were checked.
      expect(checked).toBeLessThanOrEqual(20);
      expect(checked).toBeGreaterThanOrEqual(10);
      // The owner on a new browser (no cookie) meets the account's untrusted budget like anyone.
      expect((await signIn('victim@example.test', 'secret12', { ip: home })).status).toBe(429);
    } finally {
      ctx.setNow(undefined);
    }
    // About 80 password checks (argon2): on a loaded 2-core machine this takes longer than the default 30 s.
  }, 120_000);

  it('the same with the real clock: an attacker firing continuously from new addresses while the owner signs in 20 times', async () => {
    await userWithPassword('race@example.test', 'secret12');
    let device = deviceCookieOf(await signIn('race@example.test', 'secret12'));
    let stop = false;
    let attacks = 0;
    let checked = 0;
    const attacker = (async () => {
      while (!stop) {
        const r = await signIn('race@example.test', `guess${++attacks}x`);
        if (r.status === 401) checked++;
        else expect(r.status).toBe(429);
      }
    })();
    let ownerIn = 0;
    try {
      for (let i = 0; i < 20; i++) {
        const r = await signIn('race@example.test', 'secret12', { cookie: device });
        if (r.status === 200) {
          ownerIn++;
          device = deviceCookieOf(r);
        }
      }
    } finally {
      stop = true;
      await attacker;
    }
    expect(ownerIn).toBeGreaterThanOrEqual(19);
    expect(attacks).toBeGreaterThan(10);
    expect(checked).toBeLessThanOrEqual(10);
  }, 120_000);

  it('a known device that fails too often is locked itself (5 in 15 minutes), and only itself', async () => {
    await userWithPassword('clumsy@example.test', 'secret12');
    const t0 = Date.parse('2030-02-02T08:00:00Z');
    ctx.setNow(t0);
    try {
      const a = deviceCookieOf(await signIn('clumsy@example.test', 'secret12'));
      const b = deviceCookieOf(await signIn('clumsy@example.test', 'secret12'));
      await spendUntrusted('clumsy@example.test');
      // Device A is judged on its own failures: the spent untrusted budget does not stop it.
      for (let i = 0; i < 5; i++) expect((await signIn('clumsy@example.test', `typo${i}pass`, { cookie: a })).status).toBe(401);
      const locked = await signIn('clumsy@example.test', 'secret12', { cookie: a });
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ error: 'too_many_requests', message: 'Trop de tentatives de connexion. Merci de patienter 15 minutes avant de réessayer.' });
      // Device B is another device.
      expect((await signIn('clumsy@example.test', 'secret12', { cookie: b })).status).toBe(200);
      ctx.setNow(t0 + 15 * 60_000 + 1);
      expect((await signIn('clumsy@example.test', 'secret12', { cookie: a })).status).toBe(200);
    } finally {
      ctx.setNow(undefined);
    }
  });

  it("a tampered, expired, foreign-key or other account's device token is no known device", async () => {
    const owner = await userWithPassword('forge@example.test', 'secret12');
    await userWithPassword('forger@example.test', 'secret12');
    const own = deviceCookieOf(await signIn('forge@example.test', 'secret12'));
    const forgers = deviceCookieOf(await signIn('forger@example.test', 'secret12'));
    await spendUntrusted('forge@example.test');
    const value = decodeURIComponent(own.slice('did='.length));
    const tampered = `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    const { DeviceTokens } = await import('../../api/auth/device.js');
    const crypto = await import('node:crypto');
    const expired = ctx.deps.devices!.issue(owner.id, new Date(Date.now() - 366 * 24 * 3600_000));
    const otherKey = new DeviceTokens(crypto.randomBytes(32)).issue(owner.id, new Date());
    for (const cookie of [`did=${tampered}`, forgers, `did=${expired}`, `did=${otherKey}`, 'did=garbage']) {
      expect((await signIn('forge@example.test', 'secret12', { cookie })).status, cookie).toBe(429);
    }
    expect((await signIn('forge@example.test', 'secret12', { cookie: own })).status).toBe(200);
  });

  it('one browser remembers the accounts it signed in to', async () => {
    await userWithPassword('first@example.test', 'secret12');
    await userWithPassword('second@example.test', 'secret12');
    const first = deviceCookieOf(await signIn('first@example.test', 'secret12'));
    const both = deviceCookieOf(await signIn('second@example.test', 'secret12', { cookie: first }));
    expect(decodeURIComponent(both).split('~')).toHaveLength(2);
    await spendUntrusted('first@example.test');
    await spendUntrusted('second@example.test');
    const again = await signIn('first@example.test', 'secret12', { cookie: both });
    expect(again.status).toBe(200);
    // Still both, the account just signed in to first.
    expect(decodeURIComponent(deviceCookieOf(again)).split('~')).toHaveLength(2);
    expect((await signIn('second@example.test', 'secret12', { cookie: deviceCookieOf(again) })).status).toBe(200);
  });

  it('the app presents the device token it was given in the body (device_token)', async () => {
    await userWithPassword('phone@example.test', 'secret12');
    const first = await signIn('phone@example.test', 'secret12', { body: { client: 'app' } });
    const token = first.body.device_token as string;
    await spendUntrusted('phone@example.test');
    expect((await signIn('phone@example.test', 'secret12', { body: { client: 'app' } })).status).toBe(429);
    const known = await signIn('phone@example.test', 'secret12', { body: { client: 'app', device_token: token } });
    expect(known.status).toBe(200);
    expect(typeof known.body.token).toBe('string');
    expect(known.body.device_token).not.toBe(token);
    const tooLong = await signIn('phone@example.test', 'secret12', { body: { client: 'app', device_token: 'x'.repeat(300) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('validation_error');
  });
});
