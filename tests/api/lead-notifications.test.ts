// Lead notifications (issue 14; docs/decisions/164-lead-notifications.md, 165-lead-resend.md,
// 166-sms-integration.md): a landing or web lead is told to download the app and enter the offer
// code, by SMS (Twilio Messaging, replaced at its HTTP boundary by a local double whose requests
// are checked) when a phone is known, else by e-mail (a real SMTP server on loopback); notif moves
// to 2 or 3 once sent; staff resend one lead, a filtered list, or through the spec's endpoint.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { startTwilioDouble, type TwilioDouble } from '../helpers/twilio-double.js';
import { bearer } from '../helpers/auth.js';
import { makeLanding, makeLead, makeOffer, makeUser } from '../helpers/fixtures.js';
import { QUEUES, startJobs } from '../../api/jobs/index.js';
import { startWorker as startQueueWorker, type Worker } from '../../api/lib/job-queue.js';
import { AuditEntry, AuthAttempt, Job, LandingInterest, type Offer, type User } from '../../models/index.js';
import { LIMITS } from '../../api/auth/throttle.js';
import { LEAD_NOTIF_JOB, MAX_BULK_RESEND, RESEND_COOLDOWN_MS } from '../../api/services/applications/lead-notif.service.js';
import { FileSms, createSms } from '../../api/integrations/sms.js';
import { loadSettings, SettingsError } from '../../config/settings.js';
import { parseMail } from '../helpers/mime.js';

const FROM = '+33700000000';
const DOWNLOAD = 'https://app.example.test/telecharger';

let ctx: TestContext;
let smtp: TestSmtp;
let twilio: TwilioDouble;
let admin: User;
let recruiter: User;
let offer: Offer;
let worker: Worker | undefined;

beforeAll(async () => {
  smtp = await startSmtp();
  twilio = await startTwilioDouble();
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_SMS_FROM: FROM,
    TWILIO_API_BASE: twilio.base,
    APP_DOWNLOAD_URL: DOWNLOAD,
    JOBS_POLL_MS: '50',
  });
  admin = await makeUser({ profile: 'recruiter', is_admin: true });
  recruiter = await makeUser({ profile: 'recruiter' });
  offer = await makeOffer(recruiter, { title: 'Vendeur H/F' });
});
afterEach(async () => {
  await worker?.stop(5000);
  worker = undefined;
  ctx.setNow(undefined);
  twilio.failNext(0);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await twilio?.close();
});

const startWorker = () => {
  worker = startJobs(ctx.deps);
  return worker;
};
const smsTo = (to: string) => twilio.messages.filter((m) => m.to === to);
const leadOf = (email: string) => LandingInterest.findOne({ where: { email }, rejectOnEmpty: true });
const notifJobsOf = async (leadId: number) => (await Job.findAll({ where: { name: LEAD_NOTIF_JOB } })).filter((j) => (JSON.parse(j.payload) as { lead_id: number }).lead_id === leadId);

let phoneSeq = 10;
/** A fresh French mobile number: national and E.164 forms. */
function phone() {
  const n = String(++phoneSeq).padStart(8, '0');
  return { national: `06${n}`, e164: `+336${n}` };
}

function submit(body: Record<string, unknown>, lang?: string) {
  const req = request(ctx.app).post('/apis/submit-interest');
  if (lang) req.set('Accept-Language', lang);
  return req.send({ job_code: offer.job_code, firstname: 'Léa', lastname: 'Dupont', accept_cgu: true, use_cv: false, ...body });
}

