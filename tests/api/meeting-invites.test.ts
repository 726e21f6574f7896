// Meeting invitations (issue 24; docs/decisions/290-meeting-invitations.md): the recruiter's side
// sends the candidate the room's link now (e-mail, and SMS through Twilio, replaced at its HTTP
// boundary by a local double, when a phone is known) or schedules the call: an RFC 5545 invitation
// attached to both sides' mails, a reminder job before the start, a cancellation. Mails go through
// a real SMTP server on loopback; the job queue runs its real worker.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { startTwilioDouble, type TwilioDouble } from '../helpers/twilio-double.js';
import { parseMail } from '../helpers/mime.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeApplication, makeOffer, makeUser } from '../helpers/fixtures.js';
import { startJobs } from '../../api/jobs/index.js';
import type { Worker } from '../../api/lib/job-queue.js';
import { Job, Meeting, type User } from '../../models/index.js';
import { MEETING_MESSAGE_JOB } from '../../api/services/meetings/meeting-invites.service.js';
import { buildIcs, foldLine } from '../../api/services/meetings/meeting-ics.js';
import { MEETING_REMINDER_BEFORE_MS } from '../../models/rules/meeting.js';

const FROM = '+33700000000';

let ctx: TestContext;
let smtp: TestSmtp;
let twilio: TwilioDouble;
let worker: Worker | undefined;
let recruiter: User;
let manager: User;
let candidate: User;
let candidateNoPhone: User;
let stranger: User;

beforeAll(async () => {
  smtp = await startSmtp();
  twilio = await startTwilioDouble();
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_SMS_FROM: FROM,
    TWILIO_API_BASE: twilio.base,
    JOBS_POLL_MS: '50',
  });
  recruiter = await makeUser({ profile: 'recruiter', name: 'Claire Martin', email: 'claire@company.test', lang: 'fr' });
  manager = await makeUser({ profile: 'manager', name: 'Marc Durand', email: 'marc@company.test', lang: 'fr' });
  await addToTeam(manager, recruiter);
  candidate = await makeUser({ profile: 'candidate', name: 'Lea Dupont', email: 'lea@example.test', phone: '+33612345678', lang: 'en' });
  candidateNoPhone = await makeUser({ profile: 'candidate', name: 'Paul Petit', email: 'paul@example.test', lang: 'fr' });
  stranger = await makeUser({ profile: 'recruiter', email: 'other@company.test' });
  const offer = await makeOffer(recruiter);
  await makeApplication(candidate, offer);
  await makeApplication(candidateNoPhone, offer);
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

const invitePath = (c: User) => `/apis/meeting-invite/${recruiter.id}/${c.id}`;
const room = (c: User, current: User, lang: string) => `${ctx.settings.publicUrl}/meeting-web-app/${recruiter.id}/${c.id}/${current.id}?lang=${lang}`;
const run = () => (worker = startJobs(ctx.deps));
const messagesOf = async (meetingId: number) => (await Job.findAll({ where: { name: MEETING_MESSAGE_JOB } })).filter((j) => (JSON.parse(j.payload) as { meeting_id: number }).meeting_id === meetingId);

/** The content lines of an iCalendar text, unfolded (RFC 5545 section 3.1). */
const unfold = (ics: string) =>
  ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
const prop = (ics: string, name: string) =>
  unfold(ics)
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '');

describe('sending the link now', () => {
  it('mails the candidate the room link in their language and texts it to their phone; the recruiter gets nothing', async () => {
    const res = await request(ctx.app)
      .post(invitePath(candidate))
      .set(await bearer(recruiter))
      .send({});
    expect(res.status).toBe(201);
    expect(res.body.meeting).toMatchObject({ starts_at: null, cancelled: false, sms: true, invited_by: recruiter.id });
    const jobs = await messagesOf(res.body.meeting.id);
    expect(jobs.map((j) => JSON.parse(j.payload) as { to: string; channel: string }).map((p) => `${p.to}/${p.channel}`)).toEqual(['candidate/email', 'candidate/sms']);
    run();
    const mail = parseMail((await smtp.next('lea@example.test', 10_000)).raw);
    expect(mail.subject).toBe('Claire Martin is waiting for you on a video call');
    expect(mail.text).toContain(`Join the call: ${room(candidate, candidate, 'en')}`);
    expect(mail.attachments).toEqual([]);
    await expect.poll(() => twilio.messages.filter((m) => m.to === '+33612345678').length, { timeout: 10_000 }).toBe(1);
    const sms = twilio.messages.find((m) => m.to === '+33612345678')!;
    expect(sms.from).toBe(FROM);
    expect(sms.body).toBe(`Claire Martin is waiting for you on a video call: ${room(candidate, candidate, 'en')}`);
    await expect.poll(async () => (await messagesOf(res.body.meeting.id)).every((j) => j.finished_at !== null), { timeout: 10_000 }).toBe(true);
    expect(smtp.mails.filter((m) => m.to.includes('claire@company.test'))).toHaveLength(0);
  });

  it('a candidate without a phone gets the e-mail only', async () => {
    const before = twilio.messages.length;
    const res = await request(ctx.app)
      .post(invitePath(candidateNoPhone))
      .set(await bearer(recruiter))
      .send({});
    expect(res.status).toBe(201);
    expect(res.body.meeting.sms).toBe(false);
    run();
    const mail = parseMail((await smtp.next('paul@example.test', 10_000)).raw);
    expect(mail.subject).toBe('Claire Martin vous attend en appel vidéo');
    expect(mail.text).toContain(`Rejoindre l’appel : ${room(candidateNoPhone, candidateNoPhone, 'fr')}`);
    expect(twilio.messages.slice(before)).toEqual([]);
  });
});

