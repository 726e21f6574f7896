// Issue 10: the probe saw an application answered 500 although its row was committed (the
// connection died between the commit and its answer). The answer must follow what is stored
// (docs/decisions/093-ambiguous-commits.md): here the database "loses the answer" of one write,
// after or before committing it, and the application is answered 201 and stored exactly once.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { AuthAttempt, Job, LandingInterest, type Offer } from '../../models/index.js';

let ctx: TestContext;
let offer: Offer;
beforeAll(async () => {
  ctx = await createTestContext();
  offer = await makeOffer(await makeUser({ profile: 'recruiter' }));
});
afterAll(async () => ctx?.close());
afterEach(() => vi.restoreAllMocks());

/** What Sequelize throws when the connection dies under a statement (mysql2's code). */
const connectionLost = () => Object.assign(new Error('read ECONNRESET'), { name: 'SequelizeDatabaseError', parent: { code: 'ECONNRESET', fatal: true } });

const apply = (email: string) =>
  request(ctx.app).post('/apis/submit-interest').send({ job_code: offer.job_code, email, phone_number: '+33 6 12 34 56 78', firstname: 'Zoé', lastname: 'Perdue', accept_cgu: true });

describe('a write whose answer is lost', () => {
  it('committed: answered 201, stored once', async () => {
    // The lead and the job of its first message commit in one transaction (decision 164): the
    // answer of that COMMIT is what gets lost.
    const sequelize = ctx.db.sequelize;
    const real = sequelize.transaction.bind(sequelize) as (...args: unknown[]) => Promise<unknown>;
    let lost = false;
    vi.spyOn(sequelize, 'transaction').mockImplementation((async (...args: unknown[]) => {
      const result = await real(...args); // committed...
      if (!lost && result instanceof LandingInterest) {
        lost = true;
        throw connectionLost(); // ...but the answer never came back
      }
      return result;
    }) as never);
    const spy = vi.spyOn(LandingInterest, 'create');
    const res = await apply('commit.perdu@example.fr');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(lost).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
    const leads = await LandingInterest.findAll({ where: { email: 'commit.perdu@example.fr' } });
    expect(leads).toHaveLength(1);
    expect(await Job.count({ where: { unique_key: `lead-notification:${leads[0].id}` } })).toBe(1);
  });

  it('not committed: written again, answered 201, stored once', async () => {
    const spy = vi.spyOn(LandingInterest, 'create').mockImplementationOnce((async () => {
      throw connectionLost();
    }) as never);
    const res = await apply('jamais.ecrit@example.fr');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(await LandingInterest.count({ where: { email: 'jamais.ecrit@example.fr' } })).toBe(1);
  });

  it('an earlier application of the same address is still a 409, not ours', async () => {
    expect((await apply('deja.la@example.fr')).status).toBe(201);
    vi.spyOn(LandingInterest, 'create').mockImplementationOnce((async () => {
      throw connectionLost();
    }) as never);
    const res = await apply('deja.la@example.fr');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('existing_application');
    expect(await LandingInterest.count({ where: { email: 'deja.la@example.fr' } })).toBe(1);
  });

  it('a rate-limit attempt row whose answer is lost: 503, nothing of the application stored', async () => {
    const create = AuthAttempt.create.bind(AuthAttempt);
    vi.spyOn(AuthAttempt, 'create').mockImplementationOnce((async (...args: Parameters<typeof create>) => {
      await create(...args);
      throw connectionLost();
    }) as never);
    const res = await apply('limite.perdue@example.fr');
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.error).toBe('database_unavailable');
    expect(await LandingInterest.count({ where: { email: 'limite.perdue@example.fr' } })).toBe(0);
  });
});
