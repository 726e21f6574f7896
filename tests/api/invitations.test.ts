// Interview invitations (issue 27; docs/decisions/430-interview-invitations.md): the offer's side
// invites people (one, a list, a CSV file) by a deadline; each gets a mail (and an SMS through the
// Twilio double when a phone is given) with a signed personal link that signs them in and opens the
// interview; states, resend, cancel, extend; reminders recorded once; unsubscribe honoured; the
// daily limit per company; access per role. Mails through a real SMTP server; the real job worker.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { startTwilioDouble, type TwilioDouble } from '../helpers/twilio-double.js';
import { parseMail } from '../helpers/mime.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeApplication, makeOffer, makeUser, updateApplication } from '../helpers/fixtures.js';
import { startJobs } from '../../api/jobs/index.js';
import type { Worker } from '../../api/lib/job-queue.js';
import { Application, Invitation, InvitationReminder, Job, User, type Offer } from '../../models/index.js';
import { INVITATION_MESSAGE_JOB, queueDueReminders } from '../../api/services/invitations/invitations.service.js';
import { checkInvitationCsv } from '../../api/services/invitations/invitations.schema.js';

const PER_DAY = 40;
const H = 3600_000;

let ctx: TestContext;
let smtp: TestSmtp;
let twilio: TwilioDouble;
let worker: Worker | undefined;
let recruiter: User;
let manager: User;
let otherManager: User;
let otherRecruiter: User;
let candidateUser: User;
let offer: Offer;
let otherOffer: Offer;

beforeAll(async () => {
  smtp = await startSmtp();
  twilio = await startTwilioDouble();
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_SMS_FROM: '+33700000000',
    TWILIO_API_BASE: twilio.base,
    JOBS_POLL_MS: '50',
    INVITATIONS_PER_DAY: String(PER_DAY),
  });
  recruiter = await makeUser({ profile: 'recruiter', name: 'Claire Martin', email: 'claire@acme.test', customer_name: 'Acme' });
  manager = await makeUser({ profile: 'manager', name: 'Marc Durand', email: 'marc@acme.test', customer_name: 'Acme' });
  await addToTeam(manager, recruiter);
  otherRecruiter = await makeUser({ profile: 'recruiter', email: 'rec@other.test', customer_name: 'Other' });
  otherManager = await makeUser({ profile: 'manager', email: 'boss@other.test', customer_name: 'Other' });
  await addToTeam(otherManager, otherRecruiter);
  candidateUser = await makeUser({ profile: 'candidate', email: 'cand@example.test' });
  offer = await makeOffer(recruiter, { title: 'Vendeur', company_name: 'Acme' });
  otherOffer = await makeOffer(otherRecruiter, { title: 'Caissier', company_name: 'Other' });
});
afterEach(async () => {
  await worker?.stop(5000);
  worker = undefined;
  ctx.setNow(undefined);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await twilio?.close();
});

const run = () => (worker = startJobs(ctx.deps));
const inDays = (d: number, from = Date.now()) => new Date(from + d * 24 * H).toISOString();
const invite = async (who: User, body: Record<string, unknown>) =>
  request(ctx.app)
    .post('/apis/invitations')
    .set(await bearer(who))
    .send({ job_code: offer.job_code, deadline: inDays(5), ...body });
const row = (email: string, extra: Record<string, unknown> = {}) => ({ first_name: 'Léa', last_name: 'Dupont', email, ...extra });
const listOf = async (who: User, jobCode = offer.job_code) =>
  request(ctx.app)
    .get(`/apis/console/invitations?filter=${encodeURIComponent(JSON.stringify({ job_code: jobCode }))}&range=${encodeURIComponent('[0,99]')}`)
    .set(await bearer(who));
const stateOf = async (who: User, email: string) => ((await listOf(who)).body as { email: string; state: string }[]).find((r) => r.email === email)?.state;
/** The personal link and the unsubscribe link of a mail's text. */
const linksOf = (text: string) => ({
  open: /https?:\/\/\S+\/apis\/invitation-link\/\S+/.exec(text)?.[0] ?? '',
  unsubscribe: /https?:\/\/\S+\/apis\/invitation-unsubscribe\/\S+/.exec(text)?.[0] ?? '',
});
const pathOf = (url: string) => new URL(url).pathname;
const cookieOf = (res: request.Response) => ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((c) => c.startsWith('sid='))?.split(';')[0];