describe('the first message of a lead', () => {
  it('a web lead with a phone gets an SMS through Twilio in their language; notif is 0 until it is sent, then 2', async () => {
    const p = phone();
    const res = await submit({ email: 'sms-lead@example.test', phone_number: p.national }, 'nl-BE,nl;q=0.9');
    expect(res.status).toBe(201);
    // Queued with the lead, not sent yet: notif stays 0.
    const lead = await leadOf('sms-lead@example.test');
    expect(lead.notif).toBe(0);
    expect(lead.notified_at).toBeNull();
    expect(lead.lang).toBe('nl');
    expect(await notifJobsOf(lead.id)).toHaveLength(1);
    expect(smsTo(p.e164)).toHaveLength(0);
    // The same application again is refused (409): no second lead, no second message queued.
    const twice = await submit({ email: 'sms-lead@example.test', phone_number: p.national });
    expect(twice.status).toBe(409);
    expect(await Job.count({ where: { name: LEAD_NOTIF_JOB } })).toBe(1);

    startWorker();
    await expect.poll(async () => (await lead.reload()).notif, { timeout: 10_000, interval: 50 }).toBe(2);
    expect(lead.notified_at).not.toBeNull();
    // The request Twilio received: the account's path, basic auth, form-encoded To, From and Body.
    const sent = twilio.requests.filter((r) => r.params.To === p.e164);
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].path).toBe(`/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`);
    expect(sent[0].auth).toEqual({ user: twilio.accountSid, password: twilio.authToken });
    expect(sent[0].contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent[0].params.From).toBe(FROM);
    expect(sent[0].params.Body).toBe(
      `Hallo Léa, bedankt voor je sollicitatie "Vendeur H/F"! Rond ze af met een video: download de app: ${DOWNLOAD} en voer bij het aanmelden de code ${offer.job_code} in.`,
    );
    expect(smsTo(p.e164)).toHaveLength(1);
    // Nothing by e-mail for this lead.
    expect(smtp.mails.some((m) => m.to.includes('sms-lead@example.test'))).toBe(false);
  });

  it('a landing lead without a phone gets an e-mail over SMTP; notif 3', async () => {
    const landing = await makeLanding();
    const landingOffer = await makeOffer(recruiter, { title: 'Boulanger', company_hash: landing.company_hash });
    const res = await request(ctx.app)
      .post('/apis/submit-interest')
      .send({ job_code: landingOffer.job_code, email: 'mail-lead@example.test', firstname: 'Marc', lastname: 'Petit', accept_cgu: true, use_cv: false, cgu_from: `landing/${landing.identifier}` });
    expect(res.status).toBe(201);
    const lead = await leadOf('mail-lead@example.test');
    expect(lead.notif).toBe(0);
    startWorker();
    const mail = parseMail((await smtp.next('mail-lead@example.test', 10_000)).raw);
    expect(mail.subject).toBe('Dernière étape pour votre candidature « Boulanger »');
    expect(mail.text).toContain('Bonjour Marc,');
    expect(mail.text).toContain(`1. Téléchargez l’application et créez votre compte : ${DOWNLOAD}`);
    expect(mail.text).toContain(`3. Saisissez le code de l’annonce : ${landingOffer.job_code}`);
    await expect.poll(async () => (await lead.reload()).notif, { timeout: 5000, interval: 50 }).toBe(3);
    expect(lead.notified_at).not.toBeNull();
  });

  it('writes the e-mail in English for a lead who applied in English', async () => {
    const landing = await makeLanding();
    const landingOffer = await makeOffer(recruiter, { title: 'Baker', company_hash: landing.company_hash });
    const res = await request(ctx.app)
      .post('/apis/submit-interest?lang=en')
      .send({ job_code: landingOffer.job_code, email: 'en-lead@example.test', firstname: 'Ann', lastname: 'Lee', accept_cgu: true, use_cv: false, cgu_from: `landing/${landing.identifier}` });
    expect(res.status).toBe(201);
    expect((await leadOf('en-lead@example.test')).lang).toBe('en');
    startWorker();
    const mail = parseMail((await smtp.next('en-lead@example.test', 10_000)).raw);
    expect(mail.subject).toBe('Last step for your application "Baker"');
    expect(mail.text).toContain('Hello Ann,');
    expect(mail.text).toContain(`Enter the offer code: ${landingOffer.job_code}`);
  });

  it('a provider failing twice then succeeding ends with exactly one message and notif set', async () => {
    const p = phone();
    twilio.failNext(2);
    // Ahead of the real time the queue stamps new jobs with, so that they are due at once.
    let now = Date.now() + 60_000;
    ctx.setNow(now);
    expect((await submit({ email: 'flaky@example.test', phone_number: p.e164 })).status).toBe(201);
    const lead = await leadOf('flaky@example.test');
    const [job] = await notifJobsOf(lead.id);
    startWorker();
    for (const attempt of [1, 2]) {
      // The attempt fails (Twilio answered 500): the job waits for its retry, the lead is not notified.
      await expect.poll(async () => `${(await job.reload()).attempts} ${job.state}`, { timeout: 10_000, interval: 50 }).toBe(`${attempt} ready`);
      expect(job.last_error).toMatch(/Internal Server Error/);
      expect((await lead.reload()).notif).toBe(0);
      // Past the backoff (5 s, then 20 s).
      now += 3600_000;
      ctx.setNow(now);
    }
    await expect.poll(async () => (await lead.reload()).notif, { timeout: 10_000, interval: 50 }).toBe(2);
    await expect.poll(async () => (await job.reload()).state, { timeout: 5000, interval: 50 }).toBe('done');
    expect(job.attempts).toBe(3);
    expect(twilio.requests.filter((r) => r.params.To === p.e164)).toHaveLength(3);
    expect(smsTo(p.e164)).toHaveLength(1);
  });
});

