// Interview settings (issue 27, docs/decisions/405-interview-settings.md): thinking time, answer
// length and retakes per template, per draft and per offer; checked by the drafts schema and the
// templates declaration, copied from a template into the offers made from it, given to the
// candidate, and enforced by the server: a file longer than the answer length (and its tolerance)
// is refused with nothing kept, and takes past the retakes are refused (409 no_retakes_left).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { addToTeam, makeOffer, makeShop, makeUser, offerForm } from '../helpers/fixtures.js';
import { bearer } from '../helpers/auth.js';
import { makeVideo } from '../helpers/video.js';
import { AnswerUpload, ApplicationAnswer, Offer, Template, type User } from '../../models/index.js';
import { TEMPLATE_QUESTIONS } from '../../models/resources/templates/resource.js';
import { ANSWER_TOLERANCE_SECONDS } from '../../models/rules/interview.js';

let ctx: TestContext;
let recruiter: User;
const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'vrp-interview-'));
let fits: Buffer;
let tooLong: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  recruiter = await makeUser({ profile: 'recruiter' });
  // 15 s answers: 16 s is within the tolerance (2 s), 20 s is not.
  fits = fs.readFileSync(makeVideo({ seconds: 15 + ANSWER_TOLERANCE_SECONDS - 1, width: 64, height: 112, fps: 5 }, dir));
  tooLong = fs.readFileSync(makeVideo({ seconds: 20, width: 64, height: 112, fps: 5 }, dir));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const meta = (applicationId: number, qid: string) => `application_id ${b64(String(applicationId))},qid ${b64(qid)},filetype ${b64('video/mp4')}`;
const createUpload = (auth: Record<string, string>, applicationId: number, qid: string, length: number) =>
  request(ctx.app).post('/apis/candidate/uploads').set(auth).set('Tus-Resumable', '1.0.0').set('Upload-Length', String(length)).set('Upload-Metadata', meta(applicationId, qid));
const patch = (auth: Record<string, string>, location: string, body: Buffer) =>
  request(ctx.app).patch(location).set(auth).set('Tus-Resumable', '1.0.0').set('Upload-Offset', '0').set('Content-Type', 'application/offset+octet-stream').send(body);
const take = (auth: Record<string, string>, applicationId: number | string, qid: string) =>
  request(ctx.app).post(`/apis/candidate/applications/${applicationId}/answers/${qid}/takes`).set(auth).send({});

async function apply(offer: Offer) {
  const candidate = await makeUser({ profile: 'candidate' });
  const auth = await bearer(candidate);
  const res = await request(ctx.app).post('/apis/candidate/applications').set(auth).send({ job_code: offer.job_code });
  expect(res.status).toBe(201);
  return { auth, application: res.body as { id: number; interview: unknown; upload: { max_seconds: number }; answers: Array<{ qid: string; takes: number; takes_left: number | null }> } };
}
const takesOf = async (applicationId: number, qid: string) => (await ApplicationAnswer.findOne({ where: { application_id: applicationId, qid } }))!.takes;