describe('inviting', () => {
  it('invites one person: a mail in their language with the personal message as text and an unsubscribe link, an SMS to their phone; state sent', async () => {
    const res = await invite(recruiter, {
      rows: [row('lea@example.test', { phone: '06 12 34 56 78', lang: 'en' })],
      message: 'Hello <b>Léa</b>, we met at the fair!',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ created: 1, skipped: [] });
    const jobs = await Job.findAll({ where: { name: INVITATION_MESSAGE_JOB } });
    expect(jobs.map((j) => (JSON.parse(j.payload) as { channel: string }).channel).sort()).toEqual(['email', 'sms']);
    run();
    const received = await smtp.next('lea@example.test', 10_000);
    const mail = parseMail(received.raw);
    expect(mail.subject).toBe('Acme invites you to a video interview: Vendeur');
    expect(mail.text).toContain('Hello Léa,');
    expect(mail.text).toContain('Message from the company:\nHello <b>Léa</b>, we met at the fair!');
    // Text only: no HTML part where the inviter's words could become markup.
    expect(received.raw).not.toMatch(/text\/html/i);
    expect(received.raw).toMatch(/List-Unsubscribe:\s+<http/);
    const links = linksOf(mail.text);
    expect(links.open).toContain(`${ctx.settings.publicUrl}/apis/invitation-link/`);
    expect(links.unsubscribe).toContain('/apis/invitation-unsubscribe/');
    await expect.poll(() => twilio.messages.filter((m) => m.to === '+33612345678').length, { timeout: 10_000 }).toBe(1);
    expect(twilio.messages.find((m) => m.to === '+33612345678')!.body).toContain(links.open);
    expect(await stateOf(recruiter, 'lea@example.test')).toBe('sent');
    // The same address again: skipped, said so.
    const again = await invite(recruiter, { rows: [row('LEA@example.test')] });
    expect(again.body).toEqual({ created: 0, skipped: [{ email: 'lea@example.test', reason: 'already_invited' }] });
  });

  it('checks a CSV file row by row (bad rows with their line and reason), and refuses a sending holding a bad row without storing anything', async () => {
    const csv = [
      'prénom;nom;email;téléphone',
      'Ana;Lopez;ana@example.test;0612345679',
      'Bob;;bob@example.test;',
      'Cy;Ng;not-an-email;',
      'Dee;Roy;dee@example.test;12',
      'Ana;Again;ANA@example.test;',
      '',
      'Eve;Moss;eve@example.test;;nl',
    ].join('\n');
    const res = await request(ctx.app)
      .post('/apis/invitations/check')
      .set(await bearer(manager))
      .send({ csv });
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows.map((r: { email: string }) => r.email)).toEqual(['ana@example.test', 'eve@example.test']);
    expect(res.body.rows[0].phone).toBe('+33612345679');
    expect(res.body.rows[1].lang).toBe('nl');
    expect(res.body.bad.map((b: { line: number; reason: string }) => [b.line, b.reason])).toEqual([
      [3, 'invitation_last_name_required'],
      [4, 'invitation_email_invalid'],
      [5, 'invitation_phone_invalid'],
      [6, 'invitation_row_duplicate'],
    ]);
    // The same function in the browser gives the same answer.
    expect(checkInvitationCsv(csv).bad).toEqual(res.body.bad);

    const before = await Invitation.count();
    const bad = await invite(manager, { rows: [row('ok@example.test'), row('nope')] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invitation_email_invalid');
    expect(await Invitation.count()).toBe(before);
    const tooLong = await invite(manager, { rows: [row('ok@example.test')], message: 'x'.repeat(501) });
    expect([tooLong.status, tooLong.body.error]).toEqual([400, 'invitation_message_too_long']);
    const past = await invite(manager, { rows: [row('ok@example.test')], deadline: new Date(Date.now() - 60_000).toISOString() });
    expect([past.status, past.body.error]).toEqual([400, 'invitation_deadline_past']);
    expect(await Invitation.count()).toBe(before);
    const ok = await invite(manager, { rows: res.body.rows });
    expect(ok.body).toEqual({ created: 2, skipped: [] });
  });
});

describe('the personal link', () => {
  it('signs the candidate in and opens the interview, on any device; the inviter sees opened, started, completed', async () => {
    const res = await invite(recruiter, { rows: [row('max@example.test', { first_name: 'Max', lang: 'fr' })] });
    expect(res.status).toBe(201);
    run();
    const mail = parseMail((await smtp.next('max@example.test', 10_000)).raw);
    expect(mail.subject).toBe('Acme vous invite à un entretien vidéo : Vendeur');
    const { open } = linksOf(mail.text);
    const first = await request(ctx.app).get(pathOf(open));
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`/candidate/apply/${offer.job_code}?lang=fr`);
    const cookie = cookieOf(first);
    expect(cookie).toBeTruthy();
    const me = await request(ctx.app).get('/apis/auth/me').set('Cookie', cookie!);
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain('max@example.test');
    const user = (await User.findOne({ where: { email: 'max@example.test' } }))!;
    expect([user.profile, user.name]).toEqual(['candidate', 'Max Dupont']);
    expect(await stateOf(recruiter, 'max@example.test')).toBe('opened');
    // Another device: the same link, the same person.
    const second = await request(ctx.app).get(pathOf(open));
    expect(second.status).toBe(303);
    expect(cookieOf(second)).toBeTruthy();
    expect(cookieOf(second)).not.toBe(cookie);
    expect(await User.count({ where: { email: 'max@example.test' } })).toBe(1);
    const application = await makeApplication(user, offer, { state: 'applying', answered: [] });
    expect(await stateOf(recruiter, 'max@example.test')).toBe('started');
    await updateApplication(application, { state: 'complete', submit_date: new Date() });
    expect(await stateOf(recruiter, 'max@example.test')).toBe('completed');
    // A tampered link opens nothing.
    const tampered = open.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = await request(ctx.app).get(pathOf(tampered));
    expect(refused.status).toBe(404);
    expect(cookieOf(refused)).toBeUndefined();
    expect(refused.text).toContain('Lien non valide');
  });

  it('an address of a company account opens the interview without being signed in', async () => {
    await invite(recruiter, { rows: [row('claire@acme.test')] });
    run();
    const { open } = linksOf(parseMail((await smtp.next('claire@acme.test', 10_000)).raw).text);
    const res = await request(ctx.app).get(pathOf(open));
    expect(res.status).toBe(303);
    expect(cookieOf(res)).toBeUndefined();
  });

  it('after the deadline the link says so kindly; the inviter extends it, the candidate is told, and the same link works again', async () => {
    const now = Date.now();
    await invite(recruiter, { rows: [row('late@example.test', { lang: 'en' })], deadline: inDays(2, now) });
    run();
    const { open } = linksOf(parseMail((await smtp.next('late@example.test', 10_000)).raw).text);
    await worker!.stop(5000);
    worker = undefined;
    ctx.setNow(now + 3 * 24 * H);
    const closed = await request(ctx.app).get(pathOf(open));
    expect(closed.status).toBe(410);
    expect(closed.text).toContain('This interview has closed');
    expect(closed.text).toContain('Vendeur');
    expect(cookieOf(closed)).toBeUndefined();
    expect(await stateOf(recruiter, 'late@example.test')).toBe('expired');
    const id = (await Invitation.findOne({ where: { email: 'late@example.test' } }))!.id;
    const h = await bearer(recruiter);
    const notLater = await request(ctx.app)
      .post(`/apis/console/invitations/${id}/extend`)
      .set(h)
      .send({ deadline: inDays(1, now) });
    expect([notLater.status, notLater.body.error]).toEqual([400, 'invitation_deadline_past']);
    const extended = await request(ctx.app)
      .post(`/apis/console/invitations/${id}/extend`)
      .set(h)
      .send({ deadline: inDays(6, now) });
    expect(extended.status, extended.text).toBe(200);
    expect(await stateOf(recruiter, 'late@example.test')).toBe('sent');
    run();
    const told = parseMail((await smtp.next('late@example.test', 10_000)).raw);
    expect(told.subject).toBe('More time for your video interview: Vendeur');
    expect(linksOf(told.text).open).toBe(open);
    expect((await request(ctx.app).get(pathOf(open))).status).toBe(303);
  });

  it('resend and cancel: a cancelled link says it was withdrawn; a second cancel is 409; a completed one cannot be cancelled', async () => {
    await invite(recruiter, { rows: [row('rc@example.test')] });
    const id = (await Invitation.findOne({ where: { email: 'rc@example.test' } }))!.id;
    const h = await bearer(manager);
    const resent = await request(ctx.app).post(`/apis/console/invitations/${id}/resend`).set(h).send({});
    expect(resent.status, resent.text).toBe(200);
    run();
    const one = parseMail((await smtp.next('rc@example.test', 10_000)).raw);
    const two = parseMail((await smtp.next('rc@example.test', 10_000)).raw);
    expect(linksOf(one.text).open).toBe(linksOf(two.text).open);
    const cancelled = await request(ctx.app).post(`/apis/console/invitations/${id}/cancel`).set(h).send({});
    expect([cancelled.status, cancelled.body.state]).toEqual([200, 'cancelled']);
    const again = await request(ctx.app).post(`/apis/console/invitations/${id}/cancel`).set(h).send({});
    expect([again.status, again.body.error]).toEqual([409, 'invitation_already_cancelled']);
    const page = await request(ctx.app).get(pathOf(linksOf(one.text).open));
    expect(page.status).toBe(410);
    expect(page.text).toContain('Cette invitation a été retirée');
    const resendCancelled = await request(ctx.app).post(`/apis/console/invitations/${id}/resend`).set(h).send({});
    expect([resendCancelled.status, resendCancelled.body.error]).toEqual([409, 'invitation_not_open']);
    // Cancelled: the address may be invited again.
    expect((await invite(recruiter, { rows: [row('rc@example.test')] })).body.created).toBe(1);
  });
});