describe('scheduling a call', () => {
  it('sends both sides an RFC 5545 invitation, reminds them 15 minutes before, and lists the call on both sides', async () => {
    const now = Date.UTC(2026, 11, 1, 8, 0, 0);
    ctx.setNow(now);
    const start = new Date(Date.UTC(2026, 11, 3, 9, 30, 0));
    const res = await request(ctx.app)
      .post(invitePath(candidate))
      .set(await bearer(manager))
      .send({ starts_at: '2026-12-03T10:30:00+01:00', duration_min: 45, time_zone: 'Europe/Paris' });
    expect(res.status).toBe(201);
    expect(res.body.meeting).toMatchObject({ starts_at: start.toISOString(), duration_min: 45, time_zone: 'Europe/Paris', cancelled: false });
    const id = res.body.meeting.id as number;
    // The reminders wait for their time in the queue.
    const reminders = (await messagesOf(id)).filter((j) => (JSON.parse(j.payload) as { kind: string }).kind === 'reminder');
    expect(reminders.map((j) => j.run_at.getTime())).toEqual(reminders.map(() => start.getTime() - MEETING_REMINDER_BEFORE_MS));
    expect(reminders).toHaveLength(4); // candidate e-mail and SMS, the manager who sent it, the offer's recruiter

    run();
    const toCandidate = parseMail((await smtp.next('lea@example.test', 10_000)).raw);
    expect(toCandidate.subject).toBe('Video call with Marc Durand on 03/12/2026 at 10:30 (Europe/Paris)');
    expect(toCandidate.text).toContain('invites you to a video call on 03/12/2026 at 10:30 (Europe/Paris) (45 min)');
    expect(toCandidate.text).toContain(room(candidate, candidate, 'en'));
    expect(toCandidate.attachments).toHaveLength(1);
    const ics = toCandidate.attachments[0];
    expect(ics.filename).toBe('invitation.ics');
    expect(ics.contentType).toMatch(/^text\/calendar; charset=utf-8; method=REQUEST/);
    // A valid iCalendar object: CRLF lines of at most 75 octets, one VEVENT with UTC times.
    expect(ics.body.endsWith('\r\n')).toBe(true);
    expect(ics.body.replace(/\r\n/g, '').includes('\n')).toBe(false);
    for (const line of ics.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const lines = unfold(ics.body);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(prop(ics.body, 'VERSION')).toBe('2.0');
    expect(prop(ics.body, 'METHOD')).toBe('REQUEST');
    expect(prop(ics.body, 'PRODID')).toBeTruthy();
    expect(prop(ics.body, 'DTSTART')).toBe('20261203T093000Z');
    expect(prop(ics.body, 'DTEND')).toBe('20261203T101500Z');
    expect(prop(ics.body, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(prop(ics.body, 'SEQUENCE')).toBe('0');
    expect(prop(ics.body, 'SUMMARY')).toBe('Video call with Marc Durand');
    expect(prop(ics.body, 'URL')).toBe(room(candidate, candidate, 'en'));
    expect(prop(ics.body, 'ORGANIZER')).toBe('mailto:marc@company.test');
    expect(prop(ics.body, 'ATTENDEE')).toBe('mailto:lea@example.test');
    expect(lines).toContain('TRIGGER:-PT15M');
    const uid = prop(ics.body, 'UID');
    const sms = await expect.poll(() => twilio.messages.filter((m) => m.to === '+33612345678' && m.body.includes('03/12/2026')).length, { timeout: 10_000 });
    void sms;

    // The manager who sent it and the offer's recruiter get the same event (same UID), with their own room link.
    for (const [who, email] of [
      [manager, 'marc@company.test'],
      [recruiter, 'claire@company.test'],
    ] as const) {
      const copy = parseMail((await smtp.next(email, 10_000)).raw);
      expect(copy.subject).toBe('Appel vidéo planifié avec Lea Dupont le 03/12/2026 à 10:30 (Europe/Paris)');
      expect(copy.text).toContain(room(candidate, who, 'fr'));
      expect(prop(copy.attachments[0].body, 'UID')).toBe(uid);
      expect(prop(copy.attachments[0].body, 'URL')).toBe(room(candidate, who, 'fr'));
    }

    // Both sides see the call to come.
    for (const who of [candidate, recruiter]) {
      const list = await request(ctx.app)
        .get(invitePath(candidate))
        .set(await bearer(who));
      expect(list.status).toBe(200);
      expect(list.body.meetings.map((m: { id: number }) => m.id)).toEqual([id]);
    }

    // 15 minutes before: the reminders go out.
    ctx.setNow(start.getTime() - MEETING_REMINDER_BEFORE_MS + 1000);
    const reminder = parseMail((await smtp.next('lea@example.test', 10_000)).raw);
    expect(reminder.subject).toBe('Reminder: video call with Marc Durand at 10:30');
    expect(reminder.text).toContain(room(candidate, candidate, 'en'));
    await expect.poll(() => twilio.messages.filter((m) => m.to === '+33612345678' && m.body.startsWith('Reminder:')).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await Meeting.findByPk(id))!.reminded_at, { timeout: 10_000 }).not.toBeNull();
  });

  it('cancelling sends the same event cancelled (next SEQUENCE), and its reminder never goes out', async () => {
    const now = Date.UTC(2026, 11, 1, 8, 0, 0);
    ctx.setNow(now);
    const res = await request(ctx.app)
      .post(invitePath(candidateNoPhone))
      .set(await bearer(recruiter))
      .send({ starts_at: '2026-12-05T14:00:00Z', time_zone: 'Europe/Brussels' });
    expect(res.status).toBe(201);
    expect(res.body.meeting.duration_min).toBe(30);
    const id = res.body.meeting.id as number;
    run();
    const invitation = parseMail((await smtp.next('paul@example.test', 10_000)).raw);
    expect(invitation.subject).toBe('Appel vidéo avec Claire Martin le 05/12/2026 à 15:00 (Europe/Brussels)');
    await smtp.next('claire@company.test', 10_000);

    // Only the recruiter's side cancels.
    const byCandidate = await request(ctx.app)
      .delete(`${invitePath(candidateNoPhone)}/${id}`)
      .set(await bearer(candidateNoPhone));
    expect(byCandidate.status).toBe(403);
    const cancel = await request(ctx.app)
      .delete(`${invitePath(candidateNoPhone)}/${id}`)
      .set(await bearer(recruiter));
    expect(cancel.status).toBe(200);
    expect(cancel.body.meeting.cancelled).toBe(true);
    const again = await request(ctx.app)
      .delete(`${invitePath(candidateNoPhone)}/${id}`)
      .set(await bearer(recruiter));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('meeting_already_cancelled');

    const cancelled = parseMail((await smtp.next('paul@example.test', 10_000)).raw);
    expect(cancelled.subject).toBe('Appel vidéo annulé : 05/12/2026 à 15:00 (Europe/Brussels)');
    const ics = cancelled.attachments[0].body;
    expect(prop(ics, 'METHOD')).toBe('CANCEL');
    expect(prop(ics, 'STATUS')).toBe('CANCELLED');
    expect(prop(ics, 'SEQUENCE')).toBe('1');
    expect(prop(ics, 'UID')).toBe(prop(invitation.attachments[0].body, 'UID'));
    await smtp.next('claire@company.test', 10_000);

    // Past the reminder time: nothing more is sent for this call, and it is no longer listed.
    ctx.setNow(Date.UTC(2026, 11, 5, 13, 46, 0));
    await expect.poll(async () => (await messagesOf(id)).every((j) => j.finished_at !== null), { timeout: 10_000 }).toBe(true);
    expect(smtp.mails.filter((m) => m.to.includes('paul@example.test') && parseMail(m.raw).subject.startsWith('Rappel'))).toHaveLength(0);
    const list = await request(ctx.app)
      .get(invitePath(candidateNoPhone))
      .set(await bearer(recruiter));
    expect(list.body.meetings).toEqual([]);
  });
});

describe('who may invite, and bad input', () => {
  it('only the recruiter side of the room invites: the candidate 403, a stranger 403, a visitor 401', async () => {
    const cases: Array<[User | null, number]> = [
      [candidate, 403],
      [stranger, 403],
      [null, 401],
    ];
    for (const [who, status] of cases) {
      const req = request(ctx.app).post(invitePath(candidate)).send({});
      if (who) req.set(await bearer(who));
      expect((await req).status, who?.email ?? 'anonymous').toBe(status);
    }
    const list = await request(ctx.app)
      .get(invitePath(candidate))
      .set(await bearer(stranger));
    expect(list.status).toBe(403);
  });

  it('answers 400 with a stable code for a time in the past, unreadable, too far, a length or zone not offered; nothing is stored', async () => {
    ctx.setNow(Date.UTC(2026, 11, 1, 8, 0, 0));
    const before = await Meeting.count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ starts_at: '2026-11-30T10:00:00Z' }, 'meeting_time_past'],
      [{ starts_at: 'tomorrow at ten' }, 'meeting_time_invalid'],
      [{ starts_at: '2026-13-45T10:00:00Z' }, 'meeting_time_invalid'],
      [{ starts_at: '2026-12-03T10:00:00' }, 'meeting_time_invalid'],
      [{ starts_at: 20261203 }, 'meeting_time_invalid'],
      [{ starts_at: '2028-12-03T10:00:00Z' }, 'meeting_time_too_far'],
      [{ starts_at: '2026-12-03T10:00:00Z', duration_min: 20 }, 'meeting_duration_invalid'],
      [{ starts_at: '2026-12-03T10:00:00Z', duration_min: '30; DROP' }, 'meeting_duration_invalid'],
      [{ starts_at: '2026-12-03T10:00:00Z', time_zone: 'Mars/Olympus' }, 'meeting_time_zone_invalid'],
      [{ starts_at: '2026-12-03T10:00:00Z', time_zone: 'Europe/Paris\r\nX: y' }, 'meeting_time_zone_invalid'],
    ];
    for (const [body, code] of cases) {
      const res = await request(ctx.app)
        .post(invitePath(candidate))
        .set(await bearer(recruiter))
        .set('Accept-Language', 'en')
        .send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(code);
      expect(res.body.message).not.toBe(code);
    }
    expect(await Meeting.count()).toBe(before);
    expect(ctx.answers.serverErrors).toEqual([]);
  });

  it('sends one pair at most 10 invitations an hour (429 after)', async () => {
    const pair = await makeUser({ profile: 'candidate', email: 'many@example.test' });
    await makeApplication(pair, await makeOffer(recruiter));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await request(ctx.app)
        .post(invitePath(pair))
        .set(await bearer(recruiter))
        .send({});
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.error).toBe('meeting_too_many_invites');
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});

