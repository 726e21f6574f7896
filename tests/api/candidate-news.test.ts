// Candidates are told where they stand (issue 24, decision 281): a confirmation e-mail when their
// application is complete; a recruiter's "reject" (wait_reject) becomes final (rejected) after the
// delay the company is shown, by a job on the queue, and the candidate is told kindly in their
// language. Real SMTP on loopback, the real job queue and worker, the app's movable clock.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { QueryTypes } from 'sequelize';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { bearer } from '../helpers/auth.js';
import { makeApplication, makeOffer, makeUser } from '../helpers/fixtures.js';
import { expectCountersTrue } from '../helpers/lifecycle.js';
import { startJobs } from '../../api/jobs/index.js';
import type { Worker } from '../../api/lib/job-queue.js';
import { Application, Job, boundSequelize, transaction, type Offer, type User } from '../../models/index.js';
import { completeIfAllReady } from '../../api/services/applications/video-answers.service.js';
import { REJECTED_MAIL_JOB, REJECT_JOB, rejectAllDue } from '../../api/services/applications/candidate-news.service.js';
import { WAIT_REJECT_DELAY_MS } from '../../models/rules/recruiter-states.js';
import { sqlDate } from '../../models/columns.js';
import { parseMail } from '../helpers/mime.js';

