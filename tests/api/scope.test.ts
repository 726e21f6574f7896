// The manager rule and the company reach of api/auth/access.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { makeUser } from '../helpers/fixtures.js';
import { isManager, isManagerGiven, reachOf, reachesRecruiter, rolesOf } from '../../api/auth/access.js';
import { ManagerRecruiter } from '../../models/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('access: roles and the manager rule', () => {
  it('makes managers of plan, profile and list holders, and not of a recruiter whose list holds only themselves', async () => {
    const byPlan = await makeUser({ profile: 'recruiter', user_plan: 'custom' });
    const byProfile = await makeUser({ profile: 'manager' });
    const byList = await makeUser({ profile: 'recruiter' });
    const onlySelf = await makeUser({ profile: 'recruiter' });
    const plain = await makeUser({ profile: 'recruiter' });
    const candidate = await makeUser({ profile: 'candidate' });
    const admin = await makeUser({ is_admin: true, profile: 'recruiter' });
    await ManagerRecruiter.bulkCreate([
      { manager_id: byList.id, recruiter_id: byList.id },
      { manager_id: byList.id, recruiter_id: plain.id },
      { manager_id: onlySelf.id, recruiter_id: onlySelf.id },
    ]);
    for (const u of [byPlan, byProfile, byList]) {
      expect(await isManager(u)).toBe(true);
      expect(await rolesOf(u)).toEqual(['recruiter', 'manager']);
    }
    for (const u of [onlySelf, plain]) {
      expect(await isManager(u)).toBe(false);
      expect(await rolesOf(u)).toEqual(['recruiter']);
    }
    expect(await rolesOf(candidate)).toEqual(['candidate']);
    expect(await rolesOf(admin)).toEqual(['admin']);
    expect(isManagerGiven(onlySelf, [])).toBe(false);

    expect(await reachOf(byList)).toEqual({ all: false, userId: byList.id, roles: ['recruiter', 'manager'], recruiterIds: [byList.id, plain.id], managerIds: [byList.id] });
    expect(await reachOf(onlySelf)).toEqual({ all: false, userId: onlySelf.id, roles: ['recruiter'], recruiterIds: [onlySelf.id], managerIds: [onlySelf.id] });
    expect((await reachOf(admin)).all).toBe(true);
  });

  it('reports is_manager on /apis/auth/me by the same rule', async () => {
    const onlySelf = await makeUser({ profile: 'recruiter' });
    const byList = await makeUser({ profile: 'recruiter' });
    const other = await makeUser({ profile: 'recruiter' });
    await ManagerRecruiter.bulkCreate([
      { manager_id: onlySelf.id, recruiter_id: onlySelf.id },
      { manager_id: byList.id, recruiter_id: other.id },
    ]);
    const me = async (u: { id: string }) =>
      (
        await request(ctx.app)
          .get('/apis/auth/me')
          .set(await bearer(u))
      ).body;
    expect((await me(onlySelf)).is_manager).toBe(false);
    expect((await me(byList)).is_manager).toBe(true);
  });
});

describe('reach of a recruiter', () => {
  it("covers a manager's list and nobody else's recruiters", async () => {
    const manager = await makeUser({ profile: 'recruiter', user_plan: 'aplan' });
    const recruiter = await makeUser({ profile: 'recruiter' });
    const outsider = await makeUser({ profile: 'recruiter' });
    const admin = await makeUser({ is_admin: true, profile: 'recruiter' });
    await ManagerRecruiter.create({ manager_id: manager.id, recruiter_id: recruiter.id });
    expect(reachesRecruiter(await reachOf(manager), recruiter.id)).toBe(true);
    expect(reachesRecruiter(await reachOf(recruiter), recruiter.id)).toBe(true);
    expect(reachesRecruiter(await reachOf(admin), recruiter.id)).toBe(true);
    expect(reachesRecruiter(await reachOf(outsider), recruiter.id)).toBe(false);
    expect(reachesRecruiter(await reachOf(recruiter), manager.id)).toBe(false);
  });
});