describe('the settings of a draft and of its offer', () => {
  it('stores the offered values, refuses others with their field, and publishes them into the offer', async () => {
    const auth = await bearer(recruiter);
    const token = (await request(ctx.app).post('/apis/draft-offer').set(auth)).body.edition_token as string;
    const saved = await request(ctx.app).put(`/apis/draft-offer/${token}`).send({ think_seconds: '30', answer_seconds: 15, retakes: '1' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.offer_json).toMatchObject({ think_seconds: 30, answer_seconds: 15, retakes: 1 });
    for (const [field, value] of [
      ['think_seconds', 5],
      ['think_seconds', 61],
      ['think_seconds', 'later'],
      ['answer_seconds', 14],
      ['answer_seconds', 181],
      ['retakes', 4],
      ['retakes', -1],
      ['retakes', 'many'],
    ] as const) {
      const bad = await request(ctx.app)
        .put(`/apis/draft-offer/${token}`)
        .send({ [field]: value });
      expect(bad.status, `${field}=${value}`).toBe(400);
      expect(bad.body).toMatchObject({ error: 'validation_error', details: { field } });
    }
    expect((await request(ctx.app).get(`/apis/draft-offer/${token}`)).body.offer_json).toMatchObject({ think_seconds: 30, answer_seconds: 15, retakes: 1 });

    const published = await request(ctx.app)
      .post(`/apis/draft-offer/${token}`)
      .send({ ...offerForm(), think_seconds: 'press', answer_seconds: 90, retakes: 0 });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const offer = (await Offer.findOne({ where: { job_code: published.body.Item.job_code } }))!;
    expect([offer.think_seconds, offer.answer_seconds, offer.retakes]).toEqual([null, 90, 0]);
    const pub = await request(ctx.app).get(`/apis/list-offers/${offer.job_code}`);
    expect(pub.body.interview).toEqual({ think_seconds: null, answer_seconds: 90, retakes: 0 });
  });

  it('publishes today’s interview when the draft says nothing: until press, 60 s, unlimited retakes', async () => {
    const auth = await bearer(recruiter);
    const token = (await request(ctx.app).post('/apis/draft-offer').set(auth)).body.edition_token as string;
    const published = await request(ctx.app).post(`/apis/draft-offer/${token}`).send(offerForm());
    expect(published.status).toBe(200);
    const offer = (await Offer.findOne({ where: { job_code: published.body.Item.job_code } }))!;
    expect([offer.think_seconds, offer.answer_seconds, offer.retakes]).toEqual([null, 60, null]);
  });
});

describe('the settings of a template', () => {
  const content = {
    title: 'Vendeur',
    company_name: 'Maison',
    company_description: 'Boulangerie',
    description: 'Vente et conseil',
    candidate_qualification: 'Souriant',
    questions: TEMPLATE_QUESTIONS,
  };

  it('starts with the defaults, keeps the offered values, refuses others with nothing stored, and fills the offers made from it', async () => {
    const manager = await makeUser({ profile: 'manager', user_plan: 'bplan' });
    const seller = await makeUser({ profile: 'recruiter' });
    await addToTeam(manager, seller);
    const auth = await bearer(manager);
    const plain = await request(ctx.app).post('/apis/user-templates').set(auth).send({ type: 'offer', content });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.Item.content).toMatchObject({ think_seconds: 'press', answer_seconds: 60, retakes: 'unlimited' });

    const before = await Template.count();
    for (const [field, value] of [
      ['think_seconds', 7],
      ['answer_seconds', 200],
      ['retakes', 9],
      ['retakes', null],
    ] as const) {
      const bad = await request(ctx.app)
        .post('/apis/user-templates')
        .set(auth)
        .send({ type: 'offer', content: { ...content, [field]: value } });
      expect(bad.status, `${field}=${value}`).toBe(400);
      expect(bad.body.details, `${field}=${value}`).toMatchObject({ field });
    }
    expect(await Template.count()).toBe(before);

    const made = await request(ctx.app)
      .post('/apis/user-templates')
      .set(auth)
      .send({ type: 'offer', content: { ...content, think_seconds: '0', answer_seconds: '15', retakes: 1 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.Item.content).toMatchObject({ think_seconds: 0, answer_seconds: 15, retakes: 1 });

    const shop = await makeShop(manager, { shopname: 'Marais', recruiter_id: seller.id, street: '1 rue des Archives', city: 'Paris', zip_code: '75003' });
    const offer = await request(ctx.app).post('/apis/offer').set(auth).send({ template_id: made.body.Item.id, shop_id: shop.id });
    expect(offer.status, JSON.stringify(offer.body)).toBe(201);
    const row = (await Offer.findOne({ where: { job_code: offer.body.Item.job_code } }))!;
    expect([row.think_seconds, row.answer_seconds, row.retakes]).toEqual([0, 15, 1]);
    // A template saved before the settings existed makes today's interview.
    const old = await Template.create({ owner_id: manager.id, type: 'offer', content });
    const fromOld = await request(ctx.app).post('/apis/offer').set(auth).send({ template_id: old.id, shop_id: shop.id });
    const oldRow = (await Offer.findOne({ where: { job_code: fromOld.body.Item.job_code } }))!;
    expect([oldRow.think_seconds, oldRow.answer_seconds, oldRow.retakes]).toEqual([null, 60, null]);
  });
});

describe('the server enforces the offer’s settings', () => {
  it('gives the candidate the settings and the takes left', async () => {
    const offer = await makeOffer(recruiter, { think_seconds: 30, answer_seconds: 15, retakes: 2 });
    const { application } = await apply(offer);
    expect(application.interview).toEqual({ think_seconds: 30, answer_seconds: 15, retakes: 2 });
    expect(application.upload.max_seconds).toBe(15 + ANSWER_TOLERANCE_SECONDS);
    expect(application.answers.map((a) => [a.takes, a.takes_left])).toEqual([
      [0, 3],
      [0, 3],
      [0, 3],
    ]);
    const unlimited = await apply(await makeOffer(recruiter));
    expect(unlimited.application.interview).toEqual({ think_seconds: null, answer_seconds: 60, retakes: null });
    expect(unlimited.application.answers[0].takes_left).toBeNull();
  });

  it('refuses a file longer than the answer length and its tolerance (422 video_too_long), keeps nothing and gives the take back; accepts one within', async () => {
    const offer = await makeOffer(recruiter, { answer_seconds: 15, retakes: 0 });
    const { auth, application } = await apply(offer);
    expect((await take(auth, application.id, 'q1')).status).toBe(201);
    const created = await createUpload(auth, application.id, 'q1', tooLong.length);
    expect(created.status).toBe(201);
    const refused = await patch(auth, created.headers.location, tooLong);
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.text)).toMatchObject({
      error: 'video_too_long',
      message: `La vidéo dure plus de ${15 + ANSWER_TOLERANCE_SECONDS} secondes. Chaque réponse à cette offre doit durer 15 secondes au maximum.`,
    });
    expect(await AnswerUpload.findAll({ where: { application_id: application.id }, attributes: ['state', 'error_code'], raw: true })).toEqual([{ state: 'failed', error_code: 'video_too_long' }]);
    expect(fs.existsSync(path.join(ctx.settings.video.uploadDir, created.headers.location.split('/').pop()!))).toBe(false);
    // The refused file did not use the only take: the candidate records again.
    expect(await takesOf(application.id, 'q1')).toBe(0);
    const status = await request(ctx.app).get(`/apis/candidate/applications/${application.id}`).set(auth);
    expect(status.body.answers[0]).toMatchObject({ status: 'failed', takes_left: 1, error: { code: 'video_too_long', message: expect.stringContaining('15 secondes') } });
    expect((await take(auth, application.id, 'q1')).status).toBe(201);
    const again = await createUpload(auth, application.id, 'q1', fits.length);
    expect(again.status).toBe(201);
    const accepted = await patch(auth, again.headers.location, fits);
    expect(accepted.status, accepted.text).toBe(204);
    expect((await AnswerUpload.findByPk(again.headers.location.split('/').pop()!))!.state).toBe('processing');
    expect(await takesOf(application.id, 'q1')).toBe(1);
  });

  it('counts takes: one more than the retakes, then 409 no_retakes_left; the upload uses the open take', async () => {
    const offer = await makeOffer(recruiter, { retakes: 1 });
    const { auth, application } = await apply(offer);
    const first = await take(auth, application.id, 'q1');
    expect([first.status, first.body]).toEqual([201, { qid: 'q1', takes: 1, takes_left: 1 }]);
    expect((await take(auth, application.id, 'q1')).body).toEqual({ qid: 'q1', takes: 2, takes_left: 0 });
    const third = await take(auth, application.id, 'q1');
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ error: 'no_retakes_left', message: 'Vous avez utilisé toutes les nouvelles prises permises pour cette question.' });
    const en = await take(auth, application.id, 'q1').set('Accept-Language', 'en');
    expect(en.body.message).toBe('You have used every retake allowed for this question.');
    expect(await takesOf(application.id, 'q1')).toBe(2);
    // The last take counted is sent: its upload uses it.
    const created = await createUpload(auth, application.id, 'q1', fits.length);
    expect(created.status).toBe(201);
    expect(await takesOf(application.id, 'q1')).toBe(2);
    // The same file sent again (a new upload of the same length) is the same take.
    expect((await createUpload(auth, application.id, 'q1', fits.length)).status).toBe(201);
    expect(await takesOf(application.id, 'q1')).toBe(2);
    // Another question has its own takes.
    expect((await take(auth, application.id, 'q2')).body).toMatchObject({ takes: 1, takes_left: 1 });
  });

  it('counts takes started at once one by one: with 1 retake, 8 parallel starts give two 201, the rest 409, never a 500', async () => {
    const offer = await makeOffer(recruiter, { retakes: 1 });
    const { auth, application } = await apply(offer);
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => take(auth, application.id, 'q1')))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    expect(await takesOf(application.id, 'q1')).toBe(2);
  });

  it('counts a file chosen on the device as a take (no take counted before), and refuses it past the retakes with nothing stored', async () => {
    const offer = await makeOffer(recruiter, { retakes: 0 });
    const { auth, application } = await apply(offer);
    const created = await createUpload(auth, application.id, 'q1', fits.length);
    expect(created.status).toBe(201);
    expect(await takesOf(application.id, 'q1')).toBe(1);
    // The candidate drops that upload and chooses another file: no take is left.
    const id = created.headers.location.split('/').pop()!;
    expect((await request(ctx.app).delete(created.headers.location).set(auth).set('Tus-Resumable', '1.0.0')).status).toBe(204);
    await expect.poll(() => AnswerUpload.count({ where: { id } })).toBe(0);
    const refused = await createUpload(auth, application.id, 'q1', fits.length + 1);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text)).toMatchObject({ error: 'no_retakes_left' });
    expect(await AnswerUpload.count({ where: { application_id: application.id } })).toBe(0);
    expect(await takesOf(application.id, 'q1')).toBe(1);
    expect((await take(auth, application.id, 'q1')).status).toBe(409);
  });

  it('answers the take endpoint’s bad input with stable codes', async () => {
    const offer = await makeOffer(recruiter, { retakes: 1 });
    const { auth, application } = await apply(offer);
    expect((await request(ctx.app).post(`/apis/candidate/applications/${application.id}/answers/q1/takes`)).status).toBe(401);
    expect((await take(auth, 'abc', 'q1')).body.error).toBe('application_not_found');
    expect((await take(auth, application.id, 'q%20!')).body.error).toBe('answer_not_found');
    expect((await take(auth, application.id, 'q9')).status).toBe(404);
    const stranger = await bearer(await makeUser({ profile: 'candidate' }));
    expect((await take(stranger, application.id, 'q1')).status).toBe(404);
    expect((await take(await bearer(recruiter), application.id, 'q1')).body.error).toBe('candidates_only');
    expect(await takesOf(application.id, 'q1')).toBe(0);
  });
});