describe('resend', () => {
  it('runs 0 -> 1 -> 2 through the queue from the lead card; a press while in progress or just after is refused', async () => {
    const p = phone();
    const lead = await makeLead({ job_code: offer.job_code, offer_id: offer.id, phone_number: p.e164, notif: 0, notif_resend: 0 });
    const auth = await bearer(admin);
    const res = await request(ctx.app).post(`/apis/console/landings/${lead.id}/resend`).set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: lead.id, notif: 0, notif_resend: 1 });
    expect((await lead.reload()).notif_resend).toBe(1);
    // Pressed again before the worker ran: refused, nothing more queued.
    const again = await request(ctx.app).post(`/apis/console/landings/${lead.id}/resend`).set(auth);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('resend_in_progress');
    expect(again.body.message).toBe('Un renvoi est déjà en cours pour ce contact.');
    expect(await notifJobsOf(lead.id)).toHaveLength(1);
    // The console lists the state.
    const list = await request(ctx.app)
      .get('/apis/console/landings')
      .query({ filter: JSON.stringify({ id: [lead.id] }) })
      .set(auth);
    expect(list.body[0]).toMatchObject({ id: lead.id, notif_resend: 1, notif: 0 });

    startWorker();
    await expect.poll(async () => (await lead.reload()).notif_resend, { timeout: 10_000, interval: 50 }).toBe(2);
    expect(lead.notif).toBe(2);
    expect(smsTo(p.e164)).toHaveLength(1);
    expect(smsTo(p.e164)[0].body).toContain(offer.job_code);
    // Just sent: a late click is refused (cooldown), then allowed again later.
    const late = await request(ctx.app).post(`/apis/console/landings/${lead.id}/resend`).set(auth);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('resend_too_soon');
    ctx.setNow(Date.now() + RESEND_COOLDOWN_MS + 1000);
    const later = await request(ctx.app).post(`/apis/console/landings/${lead.id}/resend`).set(auth);
    expect(later.status).toBe(200);
    await expect.poll(() => smsTo(p.e164).length, { timeout: 10_000, interval: 50 }).toBe(2);
    await expect.poll(async () => (await lead.reload()).notif_resend, { timeout: 5000, interval: 50 }).toBe(2);
    // Every resend is in the audit log.
    expect(await AuditEntry.count({ where: { action: 'resend', resource: 'landings', record_id: String(lead.id) } })).toBe(2);
  });

  it('a resend asked before the first message left replaces it: one message', async () => {
    const p = phone();
    expect((await submit({ email: 'early-resend@example.test', phone_number: p.e164 })).status).toBe(201);
    const lead = await leadOf('early-resend@example.test');
    expect(
      (
        await request(ctx.app)
          .post(`/apis/console/landings/${lead.id}/resend`)
          .set(await bearer(admin))
      ).status,
    ).toBe(200);
    expect(await notifJobsOf(lead.id)).toHaveLength(2);
    startWorker();
    await expect.poll(async () => (await lead.reload()).notif_resend, { timeout: 10_000, interval: 50 }).toBe(2);
    for (const job of await notifJobsOf(lead.id)) await expect.poll(async () => (await job.reload()).state, { timeout: 5000, interval: 50 }).toBe('done');
    expect(lead.notif).toBe(2);
    expect(smsTo(p.e164)).toHaveLength(1);
  });

  it('20 concurrent resends of the same lead send one message', async () => {
    const p = phone();
    const lead = await makeLead({ job_code: offer.job_code, offer_id: offer.id, phone_number: p.e164, notif: 2, notified_at: null });
    const other = await makeLead({ job_code: offer.job_code, offer_id: offer.id, phone_number: null, email: 'twenty@example.test', notif: 3, notified_at: null });
    startWorker();
    const auth = await bearer(admin);
    const [card, endpoint] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => request(ctx.app).post(`/apis/console/landings/${lead.id}/resend`).set(auth))),
      Promise.all(Array.from({ length: 20 }, () => request(ctx.app).post('/apis/resend-interest-notif').set(auth).send({ Pk: other.email, Sk: other.job_code }))),
    ]);
    expect(card.filter((r) => r.status === 200)).toHaveLength(1);
    expect(card.filter((r) => r.status === 409)).toHaveLength(19);
    expect(endpoint.filter((r) => r.status === 202)).toHaveLength(1);
    expect(endpoint.filter((r) => r.status === 409)).toHaveLength(19);
    await expect.poll(async () => (await lead.reload()).notif_resend, { timeout: 10_000, interval: 50 }).toBe(2);
    await expect.poll(async () => (await other.reload()).notif_resend, { timeout: 10_000, interval: 50 }).toBe(2);
    await smtp.next('twenty@example.test', 5000);
    await new Promise((r) => setTimeout(r, 300));
    expect(smsTo(p.e164)).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.to.includes('twenty@example.test'))).toHaveLength(1);
    expect(await notifJobsOf(lead.id)).toHaveLength(1);
    expect(await notifJobsOf(other.id)).toHaveLength(1);
  });

  it('POST /apis/resend-interest-notif: the spec payload; the phone given corrects the lead; clear errors', async () => {
    const old = phone();
    const fixed = phone();
    const lead = await makeLead({ job_code: offer.job_code, offer_id: offer.id, email: 'fix-me@example.test', phone_number: old.e164, notif: 2 });
    const auth = await bearer(admin);
    const send = (body: Record<string, unknown>) => request(ctx.app).post('/apis/resend-interest-notif').set(auth).send(body);

    const missing = await send({ Sk: offer.job_code });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_email');
    const badPhone = await send({ Pk: lead.email, Sk: offer.job_code, phone_number: '12345' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error).toBe('invalid_phone');
    const unknown = await send({ Pk: 'nobody@example.test', Sk: offer.job_code });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('lead_not_found');
    expect(unknown.body.message).toBe('Ce contact est introuvable.');
    expect((await lead.reload()).notif_resend).toBe(0);

    const ok = await send({ Pk: 'Fix-Me@Example.test', Sk: offer.job_code.toLowerCase(), phone_number: fixed.national, firstname: 'Zoé', lastname: 'Martin' });
    expect(ok.status).toBe(202);
    expect(ok.body).toMatchObject({ success: true, id: lead.id, notif_resend: 1, message: 'Le message va être renvoyé.' });
    await lead.reload();
    expect(lead).toMatchObject({ phone_number: fixed.e164, firstname: 'Zoé', lastname: 'Martin', notif_resend: 1 });
    startWorker();
    await expect.poll(() => smsTo(fixed.e164).length, { timeout: 10_000, interval: 50 }).toBe(1);
    expect(smsTo(fixed.e164)[0].body).toMatch(/^Bonjour Zoé, merci pour votre candidature « Vendeur H\/F »/);
    expect(smsTo(old.e164)).toHaveLength(0);
    const entry = await AuditEntry.findOne({ where: { action: 'resend', record_id: String(lead.id) }, rejectOnEmpty: true });
    expect(entry.actor_id).toBe(admin.id);
  });

  it('a resend whose provider keeps failing goes back to idle after its last attempt, with the error kept on the job', async () => {
    const p = phone();
    const lead = await makeLead({ job_code: offer.job_code, offer_id: offer.id, phone_number: p.e164, notif: 2 });
    twilio.failNext(5);
    let now = Date.now() + 60_000;
    ctx.setNow(now);
    expect(
      (
        await request(ctx.app)
          .post(`/apis/console/landings/${lead.id}/resend`)
          .set(await bearer(admin))
      ).status,
    ).toBe(200);
    const [job] = await notifJobsOf(lead.id);
    startWorker();
    for (let attempt = 1; attempt <= 4; attempt++) {
      // The failure is recorded (waiting for its retry) before the clock moves past the backoff.
      await expect.poll(async () => `${(await job.reload()).attempts} ${job.state}`, { timeout: 10_000, interval: 50 }).toBe(`${attempt} ready`);
      expect((await lead.reload()).notif_resend).toBe(1);
      now += 3 * 3600_000;
      ctx.setNow(now);
    }
    await expect.poll(async () => `${(await job.reload()).attempts} ${job.state}`, { timeout: 10_000, interval: 50 }).toBe('5 failed');
    expect(job.last_error).toMatch(/Internal Server Error/);
    expect((await lead.reload()).notif_resend).toBe(0);
    expect(smsTo(p.e164)).toHaveLength(0);
  });
});

