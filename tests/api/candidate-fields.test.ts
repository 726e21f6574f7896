// Candidates read their applications through the console API, but not the recruiter's working
// state (docs/decisions/098-candidates-do-not-read-recruiter-state.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { makeApplication, makeOffer, makeUser, updateApplication } from '../helpers/fixtures.js';
import { type User } from '../../models/index.js';

let ctx: TestContext;
let candidate: User;
let recruiter: User;
let admin: User;
let appId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  candidate = await makeUser({ profile: 'candidate' });
  recruiter = await makeUser({ profile: 'recruiter' });
  admin = await makeUser({ is_admin: true });
  const app = await makeApplication(candidate, await makeOffer(recruiter));
  await updateApplication(app, { recruiter_state: 'wait_reject' });
  appId = app.id;
});
afterAll(async () => ctx?.close());

const get = async (who: User, path: string) =>
  request(ctx.app)
    .get(`/apis/console/applications${path}`)
    .set(await bearer(who));

describe('console applications: recruiter_state', () => {
  it("is not in the candidate's list or record; the rest of the application is", async () => {
    const list = await get(candidate, '');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty('recruiter_state');
    expect(list.body[0]).toMatchObject({ id: appId, state: 'complete', candidate_id: candidate.id });
    const one = await get(candidate, `/${appId}`);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('recruiter_state');
    expect(JSON.stringify(one.body)).not.toContain('wait_reject');
  });

  it('is read by the recruiter of the offer and by staff', async () => {
    expect((await get(recruiter, `/${appId}`)).body.recruiter_state).toBe('wait_reject');
    expect((await get(admin, `/${appId}`)).body.recruiter_state).toBe('wait_reject');
    expect((await get(recruiter, '')).body[0].recruiter_state).toBe('wait_reject');
  });
});
