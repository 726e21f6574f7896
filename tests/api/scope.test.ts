// The manager rule in the guard and the company scope services use (api/auth/scope.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import express, { type ErrorRequestHandler } from 'express';
import { addToTeam, makeShop, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { loadCaller } from '../../api/auth/sessions.js';
import { requireManager } from '../../api/auth/guards.js';
import { assertOwns, scopeFor, whereOwner } from '../../api/auth/scope.js';
import { AppError } from '../../api/lib/errors.js';
import { Shop } from '../../models/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('requireManager', () => {
  it('admits plan, profile and list managers and refuses others with the spec message', async () => {
    const app = express();
    app.use(loadCaller(() => new Date()));
    app.get('/m', requireManager, (_req, res) => res.json({ ok: true }));
    const onError: ErrorRequestHandler = (err: AppError, _req, res, _next) => {
      res.status(err.status).json({ error: err.code, message: err.messageKey });
    };
    app.use(onError);
    const byPlan = await makeUser({ profile: 'recruiter', user_plan: 'custom' });
    const byProfile = await makeUser({ profile: 'manager' });
    const byList = await makeUser({ profile: 'recruiter' });
    const plain = await makeUser({ profile: 'recruiter' });
    await addToTeam(byList, byList, plain);
    for (const u of [byPlan, byProfile, byList]) expect((await request(app).get('/m').set(await bearer(u))).status).toBe(200);
    const refused = await request(app).get('/m').set(await bearer(plain));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'manager_only', message: 'manager access not allowed' });
    expect((await request(app).get('/m')).status).toBe(401);
  });
});

describe('company scope', () => {
  it("answers 404 for another manager's shop and lists only one's own", async () => {
    const manager = await makeUser({ profile: 'recruiter', user_plan: 'aplan' });
    const other = await makeUser({ profile: 'recruiter', user_plan: 'aplan' });
    const recruiter = await makeUser({ profile: 'recruiter' });
    const outsider = await makeUser({ profile: 'recruiter' });
    const admin = await makeUser({ is_admin: true, profile: 'recruiter' });
    await addToTeam(manager, recruiter);
    const shop = await makeShop(manager, { shopname: 'Lille Centre', recruiter_id: recruiter.id });
    await makeShop(other, { shopname: 'Gand', city: 'Gent', zip_code: '9000', country: 'Belgique', country_iso: 'BE' });

    expect(assertOwns(await scopeFor({ user: manager }), shop).id).toBe(shop.id);
    expect(assertOwns(await scopeFor({ user: recruiter }), shop).id).toBe(shop.id);
    expect(assertOwns(await scopeFor({ user: admin }), shop).id).toBe(shop.id);
    for (const u of [other, outsider]) {
      try {
        assertOwns(await scopeFor({ user: u }), shop, 'shop_not_found');
        expect.unreachable('another company must not see this shop');
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).status).toBe(404);
        expect((e as AppError).code).toBe('shop_not_found');
      }
    }
    expect(() => assertOwns({ all: false, userId: 'x', managerIds: ['x'], recruiterIds: ['x'] }, null)).toThrow(AppError);

    const mine = await Shop.findAll({ where: whereOwner(await scopeFor({ user: manager }), 'manager_id', 'manager') });
    expect(mine.map((s) => s.shopname)).toEqual(['Lille Centre']);
    const all = await Shop.findAll({ where: whereOwner(await scopeFor({ user: admin }), 'manager_id', 'manager') });
    expect(all).toHaveLength(2);
  });
});

describe('auth housekeeping', () => {
  it('removes expired sessions, old attempts and expired SAML request ids, and keeps live ones', async () => {
    const { authHousekeeping } = await import('../../api/jobs/auth-housekeeping.js');
    const { Session, AuthAttempt, SamlRequest } = await import('../../models/index.js');
    const { createSession } = await import('../../api/auth/sessions.js');
    const u = await makeUser();
    const now = new Date();
    await createSession(u.id, 'cookie', new Date(now.getTime() - 30 * 24 * 3600_000)); // expired
    await createSession(u.id, 'cookie', now);
    await AuthAttempt.bulkCreate([{ bucket: 'login:acct:old', at: new Date(now.getTime() - 2 * 24 * 3600_000) }, { bucket: 'login:acct:new', at: now }]);
    await SamlRequest.bulkCreate([
      { id: 'req:_old', value: 'x', created_at: now, expires_at: new Date(now.getTime() - 1000) },
      { id: 'req:_new', value: 'x', created_at: now, expires_at: new Date(now.getTime() + 60_000) },
    ]);
    await authHousekeeping(now);
    expect(await Session.count({ where: { user_id: u.id } })).toBe(1);
    expect((await AuthAttempt.findAll()).map((a) => a.bucket)).toEqual(['login:acct:new']);
    expect((await SamlRequest.findAll()).map((r) => r.id)).toEqual(['req:_new']);
  });
});