describe('unsubscribe', () => {
  it('works without signing in, and the company never writes to the address again; another company still may', async () => {
    await invite(recruiter, { rows: [row('stop@example.test')], deadline: inDays(3) });
    run();
    const { unsubscribe } = linksOf(parseMail((await smtp.next('stop@example.test', 10_000)).raw).text);
    const page = await request(ctx.app).get(pathOf(unsubscribe));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Ne plus recevoir de messages de Acme');
    const done = await request(ctx.app).post(pathOf(unsubscribe)).type('form').send('List-Unsubscribe=One-Click');
    expect(done.status).toBe(200);
    expect(done.text).toContain('Acme ne vous écrira plus');
    expect(await stateOf(recruiter, 'stop@example.test')).toBe('opted_out');
    const id = (await Invitation.findOne({ where: { email: 'stop@example.test' } }))!.id;
    const resent = await request(ctx.app)
      .post(`/apis/console/invitations/${id}/resend`)
      .set(await bearer(recruiter))
      .send({});
    expect([resent.status, resent.body.error]).toEqual([409, 'invitation_not_open']);
    // Another offer of the same company: skipped.
    const offer2 = await makeOffer(recruiter, { title: 'Magasinier', company_name: 'Acme' });
    const skipped = await invite(manager, { job_code: offer2.job_code, rows: [row('stop@example.test')] });
    expect(skipped.body).toEqual({ created: 0, skipped: [{ email: 'stop@example.test', reason: 'opted_out' }] });
    // No reminder either.
    ctx.setNow(Date.now() + 2.5 * 24 * H);
    await queueDueReminders(ctx.deps.clock());
    expect(await InvitationReminder.count({ where: { invitation_id: id } })).toBe(0);
    ctx.setNow(undefined);
    // Another company is not bound by it.
    const other = await invite(otherManager, { job_code: otherOffer.job_code, rows: [row('stop@example.test')] });
    expect(other.body.created).toBe(1);
  });
});

