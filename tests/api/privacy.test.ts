// Self-service privacy (issue 14, docs/decisions/168-self-service-privacy.md): a candidate signed in
// with the one-time e-mail code (a lead with no password) downloads a ZIP of all their data, unzipped
// here with the system's unzip and compared with an expectation computed from what the test stored;
// a candidate deletes their account: files leave the storage at once, the stored counters stay equal
// to recountUsers/recountOffers; recruiters, staff and anonymous callers are refused.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { mailedTestContext } from '../helpers/smtp.js';
import { bearer } from '../helpers/auth.js';
import { makeApplication, makeOffer, makeUser, makeWishlistEntry } from '../helpers/fixtures.js';
import { expectCountersTrue, storeStory as storeStoryFiles } from '../helpers/lifecycle.js';
import { ApplicationAnswer, AuditEntry, ContactEvent, Offer, User, WishlistEntry } from '../../models/index.js';

const mailed = mailedTestContext();

/** Stores a story (the shared helper) and answers its files: key -> content as stored. */
async function storeStory(playlistKey: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const key of await storeStoryFiles(mailed.ctx.deps.storage, playlistKey)) files.set(key, (await mailed.ctx.deps.storage.get(key))!.body);
  return files;
}

/** Signs in with the one-time code received by SMTP; answers the cookie header. */
async function signInWithCode(email: string): Promise<string> {
  const ip = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
  expect((await request(mailed.ctx.app).post('/apis/auth/email-code').set('X-Forwarded-For', ip).send({ email })).status).toBe(200);
  const mail = await mailed.smtp.next(email);
  const code = /code=(\d{6})/.exec(mail.text)![1];
  const ok = await request(mailed.ctx.app).post('/apis/auth/email-code/verify').set('X-Forwarded-For', ip).send({ email, code });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  return (ok.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
}

/** Downloads the export as a buffer. */
const download = (headers: Record<string, string>) =>
  request(mailed.ctx.app)
    .get('/apis/privacy/export')
    .set(headers)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

/** Every file of a ZIP (unzipped by the system's unzip), by path. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'privacy-export-'));
  fs.writeFileSync(path.join(dir, 'export.zip'), zip);
  execFileSync('unzip', ['-q', 'export.zip', '-d', 'out'], { cwd: dir });
  const files = new Map<string, Buffer>();
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, 'out', rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else files.set(p, fs.readFileSync(path.join(dir, 'out', p)));
    }
  };
  walk('');
  fs.rmSync(dir, { recursive: true, force: true });
  return files;
}

describe('the export', () => {
  it('is a ZIP of the profile, applications with answers, wishlist, contact history, stories and CV of the caller alone', async () => {
    const recruiter = await makeUser({ profile: 'recruiter' });
    const offer = await makeOffer(recruiter, { questions: ['Présentez-vous.', 'Pourquoi ce poste ?'] });
    const wished = await makeOffer(recruiter);
    // A lead: an account made by the e-mail code, no password.
    const email = 'lea.lead@example.test';
    const cookie = await signInWithCode(email);
    const lead = (await User.findOne({ where: { email } }))!;
    expect(lead.password_hash ?? null).toBeNull();
    const cvKey = 'picture/00112233445566778899aabbccddeeff.pdf';
    const app = await makeApplication(lead, offer, { cv_key: cvKey, answered: [] });
    const answers = await ApplicationAnswer.findAll({ where: { application_id: app.id }, order: [['position', 'ASC']] });
    // The first answer has a story, the second none.
    await answers[0].update({ upload_path: `story/aabbccddeeff00112233445566778899/${answers[0].qid}/index.m3u8`, state: 'done', method: 'app' });
    const story = await storeStory(answers[0].upload_path!);
    const cv = Buffer.from('%PDF-1.4 the CV of Léa');
    await mailed.ctx.deps.storage.put(cvKey, cv, 'application/pdf');
    await makeWishlistEntry(lead, wished);
    await ContactEvent.create({ user_id: lead.id, action: 'email', actor_id: recruiter.id, at: new Date(Date.UTC(2026, 10, 1, 9)) });
    // Someone else's data must not appear.
    const other = await makeUser({ email: 'someone.else@example.test' });
    const otherApp = await makeApplication(other, offer, { cv_key: 'picture/ffeeddccbbaa99887766554433221100.pdf' });

    const res = await download({ Cookie: cookie });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzip(res.body as Buffer);

    // The computed expectation: every stored file under its path, and the four JSON documents.
    const videoDir = `videos/application-${app.id}/${answers[0].qid}`;
    const expectedFiles = new Map<string, Buffer>([[`cv/application-${app.id}.pdf`, cv]]);
    for (const [key, body] of story) expectedFiles.set(`${videoDir}/${key.slice(key.lastIndexOf('/') + 1)}`, body);
    const jsonNames = ['applications.json', 'contact-history.json', 'profile.json', 'wishlist.json'];
    expect([...files.keys()].sort()).toEqual([...expectedFiles.keys(), ...jsonNames].sort());
    for (const [p, body] of expectedFiles) expect(files.get(p)!.equals(body), p).toBe(true);
    const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8')) as unknown;

    const profile = json('profile.json') as Record<string, unknown>;
    expect(profile).toMatchObject({ id: lead.id, email, profile: 'candidate' });
    expect(profile).not.toHaveProperty('password_hash');
    const offerDoc = (o: Offer) => ({ job_code: o.job_code, title: o.title, company_name: o.company_name });
    expect(json('applications.json')).toEqual([
      {
        id: app.id,
        offer: offerDoc(offer),
        state: 'complete',
        recruiter_state: app.recruiter_state,
        is_reco: app.is_reco,
        start_date: app.start_date!.toISOString(),
        submit_date: app.submit_date!.toISOString(),
        created_at: expect.any(String),
        cv: `cv/application-${app.id}.pdf`,
        answers: [
          {
            qid: answers[0].qid,
            position: answers[0].position,
            question: 'Présentez-vous.',
            state: 'done',
            expired_at: null,
            video: [...story.keys()].map((k) => `${videoDir}/${k.slice(k.lastIndexOf('/') + 1)}`),
          },
          { qid: answers[1].qid, position: answers[1].position, question: 'Pourquoi ce poste ?', state: null, expired_at: null, video: [] },
        ],
      },
    ]);
    const wish = await WishlistEntry.findAll({ where: { candidate_id: lead.id }, order: [['id', 'ASC']] });
    expect((json('wishlist.json') as Array<{ offer: unknown; state: string }>).map((w) => [w.offer, w.state])).toEqual(wish.map((w) => [offerDoc(w.offer_id === offer.id ? offer : wished), w.state]));
    expect(json('contact-history.json')).toEqual([{ action: 'email', at: '2026-11-01T09:00:00.000Z' }]);
    const all = [...files.values()].map((b) => b.toString('utf8')).join('\n');
    expect(all).not.toContain(other.email);
    expect(all).not.toContain(`application-${otherApp.id}`);
  });

  it('is refused to anonymous callers, recruiters and staff', async () => {
    expect((await download({})).status).toBe(401);
    for (const u of [await makeUser({ profile: 'recruiter' }), await makeUser({ profile: 'manager' }), await makeUser({ profile: 'recruiter', is_admin: true })]) {
      const res = await request(mailed.ctx.app)
        .get('/apis/privacy/export')
        .set(await bearer(u));
      expect([res.status, res.body.error]).toEqual([403, 'candidates_only']);
    }
  });
});

describe('the deletion', () => {
  it('needs the confirmation, removes the account and its files at once, and keeps every counter true', async () => {
    const recruiter = await makeUser({ profile: 'recruiter' });
    const offer = await makeOffer(recruiter);
    const other = await makeOffer(recruiter);
    const candidate = await makeUser({ email: 'leaving@example.test' });
    const stays = await makeUser();
    const cvKey = 'picture/0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f.pdf';
    const app = await makeApplication(candidate, offer, { cv_key: cvKey });
    await makeApplication(stays, offer);
    await makeWishlistEntry(candidate, other);
    await mailed.ctx.deps.storage.put(cvKey, Buffer.from('%PDF-1.4 cv'), 'application/pdf');
    const keys = [cvKey];
    for (const a of await ApplicationAnswer.findAll({ where: { application_id: app.id } })) keys.push(...(await storeStory(a.upload_path!)).keys());
    expect((await recruiter.reload()).candidates_count).toBe(2);
    const auth = await bearer(candidate);

    for (const body of [{}, { confirm: false }, { confirm: 'yes' }]) {
      const res = await request(mailed.ctx.app).post('/apis/privacy/delete').set(auth).send(body);
      expect(res.status).toBe(400);
    }
    expect(await User.count({ where: { id: candidate.id } })).toBe(1);
    for (const u of [recruiter, await makeUser({ profile: 'recruiter', is_admin: true })]) {
      const res = await request(mailed.ctx.app)
        .post('/apis/privacy/delete')
        .set(await bearer(u))
        .send({ confirm: true });
      expect([res.status, res.body.error]).toEqual([403, 'candidates_only']);
    }
    expect((await request(mailed.ctx.app).post('/apis/privacy/delete').send({ confirm: true })).status).toBe(401);

    const res = await request(mailed.ctx.app).post('/apis/privacy/delete').set(auth).set('Accept-Language', 'fr').send({ confirm: true });
    expect([res.status, res.body]).toEqual([200, { success: true, message: 'Votre compte et vos données ont été supprimés.' }]);
    expect(await User.count({ where: { id: candidate.id } })).toBe(0);
    for (const k of keys) expect(await mailed.ctx.deps.storage.head(k), k).toBeNull();
    expect(await User.count({ where: { id: [recruiter.id, stays.id] } })).toBe(2);
    expect((await recruiter.reload()).candidates_count).toBe(1);
    await expectCountersTrue();
    const entry = await AuditEntry.findOne({ where: { resource: 'users', action: 'delete', record_id: candidate.id } });
    expect(entry?.actor_id).toBeNull(); // the person is gone; the reason says who asked
    expect(entry?.after_json).toEqual({ reason: 'self', files: keys.length });
    // The session went with the account.
    expect((await request(mailed.ctx.app).get('/apis/auth/me').set(auth)).status).toBe(401);
  });
});