let ctx: TestContext;
let smtp: TestSmtp;
let recruiter: User;
let offer: Offer;
let worker: Worker | undefined;
let seq = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ SMTP_URL: smtp.url, JOBS_POLL_MS: '50' });
  recruiter = await makeUser({ profile: 'recruiter', name: 'Rémi Recruteur' });
  offer = await makeOffer(recruiter, { title: 'Barista', company_name: 'Café Lumière' });
});
afterEach(async () => {
  await worker?.stop(5000);
  worker = undefined;
  ctx.setNow(undefined);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const candidate = (lang: string) => makeUser({ profile: 'candidate', name: `Léa ${++seq}`, email: `news-${seq}@example.test`, lang });
const mailsTo = (user: User) => smtp.mails.filter((m) => m.to.includes(user.email.toLowerCase()));
const move = async (user: User, recruiter_state: string) =>
  request(ctx.app)
    .post(`/apis/application/${offer.job_code}/${user.id}`)
    .set(await bearer(recruiter))
    .send({ recruiter_state });
const stateOf = async (app: Application) => (await app.reload()).recruiter_state;
const rejectJobsOf = async (app: Application) => (await Job.findAll({ where: { name: REJECT_JOB } })).filter((j) => (JSON.parse(j.payload) as { application_id: number }).application_id === app.id);

describe('the confirmation e-mail', () => {
  it('reaches the candidate in their language once the last answer completes the application, once', async () => {
    const lea = await candidate('en');
    const app = await makeApplication(lea, offer, { state: 'applying' });
    expect(await transaction((t) => completeIfAllReady(app.id, t, new Date()))).toBe(true);
    // Completing again queues nothing more.
    expect(await transaction((t) => completeIfAllReady(app.id, t, new Date()))).toBe(false);
    worker = startJobs(ctx.deps);
    const mail = parseMail((await smtp.next(lea.email)).raw);
    expect(mail.subject).toBe('Your application for “Barista” has been sent');
    expect(mail.text).toContain(`Hello ${lea.name},`);
    expect(mail.text).toContain('“Barista” at Café Lumière have arrived');
    expect(mail.text).toContain('http://127.0.0.1:3999/candidate?lang=en');
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(lea)).toHaveLength(1);
  });
});

describe('a rejection', () => {
  it('is final after the delay the company is shown, by a queued job, and the candidate is told kindly in their language', async () => {
    const t0 = Date.now();
    ctx.setNow(t0);
    const bram = await candidate('nl');
    const app = await makeApplication(bram, offer);
    const res = await move(bram, 'wait_reject');
    expect(res.status).toBe(200);
    expect(res.body.Item.recruiter_state).toBe('wait_reject');
    // The company sees when the rejection becomes final.
    expect(res.body.Item.reject_at).toBe(new Date(t0 + WAIT_REJECT_DELAY_MS).toISOString());
    const jobs = await rejectJobsOf(app);
    expect(jobs).toHaveLength(1);
    // Due when the delay is over (the database may keep whole seconds).
    expect(Math.abs(new Date(jobs[0].run_at).getTime() - (t0 + WAIT_REJECT_DELAY_MS))).toBeLessThan(1000);

    // Before the delay: nothing happens.
    worker = startJobs(ctx.deps);
    await new Promise((r) => setTimeout(r, 400));
    expect(await stateOf(app)).toBe('wait_reject');
    expect(mailsTo(bram)).toHaveLength(0);

    // The delay over: rejected, and told once.
    ctx.setNow(t0 + WAIT_REJECT_DELAY_MS + 1000);
    await expect.poll(() => stateOf(app), { timeout: 10_000, interval: 50 }).toBe('rejected');
    // The offer's and the recruiter's counters follow the move (increments equal to a recount).
    await expectCountersTrue();
    const mail = parseMail((await smtp.next(bram.email)).raw);
    expect(mail.subject).toBe('Je sollicitatie voor “Barista”');
    expect(mail.text).toContain(`Hallo ${bram.name},`);
    expect(mail.text).toContain('Bedankt dat je de tijd nam');
    expect(mail.text).toContain('Café Lumière');
    expect(mail.text).toContain('http://127.0.0.1:3999/candidate?lang=nl');
    expect(await Job.count({ where: { name: REJECTED_MAIL_JOB } })).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(bram)).toHaveLength(1);
  });

  it('changed within the delay (shortlisted): stays shortlisted and nobody is told', async () => {
    const t0 = Date.now();
    ctx.setNow(t0);
    const chloe = await candidate('fr');
    const app = await makeApplication(chloe, offer);
    expect((await move(chloe, 'wait_reject')).status).toBe(200);
    ctx.setNow(t0 + 3600_000);
    expect((await move(chloe, 'shortlist')).status).toBe(200);
    ctx.setNow(t0 + WAIT_REJECT_DELAY_MS + 1000);
    worker = startJobs(ctx.deps);
    await expect.poll(async () => (await rejectJobsOf(app)).every((j) => j.finished_at !== null), { timeout: 10_000, interval: 50 }).toBe(true);
    expect(await stateOf(app)).toBe('shortlist');
    expect(mailsTo(chloe)).toHaveLength(0);
  });

  it('rejected again later: the delay runs from the last rejection', async () => {
    const t0 = Date.now();
    ctx.setNow(t0);
    const dan = await candidate('fr');
    const app = await makeApplication(dan, offer);
    expect((await move(dan, 'wait_reject')).status).toBe(200);
    ctx.setNow(t0 + 3600_000);
    expect((await move(dan, 'shortlist')).status).toBe(200);
    ctx.setNow(t0 + 12 * 3600_000);
    expect((await move(dan, 'wait_reject')).status).toBe(200);
    // The first rejection's time is over, not the second's.
    ctx.setNow(t0 + WAIT_REJECT_DELAY_MS + 1000);
    worker = startJobs(ctx.deps);
    await expect.poll(async () => (await rejectJobsOf(app)).filter((j) => j.finished_at !== null).length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
    expect(await stateOf(app)).toBe('wait_reject');
    ctx.setNow(t0 + 12 * 3600_000 + WAIT_REJECT_DELAY_MS + 1000);
    await expect.poll(() => stateOf(app), { timeout: 10_000, interval: 50 }).toBe('rejected');
    const mail = parseMail((await smtp.next(dan.email)).raw);
    expect(mail.subject).toBe('Votre candidature à « Barista »');
    expect(mail.text).toContain('ce n’est pas un jugement sur vous'.replace('ce', 'Ce'));
  });

  it('left waiting without a job (before this change): the hourly sweep makes it final', async () => {
    const eve = await candidate('en');
    const app = await makeApplication(eve, offer);
    const dialect = boundSequelize().getDialect() === 'sqlite' ? 'sqlite' : 'mysql';
    await boundSequelize().query(`UPDATE applications SET recruiter_state = 'wait_reject', updated_at = ? WHERE id = ?`, {
      replacements: [sqlDate(new Date(Date.now() - WAIT_REJECT_DELAY_MS - 60_000), dialect), app.id],
      type: QueryTypes.UPDATE,
    });
    expect(await rejectAllDue(new Date())).toBeGreaterThanOrEqual(1);
    expect(await stateOf(app)).toBe('rejected');
    worker = startJobs(ctx.deps);
    const mail = parseMail((await smtp.next(eve.email)).raw);
    expect(mail.subject).toBe('Your application for “Barista”');
    expect(mail.text).toContain('This is not a judgement on you');
  });
});