describe('reminders', () => {
  it('each reminder time is queued once, even by sweeps running at once; not for a completed interview', async () => {
    const t0 = Date.now();
    await invite(recruiter, { rows: [row('rem1@example.test'), row('rem2@example.test')], deadline: inDays(4, t0) });
    const [r1, r2] = await Promise.all(['rem1@example.test', 'rem2@example.test'].map((email) => Invitation.findOne({ where: { email } })));
    const user2 = await makeUser({ profile: 'candidate', email: 'rem2@example.test' });
    await Invitation.update({ candidate_id: user2.id }, { where: { id: r2!.id } });
    await makeApplication(user2, offer, { state: 'complete' });
    const reminderJobs = async (id: number) =>
      (await Job.findAll({ where: { name: INVITATION_MESSAGE_JOB } })).filter((j) => {
        const p = JSON.parse(j.payload) as { invitation_id: number; kind: string };
        return p.invitation_id === id && p.kind === 'reminder';
      }).length;
    // Before 48 h: nothing.
    ctx.setNow(t0 + 2 * 24 * H - H);
    await queueDueReminders(ctx.deps.clock());
    expect(await reminderJobs(r1!.id)).toBe(0);
    // Past 48 h, three sweeps at once: one reminder.
    ctx.setNow(t0 + 2 * 24 * H + 60_000);
    await Promise.all([queueDueReminders(ctx.deps.clock()), queueDueReminders(ctx.deps.clock()), queueDueReminders(ctx.deps.clock())]);
    await queueDueReminders(ctx.deps.clock());
    expect(await reminderJobs(r1!.id)).toBe(1);
    // Past 24 h: the second.
    ctx.setNow(t0 + 3 * 24 * H + 60_000);
    await Promise.all([queueDueReminders(ctx.deps.clock()), queueDueReminders(ctx.deps.clock())]);
    expect(await reminderJobs(r1!.id)).toBe(2);
    expect(await reminderJobs(r2!.id)).toBe(0);
    // The list shows each invitation's last reminder (decision 460).
    const listed = (await listOf(recruiter)).body as { email: string; last_reminder_at: string | null }[];
    expect(listed.find((r) => r.email === 'rem1@example.test')?.last_reminder_at).toBe(new Date(t0 + 3 * 24 * H + 60_000).toISOString());
    expect(listed.find((r) => r.email === 'rem2@example.test')?.last_reminder_at).toBeNull();
    run();
    const mails: string[] = [];
    for (let i = 0; i < 3; i++) mails.push(parseMail((await smtp.next('rem1@example.test', 10_000)).raw).subject);
    expect(mails.filter((s) => s.startsWith('Rappel'))).toHaveLength(2);
    expect(mails[2]).toMatch(/^Rappel : votre entretien vidéo pour Vendeur se termine le \d\d\/\d\d\/\d{4} à \d\d:\d\d \(Europe\/Paris\)$/);
  });

  it('the company sets its reminder times (managers only); a bad value is refused', async () => {
    const get = await request(ctx.app)
      .get('/apis/invitations/settings')
      .set(await bearer(recruiter));
    expect(get.body).toMatchObject({ reminder_hours: [48, 24], per_day: PER_DAY });
    const byRecruiter = await request(ctx.app)
      .put('/apis/invitations/settings')
      .set(await bearer(recruiter))
      .send({ reminder_hours: '72' });
    expect(byRecruiter.status).toBe(403);
    const bad = await request(ctx.app)
      .put('/apis/invitations/settings')
      .set(await bearer(otherManager))
      .send({ reminder_hours: '0, 1000' });
    expect([bad.status, bad.body.error]).toEqual([400, 'invitation_reminders_invalid']);
    const set = await request(ctx.app)
      .put('/apis/invitations/settings')
      .set(await bearer(otherManager))
      .send({ reminder_hours: '12, 72' });
    expect(set.body).toEqual({ reminder_hours: [72, 12] });
    const t0 = Date.now();
    await invite(otherManager, { job_code: otherOffer.job_code, rows: [row('set@example.test')], deadline: inDays(5, t0) });
    const id = (await Invitation.findOne({ where: { email: 'set@example.test' } }))!.id;
    ctx.setNow(t0 + 2 * 24 * H + 60_000); // 72 h before the deadline
    await queueDueReminders(ctx.deps.clock());
    expect((await InvitationReminder.findAll({ where: { invitation_id: id } })).map((r) => r.hours_before)).toEqual([72]);
  });
});

