// The demo's manager area through the HTTP API, as the README's demo table says where to click:
// manager@demo.test has 3 templates, the Maison Demo shops, CAFE75 with a candidate in every
// state, boosted offers, boosters left and a subscription; manager.lyon@demo.test is the other company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { seedDemo, DEMO_PASSWORD } from '../../seeders/demo.js';

let ctx: TestContext;
const auth: Record<string, { Authorization: string }> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo({ storage: ctx.deps.storage, now: new Date() });
  for (const email of ['manager@demo.test', 'manager.lyon@demo.test', 'recruiter@demo.test']) {
    const res = await request(ctx.app).post('/apis/auth/login').send({ email, password: DEMO_PASSWORD, client: 'app' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    auth[email] = { Authorization: `Bearer ${res.body.token}` };
  }
}, 60_000);
afterAll(async () => ctx?.close());

describe('demo manager area', () => {
  it('manager@demo.test: home with boosters, shops, subscriptions and candidates to recruit; 3 templates; a subscription', async () => {
    const home = await request(ctx.app).get('/apis/manager').set(auth['manager@demo.test']);
    expect(home.status).toBe(200);
    expect(home.body.user).toMatchObject({ user_plan: 'bplan', av_boost: 3, has_subscriptions: true });
    expect(home.body.shops.length).toBeGreaterThanOrEqual(4);
    expect(home.body.to_recruit_list.map((r: { Sk: string }) => r.Sk)).toContain('CAFE75');
    const templates = await request(ctx.app).get('/apis/user-templates?filter-type=offer').set(auth['manager@demo.test']);
    expect(templates.body.Items).toHaveLength(3);
    const subs = await request(ctx.app).get('/apis/subscription').set(auth['manager@demo.test']);
    expect(subs.body.Items).toHaveLength(1);
    expect(subs.body.Items[0]).toMatchObject({ active: true, seats_used: 1 });
  });

  it('CAFE75 has a candidate in every state, with stories and CVs; it is already boosted; Lyon sees none of it', async () => {
    const res = await request(ctx.app).get('/apis/application/CAFE75?fullStates=true').set(auth['manager@demo.test']);
    expect(res.status).toBe(200);
    expect(new Set(res.body.Items.map((i: { recruiter_state: string }) => i.recruiter_state))).toEqual(new Set(['to_recruit', 'new', 'view', 'shortlist', 'recruited', 'wait_reject', 'rejected']));
    expect(res.body.Items.filter((i: { cv_url: string | null }) => i.cv_url).length).toBeGreaterThan(0);
    const one = await request(ctx.app).get(`/apis/application/CAFE75/${res.body.Items[0].candidate.sub}`).set(auth['manager@demo.test']);
    expect(one.body.Item.questions.some((q: { url: string | null }) => q.url)).toBe(true);
    const boost = await request(ctx.app).post('/apis/boost-offer').set(auth['manager@demo.test']).send({ job_code: 'CAFE75' });
    expect(boost.body.error).toBe('offer_already_boosted');
    expect((await request(ctx.app).get('/apis/application/CAFE75').set(auth['manager.lyon@demo.test'])).status).toBe(404);
    const offers = await request(ctx.app).get('/apis/console/manager-offers').set(auth['manager@demo.test']);
    expect(offers.body.map((o: { job_code: string }) => o.job_code)).toContain('CAFE75');
    expect(offers.body.find((o: { job_code: string }) => o.job_code === 'CAFE75')).toMatchObject({ is_boosted: true });
  });

  it('recruiter@demo.test is no manager: "Access to the control tower is reserved for subscribers"', async () => {
    const res = await request(ctx.app).get('/apis/manager').set(auth['recruiter@demo.test']);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Access to the control tower is reserved for subscribers');
  });
});
