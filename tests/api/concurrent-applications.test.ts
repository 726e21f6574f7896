// Issue 22, "No 5xx under concurrency": candidates starting video applications at once to the
// offers of one recruiter (in two managers' lists) never deadlock into a 500, and the counters
// they change end equal to a recount (docs/decisions/200-counters-by-increments.md). On MariaDB
// the starts really run in parallel (pool of 10); on SQLite they queue for the one writer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeApplication, makeOffer, makeUser, makeWishlistEntry, publishDraftAs } from '../helpers/fixtures.js';
import { expectCountersTrue } from '../helpers/lifecycle.js';
import { Application, ApplicationAnswer, User, transaction, type Offer } from '../../models/index.js';
import { completeIfAllReady } from '../../api/services/applications/video-answers.service.js';

let ctx: TestContext;
let recruiter: User;
let manager: User;
let offers: Offer[];
let candidates: Array<{ user: User; auth: { Authorization: string } }>;

beforeAll(async () => {
  ctx = await createTestContext();
  recruiter = await makeUser({ profile: 'recruiter' });
  manager = await makeUser({ profile: 'manager' });
  await addToTeam(manager, recruiter);
  await addToTeam(await makeUser({ profile: 'manager' }), recruiter);
  offers = [];
  for (let i = 0; i < 5; i++) offers.push(await makeOffer(recruiter, { title: `Vendeur ${i} H/F` }));
  candidates = [];
  for (let i = 0; i < 20; i++) {
    const user = await makeUser({ profile: 'candidate' });
    candidates.push({ user, auth: await bearer(user) });
  }
  // Some candidates had the offer in their wishlist (pending): starting turns the entry to applying.
  for (let i = 0; i < 20; i += 3) await makeWishlistEntry(candidates[i].user, offers[i % 5]);
  // Complete applications of other candidates already count for the recruiter, managers and offers.
  for (const offer of offers.slice(0, 2)) await makeApplication(await makeUser(), offer);
}, 120_000);
afterAll(async () => ctx?.close());

describe("100 video applications started at once to one recruiter's offers", () => {
  it('answer 201 each, no 5xx, and every counter equals a recount', async () => {
    const starts = candidates.flatMap(({ auth }) => offers.map((offer) => () => request(ctx.app).post('/apis/candidate/applications').set(auth).send({ job_code: offer.job_code })));
    expect(starts).toHaveLength(100);
    const answers = await Promise.all(starts.map((s) => s()));
    const failed = answers.filter((r) => r.status !== 201).map((r) => `${r.status} ${JSON.stringify(r.body)}`);
    expect(failed).toEqual([]);
    expect(await Application.count({ where: { state: 'applying' } })).toBe(100);
    for (const { user } of candidates) {
      await user.reload();
      expect(user.applications_count).toBe(5);
      expect(user.wishlist_count).toBe(5);
      expect(user.wishlist_pending_count).toBe(0);
    }
    await expectCountersTrue();
  }, 120_000);

  it('complete at once (every answer done): counters of recruiter, managers, offers and candidates equal a recount', async () => {
    const applying = await Application.findAll({ where: { state: 'applying' } });
    await ApplicationAnswer.update({ state: 'done', method: 'app', upload_path: 'story/0123456789abcdef0123456789abcdef/q/index.m3u8' }, { where: { application_id: applying.map((a) => a.id) } });
    const done = await Promise.all(applying.map((a) => transaction((t) => completeIfAllReady(a.id, t, new Date()))));
    expect(done.every(Boolean)).toBe(true);
    await recruiter.reload();
    expect(recruiter.candidates_count).toBe(102);
    await expectCountersTrue();
  }, 120_000);

  it('mixed with publications, closings and moves on the same recruiter: no 5xx, counters equal a recount', async () => {
    const managerAuth = await bearer(manager);
    const complete = await Application.findAll({ where: { state: 'complete' }, limit: 40 });
    const jobCodes = new Map(offers.map((o) => [o.id, o.job_code]));
    const late = await Promise.all(Array.from({ length: 20 }, () => makeUser({ profile: 'candidate' })));
    const writes: Array<() => Promise<{ status: number; body: unknown }>> = [
      ...complete.map(
        (a, i) => () =>
          request(ctx.app)
            .post(`/apis/application/${jobCodes.get(a.offer_id)}/${a.candidate_id}`)
            .set(managerAuth)
            .send({ recruiter_state: i % 2 ? 'shortlist' : 'view' }),
      ),
      ...late.map(
        (c, i) => async () =>
          request(ctx.app)
            .post('/apis/candidate/applications')
            .set(await bearer(c))
            .send({ job_code: offers[i % 5].job_code }),
      ),
      ...Array.from({ length: 10 }, () => async () => ({ status: (await publishDraftAs(ctx.app, recruiter, null)).offer ? 200 : 500, body: null })),
      ...offers.slice(3).map((o) => () => request(ctx.app).post(`/apis/offer/${o.job_code}`).set(managerAuth).send({ active: false })),
    ];
    const answers = await Promise.all(writes.map((w) => w()));
    expect(answers.filter((r) => r.status >= 300).map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    await recruiter.reload();
    expect(recruiter.offers_count).toBe(15);
    expect(recruiter.actives_offers_count).toBe(13);
    await expectCountersTrue();
  }, 120_000);
});
