// Password sign-in, sessions (cookie and bearer), sign-out, the current user, profile edits,
// cross-site request forgery refusal and sign-in rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addToTeam, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { hashPassword } from '../../api/auth/passwords.js';
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

  it('slows brute force from many addresses: after 5 failures the account takes one try per backoff (1 s, 2 s, 4 s... at most 10 s)', async () => {
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
      for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
      const waiting = await attempt();
      expect(waiting.status).toBe(429);
      expect(waiting.body).toMatchObject({ error: 'too_many_requests', message: 'Trop de tentatives sur ce compte. Merci de réessayer dans 1 s.' });
      // Even the right password waits: the backoff does not look at the password.
      const right = await request(ctx.app).post('/apis/auth/login').set('X-Forwarded-For', '198.51.100.42').send({ email: 'target@example.test', password: 'secret12' });
      expect(right.status).toBe(429);
      // Three minutes of one try per second, each from a new address: the waits double up to
      // 10 s, so only about one in ten is checked.
      let checked = 0;
      for (let sec = 1; sec <= 180; sec++) {
        ctx.setNow(t0 + sec * 1000);
        const r = await attempt();
        if (r.status === 401) checked++;
        else expect(r.status).toBe(429);
      }
      expect(checked).toBeLessThanOrEqual(180 / 10 + 4);
      expect(checked).toBeGreaterThanOrEqual(15);
    } finally {
      ctx.setNow(undefined);
    }
  });

  it('holds under a burst of concurrent wrong passwords: at most 5 are checked', async () => {
    await userWithPassword('burst@example.test', 'secret12');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        request(ctx.app)
          .post('/apis/auth/login')
          .send({ email: 'burst@example.test', password: `wrong${i}xx` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
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