describe('the sign-in code mailed from the room', () => {
  it('leads back to the room the candidate was joining; any other return path is refused', async () => {
    const path = `/meeting-web-app/${recruiter.id}/${candidateNoPhone.id}/${candidateNoPhone.id}`;
    const res = await request(ctx.app).post('/apis/auth/email-code').send({ email: 'paul@example.test', lang: 'fr', return_to: path });
    expect(res.status).toBe(200);
    const mail = parseMail((await smtp.next('paul@example.test', 10_000)).raw);
    expect(mail.text).toMatch(new RegExp(`${ctx.settings.publicUrl}${path}\\?lang=fr#email=paul%40example.test&code=\\d{6}`));
    for (const bad of ['https://evil.test/x', '//evil.test', '/meeting-web-app/a/b', '/login?next=https://evil.test']) {
      const refused = await request(ctx.app).post('/apis/auth/email-code').send({ email: 'paul@example.test', return_to: bad });
      expect(refused.status, bad).toBe(400);
    }
  });
});

describe('the iCalendar text', () => {
  it('escapes TEXT values and folds long lines between characters', () => {
    const ics = buildIcs({
      uid: 'u@meeting',
      method: 'REQUEST',
      sequence: 0,
      stamp: new Date(0),
      start: new Date(0),
      durationMin: 15,
      summary: 'Appel vidéo avec Zoë; Ana, et\\ Léa\nsuite',
      description: 'é'.repeat(100),
      url: 'http://x.test/a',
      organizer: { name: 'A "B"', email: 'a@x.test' },
      attendee: { name: 'C', email: 'c@x.test' },
    });
    expect(prop(ics, 'SUMMARY')).toBe('Appel vidéo avec Zoë\\; Ana\\, et\\\\ Léa\\nsuite');
    expect(unfold(ics).find((l) => l.startsWith('ORGANIZER'))).toBe('ORGANIZER;CN="A B":mailto:a@x.test');
    expect(prop(ics, 'DESCRIPTION')).toBe('é'.repeat(100));
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(foldLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
  });
});
