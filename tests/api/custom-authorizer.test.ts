// GET /apis/custom-authorizer (back-office.md section 7; decision 252): answers whether the caller's
// session or bearer token is good, with its principal and groups (the roles of api/auth/access.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeUser } from '../helpers/fixtures.js';
import { destroyUserSessions } from '../../api/auth/sessions.js';
import { hashPassword } from '../../api/auth/passwords.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const authorize = () => request(ctx.app).get('/apis/custom-authorizer');

describe('GET /apis/custom-authorizer', () => {
  it('anonymous, an unknown token or a revoked one: 401 isAuthorized false, in the caller language', async () => {
    for (const res of [await authorize(), await authorize().set('Authorization', 'Bearer nope'), await authorize().set('Accept-Language', 'en')]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ isAuthorized: false, error: 'unauthorized' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await authorize().set('Accept-Language', 'en')).body.message).toBe('You must be signed in.');
    const u = await makeUser({ profile: 'recruiter' });
    const auth = await bearer(u);
    expect((await authorize().set(auth)).status).toBe(200);
    await destroyUserSessions(u.id);
    expect((await authorize().set(auth)).body).toMatchObject({ isAuthorized: false });
  });

  it('a bearer token: the principal and its groups, by the access rules', async () => {
    const candidate = await makeUser({ profile: 'candidate' });
    const recruiter = await makeUser({ profile: 'recruiter', user_plan: 'free' });
    const manager = await makeUser({ profile: 'manager', user_plan: 'bplan' });
    await addToTeam(manager, recruiter);
    const staff = await makeUser({ profile: 'recruiter', is_admin: true });
    const cases: Array<[typeof candidate, string[]]> = [
      [candidate, ['candidate']],
      [recruiter, ['recruiter']],
      [manager, ['recruiter', 'manager']],
      [staff, ['admin']],
    ];
    for (const [user, groups] of cases) {
      const res = await authorize().set(await bearer(user));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        isAuthorized: true,
        principalId: user.id,
        context: {
          sub: user.id,
          email: user.email,
          profile: user.profile,
          groups,
          is_admin: !!user.is_admin,
          is_manager: groups.includes('manager'),
          user_plan: user.user_plan,
          lang: user.lang,
        },
      });
    }
  });

  it('a browser session cookie works as well', async () => {
    const u = await makeUser({ profile: 'recruiter', email: 'authorizer@example.test', password_hash: await hashPassword('secret12') });
    const login = await request(ctx.app).post('/apis/auth/login').send({ email: 'authorizer@example.test', password: 'secret12' });
    const sid = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('sid='))!
      .split(';')[0];
    const res = await authorize().set('Cookie', sid);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isAuthorized: true, principalId: u.id, context: { groups: ['recruiter'] } });
  });
});