describe('limits and access', () => {
  it('refuses past the company’s daily limit with 429 invitation_daily_limit, storing nothing', async () => {
    const company = await makeUser({ profile: 'manager', email: 'limit@big.test', customer_name: 'Big' });
    const bigOffer = await makeOffer(company, { company_name: 'Big' });
    const rows = Array.from({ length: PER_DAY - 1 }, (_, i) => row(`p${i}@big.test`));
    expect((await invite(company, { job_code: bigOffer.job_code, rows })).body.created).toBe(PER_DAY - 1);
    const over = await invite(company, { job_code: bigOffer.job_code, rows: [row('x1@big.test'), row('x2@big.test')] });
    expect([over.status, over.body.error]).toEqual([429, 'invitation_daily_limit']);
    expect(over.body.message).toContain(String(PER_DAY));
    expect(await Invitation.count({ where: { email: 'x1@big.test' } })).toBe(0);
    // Two sendings of one at once for the last place: one passes.
    const both = await Promise.all([invite(company, { job_code: bigOffer.job_code, rows: [row('y1@big.test')] }), invite(company, { job_code: bigOffer.job_code, rows: [row('y2@big.test')] })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 429]);
    // The next day, again.
    ctx.setNow(Date.now() + 24 * H);
    expect((await invite(company, { job_code: bigOffer.job_code, rows: [row('z@big.test')], deadline: inDays(3) })).status).toBe(201);
  });

  it('only the offer’s side: a candidate 403, another company’s manager and recruiter 404, staff see all', async () => {
    const id = (await Invitation.findOne({ where: { email: 'lea@example.test' } }))!.id;
    const asCandidate = await invite(candidateUser, { rows: [row('a@example.test')] });
    expect(asCandidate.status).toBe(403);
    expect(
      (
        await request(ctx.app)
          .post('/apis/invitations')
          .send({ job_code: offer.job_code, deadline: inDays(3), rows: [row('a@example.test')] })
      ).status,
    ).toBe(401);
    for (const stranger of [otherManager, otherRecruiter]) {
      const h = await bearer(stranger);
      const made = await invite(stranger, { rows: [row('a@example.test')] });
      expect([made.status, made.body.error]).toEqual([404, 'offer_not_found']);
      expect((await request(ctx.app).get(`/apis/console/invitations/${id}`).set(h)).status).toBe(404);
      expect((await request(ctx.app).post(`/apis/console/invitations/${id}/cancel`).set(h).send({})).status).toBe(404);
      expect(((await listOf(stranger)).body as unknown[]).length).toBe(0);
    }
    expect(
      (
        await request(ctx.app)
          .get(`/apis/console/invitations/${id}`)
          .set(await bearer(candidateUser))
      ).status,
    ).toBe(403);
    const managerList = (await listOf(manager)).body as { email: string }[];
    expect(managerList.map((r) => r.email)).toContain('lea@example.test');
    const staff = await makeUser({ profile: 'manager', email: 'staff@platform.test', is_admin: true });
    const all = await request(ctx.app)
      .get(`/apis/console/invitations?range=${encodeURIComponent('[0,499]')}`)
      .set(await bearer(staff));
    expect(all.status).toBe(200);
    const emails = (all.body as { email: string }[]).map((r) => r.email);
    expect(emails).toContain('lea@example.test');
    expect(emails).toContain('set@example.test');
    expect(await Application.count()).toBeGreaterThan(0);
    expect(ctx.answers.serverErrors).toEqual([]);
  });
});
