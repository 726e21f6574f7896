// Boosts buy something visible (issue 23; decision 251): a boosted offer comes first in its company's
// landing page list, the public offer says it is boosted, for 7 days unless staff set another period
// on the account (users.boost_days, a console field), after which the boost ends by itself (a job
// queued at its end, and an hourly sweep); the manager's list and offer page say when it ends.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeLanding, makeOffer, makeUser } from '../helpers/fixtures.js';
import { Job, Offer, User } from '../../models/index.js';
import { startJobs } from '../../api/jobs/index.js';
import type { Worker } from '../../api/lib/job-queue.js';
import { BOOST_END_JOB, endBoosts } from '../../api/services/offers/manager-offers.service.js';

const DAY = 24 * 3600_000;
/** A whole second an hour from now (sessions are made at the real time: the clock stays near it). */
const soon = () => Math.floor(Date.now() / 1000) * 1000 + 3600_000;
let ctx: TestContext;
let worker: Worker | undefined;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  ctx.setNow(undefined);
});
afterAll(async () => ctx?.close());

async function company(boosters = 3) {
  const manager = await makeUser({ profile: 'manager', user_plan: 'bplan', av_boost: boosters, total_boost: boosters });
  const recruiter = await makeUser({ profile: 'recruiter' });
  await addToTeam(manager, recruiter);
  const landing = await makeLanding();
  return { manager, recruiter, landing, auth: await bearer(manager) };
}
const boost = (auth: { Authorization: string }, job_code: string) => request(ctx.app).post('/apis/boost-offer').set(auth).send({ job_code });
const landingCodes = async (identifier: string) => {
  const res = await request(ctx.app).get(`/apis/landing-config/${identifier}`);
  expect(res.status).toBe(200);
  return (res.body.config.offers as Array<{ job_code: string; is_boosted: boolean }>).map((o) => `${o.job_code}${o.is_boosted ? '*' : ''}`);
};