describe('bulk resend of a filtered list', () => {
  it('resends every lead the filter selects, once, and refuses a selection too large to send at once', async () => {
    const auth = await bearer(admin);
    const bulkOffer = await makeOffer(recruiter, { title: 'Caissier' });
    const phones = [phone(), phone(), phone()];
    const leads = await Promise.all(phones.map((p, i) => makeLead({ email: `bulk${i}@example.test`, job_code: bulkOffer.job_code, offer_id: bulkOffer.id, phone_number: p.e164, notif: 0 })));
    // Same offer, another state: not in the filter.
    const notified = await makeLead({ email: 'bulk-notified@example.test', job_code: bulkOffer.job_code, offer_id: bulkOffer.id, phone_number: null, notif: 3 });
    // One is already being resent: skipped, not sent twice.
    expect((await request(ctx.app).post(`/apis/console/landings/${leads[0].id}/resend`).set(auth)).status).toBe(200);

    const filter = { notif: 0, q: bulkOffer.job_code };
    const res = await request(ctx.app).post('/apis/console/landings/resend').set(auth).send({ filter });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ success: true, total: 3, queued: 2, skipped: 1 });
    // A second press: everything is in progress already.
    const again = await request(ctx.app).post('/apis/console/landings/resend').set(auth).send({ filter });
    expect(again.body).toMatchObject({ total: 3, queued: 0, skipped: 3 });
    startWorker();
    for (const p of phones) await expect.poll(() => smsTo(p.e164).length, { timeout: 10_000, interval: 50 }).toBe(1);
    for (const l of leads) await expect.poll(async () => (await l.reload()).notif_resend, { timeout: 5000, interval: 50 }).toBe(2);
    expect((await notified.reload()).notif_resend).toBe(0);
    expect(await AuditEntry.count({ where: { action: 'bulk-resend', resource: 'landings' } })).toBe(2);

    // Concurrent bulk resends of one selection (and a card's resend among them): each lead once.
    const racePhones = [phone(), phone(), phone()];
    const raceOffer = await makeOffer(recruiter, { title: 'Livreur' });
    const race = await Promise.all(racePhones.map((p, i) => makeLead({ email: `race${i}@example.test`, job_code: raceOffer.job_code, offer_id: raceOffer.id, phone_number: p.e164, notif: 0 })));
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () =>
        request(ctx.app)
          .post('/apis/console/landings/resend')
          .set(auth)
          .send({ filter: { notif: 0, q: raceOffer.job_code } }),
      ),
      request(ctx.app).post(`/apis/console/landings/${race[1].id}/resend`).set(auth),
    ]);
    const bulkQueued = answers.slice(0, 6).reduce((n, r) => n + Number(r.body.queued), 0);
    const cardQueued = answers[6].status === 200 ? 1 : 0;
    expect(bulkQueued + cardQueued).toBe(3);
    for (const p of racePhones) await expect.poll(() => smsTo(p.e164).length, { timeout: 10_000, interval: 50 }).toBe(1);
    for (const l of race) expect(await notifJobsOf(l.id)).toHaveLength(1);

    // Bad filters are 400s.
    const bad = await request(ctx.app)
      .post('/apis/console/landings/resend')
      .set(auth)
      .send({ filter: { notif: 'x' } });
    expect(bad.status).toBe(400);
    const notObject = await request(ctx.app).post('/apis/console/landings/resend').set(auth).send([1]);
    expect(notObject.status).toBe(400);

    // More than MAX_BULK_RESEND leads: refused as a whole, nothing changes.
    const bigOffer = await makeOffer(recruiter, { job_code: 'BULKBIG1' });
    const at = new Date();
    await LandingInterest.bulkCreate(
      Array.from({ length: MAX_BULK_RESEND + 1 }, (_, i) => ({
        email: `big${i}@example.test`,
        job_code: bigOffer.job_code,
        offer_id: bigOffer.id,
        firstname: 'A',
        lastname: 'B',
        phone_number: null,
        accept_cgu: true,
        cv_key: null,
        cgu_from: 'web',
        custom: null,
        notif: 0,
        notified_at: null,
        user_id: null,
        created_at: at,
        updated_at: at,
      })),
    );
    const big = await request(ctx.app)
      .post('/apis/console/landings/resend')
      .set(auth)
      .send({ filter: { notif: 0, q: 'BULKBIG1' } });
    expect(big.status).toBe(400);
    expect(big.body.error).toBe('bulk_resend_too_large');
    expect(big.body.message).toBe(`La sélection compte plus de ${MAX_BULK_RESEND} contacts : affinez les filtres (dates, état) pour renvoyer par lots.`);
    expect(await LandingInterest.count({ where: { job_code: 'BULKBIG1', notif_resend: 1 } })).toBe(0);
  });
});

