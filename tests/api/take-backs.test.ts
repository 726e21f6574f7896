// Giving a take back (issue 27, docs/decisions/465-give-a-take-back.md): a candidate whose takes are
// all counted (retakes 0, a recording never sent) can no longer answer; the offer's side (its
// recruiter, their manager, staff) gives one take back for one question, decided in
// api/auth/access.ts, audited, the candidate told by e-mail in their language. Another company, a
// candidate, an anonymous caller are refused; two give-backs at once give one take.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { addToTeam, makeOffer, makeUser } from '../helpers/fixtures.js';
import { bearer } from '../helpers/auth.js';
import { parseMail } from '../helpers/mime.js';
import { startJobs } from '../../api/jobs/index.js';
import { ApplicationAnswer, AuditEntry, Job, type Offer, type User } from '../../models/index.js';
import { TAKE_BACK_MAIL_JOB } from '../../api/services/applications/take-backs.service.js';

let ctx: TestContext;
let smtp: TestSmtp;
let recruiter: User;
let manager: User;
let staff: User;
let otherRecruiter: User;
let otherManager: User;
let offer: Offer;
let seq = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ SMTP_URL: smtp.url, JOBS_POLL_MS: '50' });
  recruiter = await makeUser({ profile: 'recruiter', name: 'Rémi Recruteur' });
  manager = await makeUser({ profile: 'manager', user_plan: 'bplan', name: 'Claire Manager' });
  await addToTeam(manager, recruiter);
  staff = await makeUser({ profile: 'recruiter', is_admin: true });
  otherRecruiter = await makeUser({ profile: 'recruiter' });
  otherManager = await makeUser({ profile: 'manager', user_plan: 'bplan' });
  await addToTeam(otherManager, otherRecruiter);
  offer = await makeOffer(recruiter, { title: 'Barista', company_name: 'Café Lumière', retakes: 0 });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** A candidate who applied and recorded the first question once (retakes 0): its takes are used up. */
async function stuckCandidate(lang = 'fr') {
  const candidate = await makeUser({ profile: 'candidate', name: `Léa ${++seq}`, email: `takes-${seq}-${Date.now()}@example.test`, lang });
  const auth = await bearer(candidate);
  const started = await request(ctx.app).post('/apis/candidate/applications').set(auth).send({ job_code: offer.job_code });
  expect(started.status).toBe(201);
  const app = started.body as { id: number; answers: Array<{ qid: string }> };
  const qid = app.answers[0].qid;
  expect((await request(ctx.app).post(`/apis/candidate/applications/${app.id}/answers/${qid}/takes`).set(auth).send({})).status).toBe(201);
  const refused = await request(ctx.app).post(`/apis/candidate/applications/${app.id}/answers/${qid}/takes`).set(auth).send({});
  expect(refused.status).toBe(409);
  expect(refused.body.error).toBe('no_retakes_left');
  return { candidate, auth, id: app.id, qid, other: app.answers[1].qid };
}
const giveBack = async (as: User | null, body: Record<string, unknown>) => {
  const req = request(ctx.app).post('/apis/take-backs');
  if (as) req.set(await bearer(as));
  return req.send(body);
};
const takesOf = async (applicationId: number, qid: string) => (await ApplicationAnswer.findOne({ where: { application_id: applicationId, qid } }))!.takes;

describe('the answers whose takes are used up', () => {
  it('are listed for the offer and for the application to its side only', async () => {
    const s = await stuckCandidate();
    const byOffer = await request(ctx.app)
      .get(`/apis/take-backs?job_code=${offer.job_code.toLowerCase()}`)
      .set(await bearer(manager));
    expect(byOffer.status).toBe(200);
    expect(byOffer.body.Items).toContainEqual(expect.objectContaining({ application_id: s.id, qid: s.qid, takes: 1, candidate: expect.objectContaining({ name: s.candidate.name }) }));
    // The second question was never recorded: not listed.
    expect(byOffer.body.Items.some((i: { application_id: number; qid: string }) => i.application_id === s.id && i.qid === s.other)).toBe(false);
    const byApp = await request(ctx.app)
      .get(`/apis/take-backs?application_id=${s.id}`)
      .set(await bearer(recruiter));
    expect(byApp.body.Items).toEqual([expect.objectContaining({ application_id: s.id, qid: s.qid })]);
    expect(
      (
        await request(ctx.app)
          .get(`/apis/take-backs?job_code=${offer.job_code}`)
          .set(await bearer(otherManager))
      ).status,
    ).toBe(404);
    expect(
      (
        await request(ctx.app)
          .get(`/apis/take-backs?application_id=${s.id}`)
          .set(await bearer(otherRecruiter))
      ).status,
    ).toBe(404);
    expect((await request(ctx.app).get(`/apis/take-backs?application_id=${s.id}`).set(s.auth)).status).toBe(403);
    const both = await request(ctx.app)
      .get(`/apis/take-backs?application_id=${s.id}&job_code=${offer.job_code}`)
      .set(await bearer(recruiter));
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('take_back_scope');
  });
});