describe('a boost', () => {
  it('lasts 7 days by default: the offer comes first on its landing, its public page says so, the manager sees the end', async () => {
    const start = soon();
    ctx.setNow(start);
    const { recruiter, landing, auth } = await company();
    const hash = landing.company_hash;
    const a = await makeOffer(recruiter, { company_hash: hash, shopname: 'A Marais', title: 'Vendeur' });
    const b = await makeOffer(recruiter, { company_hash: hash, shopname: 'B Bastille', title: 'Vendeur' });
    const c = await makeOffer(recruiter, { company_hash: hash, shopname: 'C Lyon', title: 'Vendeur' });
    expect(await landingCodes(landing.identifier)).toEqual([a.job_code, b.job_code, c.job_code]);
    expect((await request(ctx.app).get(`/apis/list-offers/${c.job_code}`)).body.boosted).toBe(false);

    const res = await boost(auth, c.job_code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ends = new Date(start + 7 * DAY).toISOString();
    expect(res.body).toMatchObject({ error: false, code: 'offer_boosted', Item: { job_code: c.job_code, is_boosted: true, boost_ends_at: ends }, av_boost: 2, used_boost: 1 });
    expect((await Offer.findByPk(c.id))!.boost_ends_at!.toISOString()).toBe(ends);
    // Its end is a job on the queue, due a second after the end.
    const jobs = (await Job.findAll({ where: { name: BOOST_END_JOB } })).filter((j) => JSON.parse(j.payload).offer_id === c.id);
    expect(jobs.map((j) => new Date(j.run_at).toISOString())).toEqual([new Date(start + 7 * DAY + 1000).toISOString()]);

    expect(await landingCodes(landing.identifier)).toEqual([`${c.job_code}*`, a.job_code, b.job_code]);
    const pub = await request(ctx.app).get(`/apis/list-offers/${c.job_code}`);
    expect(pub.body.boosted).toBe(true);
    expect(pub.body).not.toHaveProperty('is_boosted');
    expect(pub.body).not.toHaveProperty('boost_ends_at');

    const list = await request(ctx.app)
      .get('/apis/console/manager-offers')
      .query({ filter: JSON.stringify({ job_code: c.job_code }) })
      .set(auth);
    expect(list.body[0]).toMatchObject({ is_boosted: true, boost_ends_at: ends });
    const page = await request(ctx.app).get(`/apis/application/${c.job_code}`).set(auth);
    expect(page.body.offer).toMatchObject({ is_boosted: true, boost_ends_at: ends });

    // Boosted again while it lasts: refused, no booster spent.
    expect((await boost(auth, c.job_code)).body).toMatchObject({ error: 'offer_already_boosted' });
  });

  it('ends by itself: the job at its end unboosts the offer; it may then be boosted again', async () => {
    const start = soon();
    ctx.setNow(start);
    const { recruiter, landing, auth } = await company();
    const a = await makeOffer(recruiter, { company_hash: landing.company_hash, shopname: 'A' });
    const b = await makeOffer(recruiter, { company_hash: landing.company_hash, shopname: 'B' });
    expect((await boost(auth, b.job_code)).status).toBe(200);
    // Not yet: the job is not due and the offer stays boosted.
    ctx.setNow(start + 7 * DAY - 60_000);
    worker = startJobs(ctx.deps);
    await new Promise((r) => setTimeout(r, 300));
    expect((await Offer.findByPk(b.id))!.is_boosted).toBe(true);
    await worker.stop();
    // A second past its end: the queue runs the job and the boost is over.
    ctx.setNow(start + 7 * DAY + 1500);
    expect(await landingCodes(landing.identifier)).toEqual([a.job_code, b.job_code]);
    expect((await request(ctx.app).get(`/apis/list-offers/${b.job_code}`)).body.boosted).toBe(false);
    worker = startJobs(ctx.deps);
    await expect.poll(async () => (await Offer.findByPk(b.id))!.is_boosted, { timeout: 10_000 }).toBe(false);
    const job = (await Job.findAll({ where: { name: BOOST_END_JOB } })).find((j) => JSON.parse(j.payload).offer_id === b.id)!;
    await expect.poll(async () => (await job.reload()).finished_at, { timeout: 10_000 }).not.toBeNull();
    // The end stays as history; a new booster boosts it again.
    expect((await Offer.findByPk(b.id))!.boost_ends_at!.toISOString()).toBe(new Date(start + 7 * DAY).toISOString());
    const again = await boost(auth, b.job_code);
    expect(again.body).toMatchObject({ error: false, Item: { boost_ends_at: new Date(start + 14 * DAY + 1500).toISOString() } });
  });

  it('the hourly sweep ends every boost past its end (a lost job, a moved clock), and nothing else', async () => {
    const start = soon();
    ctx.setNow(start);
    const { recruiter, auth } = await company();
    const old = await makeOffer(recruiter);
    const fresh = await makeOffer(recruiter);
    expect((await boost(auth, old.job_code)).status).toBe(200);
    ctx.setNow(start + 3 * DAY);
    expect((await boost(auth, fresh.job_code)).status).toBe(200);
    await Job.destroy({ where: { name: BOOST_END_JOB } });
    expect(await endBoosts(new Date(start + 8 * DAY))).toBeGreaterThanOrEqual(1);
    expect((await Offer.findByPk(old.id))!.is_boosted).toBe(false);
    expect((await Offer.findByPk(fresh.id))!.is_boosted).toBe(true);
  });

  it('lasts the period staff set on the account (console field boost_days, 1 to 365 days)', async () => {
    const start = soon();
    ctx.setNow(start);
    const { manager, recruiter, auth } = await company();
    const staff = await makeUser({ profile: 'recruiter', is_admin: true });
    const admin = await bearer(staff);
    const put = (boost_days: unknown) => request(ctx.app).put(`/apis/console/users/${manager.id}`).set(admin).send({ boost_days });
    for (const bad of [0, 366, 2.5, 'abc', -3]) {
      const res = await put(bad);
      expect(res.status, String(bad)).toBe(400);
    }
    expect((await User.findByPk(manager.id))!.boost_days).toBeNull();
    expect((await put(3)).status).toBe(200);
    expect((await request(ctx.app).get(`/apis/console/users/${manager.id}`).set(admin)).body.boost_days).toBe(3);
    // Only staff set it.
    expect((await request(ctx.app).put(`/apis/console/users/${manager.id}`).set(auth).send({ boost_days: 30 })).status).toBe(403);
    const offer = await makeOffer(recruiter);
    const res = await boost(auth, offer.job_code);
    expect(res.body.Item.boost_ends_at).toBe(new Date(start + 3 * DAY).toISOString());
    // Back to the default.
    expect((await put(null)).status).toBe(200);
    expect((await User.findByPk(manager.id))!.boost_days).toBeNull();
  });

  it('20 simultaneous boosts of one offer: one booster spent, one job queued', async () => {
    const { manager, recruiter, auth } = await company(5);
    const offer = await makeOffer(recruiter);
    const results = await Promise.all(Array.from({ length: 20 }, () => boost(auth, offer.job_code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.error === 'offer_already_boosted')).toBe(true);
    expect((await User.findByPk(manager.id))!.av_boost).toBe(4);
    expect((await Job.findAll({ where: { name: BOOST_END_JOB } })).filter((j) => JSON.parse(j.payload).offer_id === offer.id)).toHaveLength(1);
  });
});