describe('no relay of what visitors type (decision 221)', () => {
  it('leaves out a first name that is not a name: the SMS and the mail carry only our words and the offer', async () => {
    const p = phone();
    const typed = 'Gagnez 500€ : http://evil.example/win';
    expect((await submit({ email: 'relay-sms@example.test', phone_number: p.national, firstname: typed })).status).toBe(201);
    const landing = await makeLanding();
    const landingOffer = await makeOffer(recruiter, { title: 'Serveur', company_hash: landing.company_hash });
    const mailLead = await request(ctx.app)
      .post('/apis/submit-interest')
      .send({
        job_code: landingOffer.job_code,
        email: 'relay-mail@example.test',
        firstname: 'Cliquez sur www.evil.example',
        lastname: 'X',
        accept_cgu: true,
        use_cv: false,
        cgu_from: `landing/${landing.identifier}`,
      });
    expect(mailLead.status).toBe(201);
    const q = phone();
    expect((await submit({ email: 'real-name@example.test', phone_number: q.national, firstname: 'Jean-Pierre' })).status).toBe(201);
    startWorker();
    await expect.poll(() => smsTo(p.e164).length, { timeout: 10_000, interval: 50 }).toBe(1);
    expect(smsTo(p.e164)[0].body).toBe(
      `Bonjour, merci pour votre candidature « Vendeur H/F » ! Pour la terminer en vidéo, téléchargez l’application : ${DOWNLOAD} puis saisissez le code ${offer.job_code} à l’inscription.`,
    );
    const mail = parseMail((await smtp.next('relay-mail@example.test', 10_000)).raw);
    expect(mail.subject).toBe('Dernière étape pour votre candidature « Serveur »');
    expect(mail.text.startsWith('Bonjour,\n\nMerci pour votre candidature « Serveur ».')).toBe(true);
    expect(mail.text).not.toMatch(/evil|Cliquez/);
    // A name that reads as a name is kept.
    await expect.poll(() => smsTo(q.e164).length, { timeout: 10_000, interval: 50 }).toBe(1);
    expect(smsTo(q.e164)[0].body).toMatch(/^Bonjour Jean-Pierre, merci pour votre candidature « Vendeur H\/F »/);
    // The lead keeps what was typed, for staff.
    expect((await leadOf('relay-sms@example.test')).firstname).toBe(typed);
  });

  it('sends one message a day to one number, whatever the leads and addresses asking; staff may still resend', async () => {
    const p = phone();
    const offers = await Promise.all(['Plongeur', 'Commis', 'Barman', 'Hôte'].map((title) => makeOffer(recruiter, { title })));
    // Four leads for four offers, each from its own address, at once, naming the same number.
    const answers = await Promise.all(
      offers.map((o, i) =>
        request(ctx.app)
          .post('/apis/submit-interest')
          .send({ job_code: o.job_code, email: `same-number${i}@example.test`, phone_number: p.national, firstname: 'Léa', lastname: 'Dupont', accept_cgu: true, use_cv: false }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const leads = await Promise.all(offers.map((_, i) => leadOf(`same-number${i}@example.test`)));
    const jobs = (await Promise.all(leads.map((l) => notifJobsOf(l.id)))).flat();
    expect(jobs).toHaveLength(4);
    // Two workers, several jobs at a time: the messages are claimed concurrently.
    startWorker();
    const second = startQueueWorker({ queues: QUEUES, concurrency: 4, pollMs: 20, logger: ctx.deps.logger, clock: ctx.deps.clock });
    try {
      for (const job of jobs) await expect.poll(async () => (await job.reload()).state, { timeout: 10_000, interval: 50 }).toBe('done');
    } finally {
      await second.stop(5000);
    }
    expect(smsTo(p.e164)).toHaveLength(1);
    for (const l of leads) await l.reload();
    expect(leads.map((l) => l.notif).sort()).toEqual([0, 0, 0, 2]);
    // Staff may resend a lead left out: a deliberate message, sent whatever the cap.
    const left = leads.find((l) => l.notif === 0)!;
    expect(
      (
        await request(ctx.app)
          .post(`/apis/console/landings/${left.id}/resend`)
          .set(await bearer(admin))
      ).status,
    ).toBe(200);
    await expect.poll(() => smsTo(p.e164).length, { timeout: 10_000, interval: 50 }).toBe(2);
    // A day later the number may get a first message again.
    ctx.setNow(Date.now() + 24 * 3600_000 + 60_000);
    const later = await makeOffer(recruiter, { title: 'Caviste' });
    const next = await request(ctx.app)
      .post('/apis/submit-interest')
      .send({ job_code: later.job_code, email: 'same-number-later@example.test', phone_number: p.e164, firstname: 'Léa', lastname: 'Dupont', accept_cgu: true, use_cv: false });
    expect(next.status).toBe(201);
    await expect.poll(() => smsTo(p.e164).length, { timeout: 10_000, interval: 50 }).toBe(3);
  });

  it('sends one e-mail a day to one address', async () => {
    const landing = await makeLanding();
    const offers = await Promise.all(['Vendeuse', 'Magasinier'].map((title) => makeOffer(recruiter, { title, company_hash: landing.company_hash })));
    for (const o of offers) {
      const res = await request(ctx.app)
        .post('/apis/submit-interest')
        .send({ job_code: o.job_code, email: 'Same-Inbox@Example.test', firstname: 'Marc', lastname: 'Petit', accept_cgu: true, use_cv: false, cgu_from: `landing/${landing.identifier}` });
      expect(res.status).toBe(201);
    }
    const leads = await LandingInterest.findAll({ where: { email: 'same-inbox@example.test' } });
    expect(leads).toHaveLength(2);
    const jobs = (await Promise.all(leads.map((l) => notifJobsOf(l.id)))).flat();
    startWorker();
    for (const job of jobs) await expect.poll(async () => (await job.reload()).state, { timeout: 10_000, interval: 50 }).toBe('done');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.filter((m) => m.to.includes('same-inbox@example.test'))).toHaveLength(1);
  });

  it('sends at most 200 first messages a day about one offer', async () => {
    const busy = await makeOffer(recruiter, { title: 'Saisonnier' });
    const cap = LIMITS.leadMessagesOfOffer(String(busy.id));
    expect(cap.max).toBe(200);
    // 199 messages about it went out today (rows of the shared table, as every node counts them).
    await AuthAttempt.bulkCreate(Array.from({ length: cap.max - 1 }, () => ({ bucket: cap.bucket, at: new Date() })));
    const [p, q] = [phone(), phone()];
    for (const [i, n] of [p, q].entries())
      expect(
        (
          await request(ctx.app)
            .post('/apis/submit-interest')
            .send({ job_code: busy.job_code, email: `busy${i}@example.test`, phone_number: n.national, firstname: 'Léa', lastname: 'Dupont', accept_cgu: true, use_cv: false })
        ).status,
      ).toBe(201);
    const leads = await Promise.all([0, 1].map((i) => leadOf(`busy${i}@example.test`)));
    const jobs = (await Promise.all(leads.map((l) => notifJobsOf(l.id)))).flat();
    startWorker();
    for (const job of jobs) await expect.poll(async () => (await job.reload()).state, { timeout: 10_000, interval: 50 }).toBe('done');
    expect(smsTo(p.e164).length + smsTo(q.e164).length).toBe(1);
    for (const l of leads) await l.reload();
    expect(leads.map((l) => l.notif).sort()).toEqual([0, 2]);
  });
});

describe('the SMS sender', () => {
  it('without Twilio settings writes each SMS as a file under SMS_DIR', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-sms-'));
    try {
      const sms = createSms(loadSettings({ SMS_DIR: dir }));
      expect(sms).toBeInstanceOf(FileSms);
      const { id } = await sms.send({ to: '+33612345678', body: 'Bonjour' });
      const text = fs.readFileSync(path.join(dir, id), 'utf8');
      expect(text).toMatch(/^To: \+33612345678\nDate: .+\n\nBonjour\n$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a partial Twilio configuration is refused at start, naming what is missing', () => {
    expect(() => loadSettings({ TWILIO_SMS_FROM: FROM })).toThrow(SettingsError);
    expect(() => loadSettings({ TWILIO_SMS_FROM: FROM, TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => loadSettings({ TWILIO_SMS_FROM: 'not a sender!' })).toThrow(/TWILIO_SMS_FROM/);
    expect(loadSettings({ TWILIO_SMS_FROM: FROM, TWILIO_ACCOUNT_SID: 'AC1', TWILIO_API_KEY: 'SK1', TWILIO_API_SECRET: 's' }).sms.twilio).toMatchObject({
      accountSid: 'AC1',
      apiKey: 'SK1',
      from: FROM,
    });
  });

  it('authenticates with an API key and secret, through a Messaging Service', async () => {
    const double = await startTwilioDouble({ apiKey: 'SKtestkey', apiSecret: 'keysecret' });
    try {
      const service = `MG${'a'.repeat(32)}`;
      const sms = createSms(
        loadSettings({ TWILIO_ACCOUNT_SID: double.accountSid, TWILIO_API_KEY: 'SKtestkey', TWILIO_API_SECRET: 'keysecret', TWILIO_MESSAGING_SERVICE_SID: service, TWILIO_API_BASE: double.base }),
      );
      const { id } = await sms.send({ to: '+32470123456', body: 'Hallo' });
      expect(id).toMatch(/^SM[0-9a-f]{32}$/);
      expect(double.requests[0].auth).toEqual({ user: 'SKtestkey', password: 'keysecret' });
      expect(double.requests[0].params).toEqual({ To: '+32470123456', Body: 'Hallo', MessagingServiceSid: service });
      // A refused number is an error the job retries (never a silent success).
      await expect(sms.send({ to: '0612', body: 'x' })).rejects.toThrow(/not a valid phone number/);
    } finally {
      await double.close();
    }
  });
});
