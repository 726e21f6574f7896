// Finding 5 of issue 10: mixed concurrent writes (applications, sign-ups of recruiters, console
// edits, drafts, sign-ins) wait their turn instead of failing. On SQLite the database is a file
// (createTestContext), not :memory:, so the writers really compete for its lock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { makeOffer, makeUser, offerForm } from '../helpers/fixtures.js';
import { LandingInterest, User, type Offer } from '../../models/index.js';
import { hashPassword } from '../../api/auth/passwords.js';

let ctx: TestContext;
let staff: { Authorization: string };
let recruiterAuth: { Authorization: string };
let offer: Offer;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await bearer(await makeUser({ profile: 'recruiter', is_admin: true }));
  const recruiter = await makeUser({ profile: 'recruiter', email: 'rita.concurrence@example.test', password_hash: await hashPassword('secret-password-1') });
  recruiterAuth = await bearer(recruiter);
  offer = await makeOffer(recruiter);
});
afterAll(async () => ctx?.close());

describe('200 mixed concurrent writes', () => {
  it('answer no 5xx, and every accepted application is stored', async () => {
    const writes: Array<() => Promise<request.Response>> = [];
    for (let i = 0; i < 200; i++) {
      switch (i % 5) {
        case 0:
        case 1:
          writes.push(() =>
            request(ctx.app)
              .post('/apis/submit-interest')
              .send({ job_code: offer.job_code, email: `conc.${i}@example.fr`, phone_number: '+33 6 12 34 56 78', firstname: 'Zoé', lastname: 'Lefèvre', accept_cgu: true }),
          );
          break;
        case 2:
          writes.push(() =>
            request(ctx.app)
              .post('/apis/admin/recruiters')
              .set(staff)
              .send({ name: `Recrue ${i} Martin`, email: `recrue.${i}@example.test`, password: 'secret-password-1' }),
          );
          break;
        case 3:
          writes.push(() =>
            request(ctx.app)
              .put(`/apis/console/offers/${offer.id}`)
              .set(staff)
              .send({ title: `Vendeur ${i} H/F` }),
          );
          break;
        default:
          // A few sign-ins (more would meet the sign-in limit), drafts and profile saves.
          writes.push(() =>
            i < 20
              ? request(ctx.app).post('/apis/auth/login').set('origin', ctx.settings.publicUrl).send({ email: 'rita.concurrence@example.test', password: 'secret-password-1' })
              : i % 2
                ? request(ctx.app).post('/apis/draft-offer').set(recruiterAuth).send(offerForm())
                : request(ctx.app)
                    .patch('/apis/auth/me')
                    .set(recruiterAuth)
                    .send({ name: `Rita ${i}` }),
          );
      }
    }
    const answers = await Promise.all(writes.map((w) => w()));
    const failed = answers.filter((r) => r.status >= 500).map((r, i) => `${r.status} (write ${i}) ${JSON.stringify(r.body)}`);
    expect(failed).toEqual([]);
    const byStatus: Record<number, number> = {};
    for (const r of answers) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    expect(
      answers.every((r) => r.status < 300),
      JSON.stringify(byStatus),
    ).toBe(true);
    expect(await LandingInterest.count({ where: { offer_id: offer.id } })).toBe(80);
    expect(await User.count({ where: { profile: 'recruiter' } })).toBe(42);
  });
});
