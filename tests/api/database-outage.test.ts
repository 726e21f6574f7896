// Issue 22: during a database outage every request answers 503 `database_unavailable`, never 500
// (docs/decisions/201-database-outage-is-503.md). On MariaDB the app talks to the database through
// a TCP relay the test cuts while writes and reads are in flight (connections reset, then refused);
// on both databases the app's connection pool is then closed under it, as when a process stops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import mysql from 'mysql2/promise';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { dialect } from '../helpers/db.js';
import { makeOffer, makeUser, offerForm } from '../helpers/fixtures.js';
import { startTcpCut, type TcpCut } from '../helpers/tcp-cut.js';
import type { Offer, User } from '../../models/index.js';

let ctx: TestContext;
let relay: TcpCut | undefined;
let offers: Offer[];
let candidates: Array<{ user: User; auth: { Authorization: string } }>;
let recruiterAuth: { Authorization: string };
const realUrl = process.env.TEST_MYSQL_URL;

beforeAll(async () => {
  if (dialect === 'mysql') {
    const url = new URL(realUrl!);
    relay = await startTcpCut({ host: url.hostname, port: Number(url.port || 3306) });
    url.port = String(relay.port);
    process.env.TEST_MYSQL_URL = url.toString();
  }
  ctx = await createTestContext();
  const recruiter = await makeUser({ profile: 'recruiter' });
  recruiterAuth = await bearer(recruiter);
  offers = [await makeOffer(recruiter), await makeOffer(recruiter)];
  candidates = [];
  for (let i = 0; i < 20; i++) {
    const user = await makeUser({ profile: 'candidate' });
    candidates.push({ user, auth: await bearer(user) });
  }
}, 60_000);
afterAll(async () => {
  await relay?.restore().catch(() => undefined);
  await ctx?.close().catch(() => undefined);
  await relay?.close();
  if (realUrl) process.env.TEST_MYSQL_URL = realUrl;
});

/** Requests of every kind: application starts, profile saves, drafts, reads by candidates and the recruiter. */
function mixedRequests(round: number): Array<() => request.Test> {
  return candidates.flatMap(({ auth }, i) => [
    () =>
      request(ctx.app)
        .post('/apis/candidate/applications')
        .set(auth)
        .send({ job_code: offers[(i + round) % 2].job_code }),
    () =>
      request(ctx.app)
        .patch('/apis/auth/me')
        .set(auth)
        .send({ name: `Zoé ${round}-${i}` }),
    () => request(ctx.app).get('/apis/auth/me').set(auth),
    () => request(ctx.app).post('/apis/draft-offer').set(recruiterAuth).send(offerForm()),
    () =>
      request(ctx.app)
        .get(`/apis/application/${offers[i % 2].job_code}`)
        .set(recruiterAuth),
  ]);
}

function expectOnly2xxOr503(answers: request.Response[]) {
  const wrong = answers.filter((r) => !(r.status < 300 || (r.status === 503 && r.body.error === 'database_unavailable'))).map((r) => `${r.status} ${JSON.stringify(r.body)}`);
  expect(wrong).toEqual([]);
  for (const r of answers.filter((a) => a.status === 503)) {
    expect(r.body.message).toBe('Le service est momentanément indisponible. Merci de réessayer dans quelques instants.');
    expect(r.headers['retry-after']).toBe('5');
  }
}

describe.runIf(dialect === 'mysql')('the network to MariaDB cut under load', () => {
  it('a write waiting on a lock when the connection is cut answers 503, not 500', async () => {
    // The test holds the candidate's row (directly, not through the relay): the app's UPDATE waits
    // on it, on the wire, when the relay is cut.
    const direct = new URL(realUrl!);
    direct.pathname = new URL(ctx.db.database.url).pathname;
    const holder = await mysql.createConnection(direct.toString());
    await holder.query('START TRANSACTION');
    await holder.query('SELECT id FROM users WHERE id = ? FOR UPDATE', [candidates[19].user.id]);
    const save = request(ctx.app)
      .patch('/apis/auth/me')
      .set(candidates[19].auth)
      .send({ name: 'Zoé Attente' })
      .then((r) => r);
    for (let i = 0; i < 100; i++) {
      const [rows] = await holder.query(`SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE 'UPDATE%users%' AND ID <> CONNECTION_ID()`);
      if (Number((rows as Array<{ n: number }>)[0].n) > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await relay!.cut();
    const answer = await save;
    await holder.query('ROLLBACK');
    await holder.end();
    await relay!.restore();
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.body.error).toBe('database_unavailable');
  }, 60_000);

  it('answers each request 2xx or 503 database_unavailable, never 500, and serves again once it is back', async () => {
    const inFlight = mixedRequests(0).map((send) => send().then((r) => r));
    // Cut once the first answers came back: the others are on their way to or from the database.
    await Promise.race(inFlight);
    await relay!.cut();
    const answers = await Promise.all(inFlight);
    expectOnly2xxOr503(answers);
    expect(answers.filter((r) => r.status === 503).length).toBeGreaterThan(0);
    // While it is cut, connections are refused.
    const refused = await Promise.all(mixedRequests(1).map((send) => send()));
    expectOnly2xxOr503(refused);
    expect(refused.filter((r) => r.status === 503).length).toBeGreaterThan(0);
    await relay!.restore();
    const back = await request(ctx.app).get('/apis/auth/me').set(candidates[0].auth);
    expect(back.status).toBe(200);
  }, 60_000);
});

describe('the connection pool closed under the app (last: it stays closed)', () => {
  it("answers reads and writes 503 database_unavailable, in the caller's language", async () => {
    await ctx.db.sequelize.close();
    const answers = await Promise.all(mixedRequests(2).map((send) => send()));
    expect(answers.map((r) => r.status).filter((s) => s !== 503)).toEqual([]);
    expectOnly2xxOr503(answers);
    const en = await request(ctx.app).get('/apis/auth/me').set(candidates[0].auth).set('Accept-Language', 'en');
    expect(en.status).toBe(503);
    expect(en.body).toEqual({ error: 'database_unavailable', message: 'The service is temporarily unavailable. Please try again in a moment.' });
    const anonymous = await request(ctx.app)
      .post('/apis/submit-interest')
      .send({ job_code: offers[0].job_code, email: 'zoe@example.fr', phone_number: '+33 6 12 34 56 78', firstname: 'Zoé', lastname: 'Martin', accept_cgu: true });
    expect(anonymous.status).toBe(503);
    expect(anonymous.body.error).toBe('database_unavailable');
  }, 60_000);
});