describe('giving a take back', () => {
  it('is refused to anyone not on the offer’s side, with nothing changed', async () => {
    const s = await stuckCandidate();
    const body = { application_id: s.id, qid: s.qid };
    expect((await giveBack(null, body)).status).toBe(401);
    expect((await giveBack(s.candidate, body)).status).toBe(403);
    for (const who of [otherRecruiter, otherManager]) {
      const res = await giveBack(who, body);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('application_not_found');
    }
    expect(await takesOf(s.id, s.qid)).toBe(1);
    expect(await AuditEntry.count({ where: { action: 'take_back', record_id: String(s.id) } })).toBe(0);
  });

  it('gives one take to the recruiter, the manager and staff, audited; the candidate records again and is told in their language', async () => {
    const s = await stuckCandidate('en');
    const res = await giveBack(recruiter, { application_id: s.id, qid: s.qid });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ application_id: s.id, qid: s.qid, takes: 0, takes_left: 1 });
    const entry = await AuditEntry.findOne({ where: { action: 'take_back', record_id: String(s.id) } });
    expect(entry).toMatchObject({ actor_id: recruiter.id, resource: 'applications' });
    // The candidate records again; then it is used up again and the manager, then staff, give one more.
    expect((await request(ctx.app).post(`/apis/candidate/applications/${s.id}/answers/${s.qid}/takes`).set(s.auth).send({})).status).toBe(201);
    expect((await giveBack(manager, { application_id: s.id, qid: s.qid })).status).toBe(200);
    expect((await request(ctx.app).post(`/apis/candidate/applications/${s.id}/answers/${s.qid}/takes`).set(s.auth).send({})).status).toBe(201);
    expect((await giveBack(staff, { application_id: s.id, qid: s.qid })).status).toBe(200);
    expect(await AuditEntry.count({ where: { action: 'take_back', record_id: String(s.id) } })).toBe(3);

    const worker = startJobs(ctx.deps);
    try {
      const mail = parseMail((await smtp.next(s.candidate.email)).raw);
      expect(mail.subject).toBe('A new take for your interview “Barista”');
      expect(mail.text).toContain(`Hello ${s.candidate.name},`);
      expect(mail.text).toContain('Café Lumière gives you a new take for the question');
      expect(mail.text).toContain(`/candidate/apply/${offer.job_code}?lang=en`);
    } finally {
      await worker.stop(5000);
    }
  });

  it('twice at once gives one take: the second finds one left (409)', async () => {
    const s = await stuckCandidate();
    const [a, b] = await Promise.all([giveBack(recruiter, { application_id: s.id, qid: s.qid }), giveBack(manager, { application_id: s.id, qid: s.qid })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a.body.error, b.body.error]).toContain('takes_not_used_up');
    expect(await takesOf(s.id, s.qid)).toBe(0);
    expect(await AuditEntry.count({ where: { action: 'take_back', record_id: String(s.id) } })).toBe(1);
    const jobs = (await Job.findAll({ where: { name: TAKE_BACK_MAIL_JOB } })).filter((j) => (JSON.parse(j.payload) as { application_id: number }).application_id === s.id);
    expect(jobs).toHaveLength(1);
  });

  it('answers 4xx with a stable code for what cannot be given back', async () => {
    const s = await stuckCandidate();
    // A question never recorded still has its take.
    const left = await giveBack(recruiter, { application_id: s.id, qid: s.other });
    expect(left.status).toBe(409);
    expect(left.body.error).toBe('takes_not_used_up');
    expect((await giveBack(recruiter, { application_id: s.id, qid: 'q9' })).body.error).toBe('answer_not_found');
    expect((await giveBack(recruiter, { application_id: 999_999_999, qid: s.qid })).status).toBe(404);
    for (const body of [{}, { application_id: 'x', qid: s.qid }, { application_id: s.id, qid: 'no such qid!' }, { application_id: -1, qid: s.qid }]) {
      const bad = await giveBack(recruiter, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    // Unlimited retakes: nothing to give back.
    const open = await makeOffer(recruiter, { retakes: null });
    const candidate = await makeUser({ profile: 'candidate' });
    const app = (
      await request(ctx.app)
        .post('/apis/candidate/applications')
        .set(await bearer(candidate))
        .send({ job_code: open.job_code })
    ).body as { id: number; answers: Array<{ qid: string }> };
    const unlimited = await giveBack(recruiter, { application_id: app.id, qid: app.answers[0].qid });
    expect(unlimited.status).toBe(409);
    expect(unlimited.body.error).toBe('takes_not_used_up');
  });
});
