// Question types (issue 27, docs/decisions/455-question-types.md): video, short text and one-choice
// questions with knockout options, per draft, per template and per offer; the public view shows the
// options and never which are knockouts; the server holds each answer to its question's type
// (422 with stable codes, nothing stored); the application completes when every answer is given;
// a knockout answer is shown to the offer's recruiters and managers, never to another company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { addToTeam, makeShop, makeUser, offerForm } from '../helpers/fixtures.js';
import { bearer } from '../helpers/auth.js';
import { Application, ApplicationAnswer, Offer, OfferQuestion, Template, transaction, type User } from '../../models/index.js';
import { TEXT_ANSWER_MAX_LENGTH } from '../../models/rules/questions.js';
import { completeIfAllReady } from '../../api/services/applications/video-answers.service.js';

let ctx: TestContext;
let manager: User;
let recruiter: User;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await makeUser({ profile: 'manager', user_plan: 'bplan' });
  recruiter = await makeUser({ profile: 'recruiter' });
  await addToTeam(manager, recruiter);
});
afterAll(async () => {
  await ctx?.close();
});

const PERMIT = { id: 'q3', question: 'Avez-vous un permis de travail ?', type: 'choice', options: [{ label: 'Oui' }, { label: 'Non', knockout: true }] };
const TYPED = [{ id: 'q1', question: 'Présentez-vous en une minute.' }, { id: 'q2', question: 'Vos disponibilités ?', type: 'text' }, PERMIT];

async function publish(questions: unknown[]) {
  const auth = await bearer(recruiter);
  const token = (await request(ctx.app).post('/apis/draft-offer').set(auth)).body.edition_token as string;
  return request(ctx.app)
    .post(`/apis/draft-offer/${token}`)
    .send({ ...offerForm(), questions });
}

async function typedOffer(): Promise<Offer> {
  const res = await publish(TYPED);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await Offer.findOne({ where: { job_code: res.body.Item.job_code } }))!;
}

async function apply(offer: Offer) {
  const candidate = await makeUser({ profile: 'candidate' });
  const auth = await bearer(candidate);
  const res = await request(ctx.app).post('/apis/candidate/applications').set(auth).send({ job_code: offer.job_code });
  expect(res.status).toBe(201);
  return { candidate, auth, application: res.body as { id: number; state: string; answers: Array<{ qid: string; type: string; options?: string[]; status: string }> } };
}
const answer = (auth: Record<string, string>, id: number, qid: string, body: unknown) =>
  request(ctx.app)
    .put(`/apis/candidate/applications/${id}/answers/${qid}`)
    .set(auth)
    .send(body as object);

/** The video answer's story as the transcoder leaves it (the video path is tested in video-answers.test.ts). */
async function storyDone(applicationId: number, qid: string) {
  await transaction(async (t) => {
    await ApplicationAnswer.update({ state: 'done', upload_path: `stories/${applicationId}/${qid}/index.m3u8`, method: 'storage' }, { where: { application_id: applicationId, qid }, transaction: t });
    await completeIfAllReady(applicationId, t, new Date());
  });
}

describe('typed questions of drafts, offers and templates', () => {
  it('publishes types and options, and the public view shows the options but never the knockouts', async () => {
    const offer = await typedOffer();
    const rows = await OfferQuestion.findAll({ where: { offer_id: offer.id }, order: [['position', 'ASC']] });
    expect(rows.map((q) => [q.type, q.options])).toEqual([
      ['video', null],
      ['text', null],
      ['choice', [{ label: 'Oui' }, { label: 'Non', knockout: true }]],
    ]);
    const pub = await request(ctx.app).get(`/apis/list-offers/${offer.job_code}`);
    expect(pub.status).toBe(200);
    expect(pub.body.questions).toEqual([
      { id: 'q1', question: 'Présentez-vous en une minute.', type: 'video' },
      { id: 'q2', question: 'Vos disponibilités ?', type: 'text' },
      { id: 'q3', question: 'Avez-vous un permis de travail ?', type: 'choice', options: ['Oui', 'Non'] },
    ]);
    expect(JSON.stringify(pub.body)).not.toContain('knockout');
    // The candidate's application neither.
    const { application } = await apply(offer);
    expect(application.answers.map((a) => [a.type, a.options])).toEqual([
      ['video', undefined],
      ['text', undefined],
      ['choice', ['Oui', 'Non']],
    ]);
    expect(JSON.stringify(application)).not.toContain('knockout');
  });

  it('refuses bad types and options, and an offer without a video question, with nothing published', async () => {
    const before = await Offer.count();
    for (const [questions, code] of [
      [[TYPED[0], TYPED[1], { ...PERMIT, type: 'essay' }], 'question_type_invalid'],
      [[TYPED[0], TYPED[1], { ...PERMIT, options: ['Oui'] }], 'question_options_invalid'],
      [[TYPED[0], TYPED[1], { ...PERMIT, options: ['1', '2', '3', '4', '5', '6', '7'] }], 'question_options_invalid'],
      [[TYPED[0], TYPED[1], { ...PERMIT, options: ['Oui', 'oui'] }], 'question_options_invalid'],
      [
        [
          TYPED[0],
          TYPED[1],
          {
            ...PERMIT,
            options: [
              { label: 'Oui', knockout: true },
              { label: 'Non', knockout: true },
            ],
          },
        ],
        'question_options_invalid',
      ],
      [[TYPED[0], TYPED[1], { ...PERMIT, options: ['x'.repeat(101), 'Non'] }], 'question_options_invalid'],
      [[{ ...TYPED[1], id: 'q1' }, TYPED[1], PERMIT], 'questions_video_required'],
    ] as const) {
      const res = await publish(questions as unknown as unknown[]);
      expect(res.status, code).toBe(400);
      expect(res.body.error, JSON.stringify(questions)).toBe(code);
      expect(res.body.message).not.toBe(code);
    }
    expect(await Offer.count()).toBe(before);
  });

  it('keeps types in a template and copies them into the offers made from it; refuses bad ones with nothing stored', async () => {
    const auth = await bearer(manager);
    const content = { title: 'Vendeur', company_name: 'Maison', company_description: 'Boulangerie', description: 'Vente', candidate_qualification: 'Souriant', questions: TYPED };
    const made = await request(ctx.app).post('/apis/user-templates').set(auth).send({ type: 'offer', content });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.Item.content.questions).toEqual([
      { id: 'q1', question: 'Présentez-vous en une minute.' },
      { id: 'q2', question: 'Vos disponibilités ?', type: 'text' },
      { id: 'q3', question: 'Avez-vous un permis de travail ?', type: 'choice', options: [{ label: 'Oui' }, { label: 'Non', knockout: true }] },
    ]);
    const before = await Template.count();
    const bad = await request(ctx.app)
      .post('/apis/user-templates')
      .set(auth)
      .send({ type: 'offer', content: { ...content, questions: [TYPED[1], TYPED[1], PERMIT] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'questions_video_required', details: { field: 'questions' } });
    const badOptions = await request(ctx.app)
      .post('/apis/user-templates')
      .set(auth)
      .send({ type: 'offer', content: { ...content, questions: [TYPED[0], TYPED[1], { ...PERMIT, options: ['Oui'] }] } });
    expect(badOptions.body).toMatchObject({ error: 'question_options_invalid' });
    expect(await Template.count()).toBe(before);

    const shop = await makeShop(manager, { shopname: 'Marais', recruiter_id: recruiter.id, street: '1 rue des Archives', city: 'Paris', zip_code: '75003' });
    const offer = await request(ctx.app).post('/apis/offer').set(auth).send({ template_id: made.body.Item.id, shop_id: shop.id });
    expect(offer.status, JSON.stringify(offer.body)).toBe(201);
    const row = (await Offer.findOne({ where: { job_code: offer.body.Item.job_code } }))!;
    const questions = await OfferQuestion.findAll({ where: { offer_id: row.id }, order: [['position', 'ASC']] });
    expect(questions.map((q) => q.type)).toEqual(['video', 'text', 'choice']);
    expect(questions[2].options).toEqual([{ label: 'Oui' }, { label: 'Non', knockout: true }]);
  });
});

describe('text and choice answers', () => {
  it('refuses an answer that does not fit its question with 422 and a stable code, storing nothing', async () => {
    const offer = await typedOffer();
    const { auth, application } = await apply(offer);
    const cases: Array<[string, unknown, number, string]> = [
      ['q1', { text: 'Bonjour' }, 422, 'answer_type_mismatch'],
      ['q2', { choice: 0 }, 422, 'answer_type_mismatch'],
      ['q3', { text: 'Oui' }, 422, 'answer_type_mismatch'],
      ['q3', { choice: 2 }, 422, 'answer_choice_invalid'],
      ['q2', { text: '   ' }, 422, 'answer_text_empty'],
      ['q2', { text: 'é'.repeat(TEXT_ANSWER_MAX_LENGTH + 1) }, 422, 'answer_text_too_long'],
      ['q2', { text: 'a', choice: 0 }, 400, 'answer_invalid'],
      ['q3', { choice: -1 }, 400, 'answer_invalid'],
      ['q3', { choice: 'Oui' }, 400, 'answer_invalid'],
      ['q2', {}, 400, 'answer_invalid'],
      ['q9', { text: 'a' }, 404, 'answer_not_found'],
    ];
    for (const [qid, body, status, code] of cases) {
      const res = await answer(auth, application.id, qid, body);
      expect(res.status, `${qid} ${JSON.stringify(body).slice(0, 40)}`).toBe(status);
      expect(res.body.error).toBe(code);
      expect(res.body.message).toBeTruthy();
      expect(res.body.message).not.toBe(code);
    }
    const tooLong = await answer(auth, application.id, 'q2', { text: 'x'.repeat(TEXT_ANSWER_MAX_LENGTH + 1) });
    expect(tooLong.body.message).toBe(`Votre réponse dépasse ${TEXT_ANSWER_MAX_LENGTH} caractères.`);
    const rows = await ApplicationAnswer.findAll({ where: { application_id: application.id } });
    expect(rows.every((r) => r.state === null && r.text_answer === null && r.choice === null && !r.knockout)).toBe(true);
    // A file for a text question is refused before any upload is made.
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const upload = await request(ctx.app)
      .post('/apis/candidate/uploads')
      .set(auth)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Length', '100')
      .set('Upload-Metadata', `application_id ${b64(String(application.id))},qid ${b64('q2')},filetype ${b64('video/mp4')}`);
    expect(upload.status).toBe(422);
    expect((await request(ctx.app).post(`/apis/candidate/applications/${application.id}/answers/q2/takes`).set(auth).send({})).status).toBe(422);
  });

  it('stores text (500 characters) and choices, completes the application once every answer is given, and flags the knockout', async () => {
    const offer = await typedOffer();
    const { candidate, auth, application } = await apply(offer);
    const text = await answer(auth, application.id, 'q2', { text: `  ${'é'.repeat(TEXT_ANSWER_MAX_LENGTH)}  ` });
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    expect(text.body.answers[1]).toMatchObject({ type: 'text', status: 'ready', text: 'é'.repeat(TEXT_ANSWER_MAX_LENGTH) });
    // Changed before the application is complete: the new answer replaces the old one.
    expect((await answer(auth, application.id, 'q3', { choice: 0 })).status).toBe(200);
    const choice = await answer(auth, application.id, 'q3', { choice: 1 });
    expect(choice.body.answers[2]).toMatchObject({ type: 'choice', status: 'ready', choice: 1 });
    expect(choice.body.state).toBe('applying');
    const row = (await ApplicationAnswer.findOne({ where: { application_id: application.id, qid: 'q3' } }))!;
    expect([row.text_answer, row.choice, row.knockout]).toEqual(['Non', 1, true]);
    // The video answer's story is the last: the application completes.
    await storyDone(application.id, 'q1');
    expect((await Application.findByPk(application.id))!.state).toBe('complete');
    expect((await answer(auth, application.id, 'q2', { text: 'Autre' })).status).toBe(409);

    // The offer's manager sees the knockout on the candidate and in the list; the candidate is not rejected.
    const m = await bearer(manager);
    const panel = await request(ctx.app).get(`/apis/application/${offer.job_code}/${candidate.id}`).set(m);
    expect(panel.status).toBe(200);
    expect(panel.body.Item.recruiter_state).toBe('new');
    expect(panel.body.Item.knockouts).toEqual([{ qid: 'q3', question: 'Avez-vous un permis de travail ?', answer: 'Non' }]);
    expect(panel.body.Item.questions.map((q: { type: string; answer: string | null; knockout: boolean }) => [q.type, q.answer, q.knockout])).toEqual([
      ['video', null, false],
      ['text', 'é'.repeat(TEXT_ANSWER_MAX_LENGTH), false],
      ['choice', 'Non', true],
    ]);
    const list = await request(ctx.app).get(`/apis/application/${offer.job_code}?fullStates=true`).set(m);
    expect(list.status).toBe(200);
    const item = (list.body.Items as Array<{ candidate: { sub: string }; knockouts: unknown[] }>).find((i) => i.candidate.sub === candidate.id)!;
    expect(item.knockouts).toEqual([{ qid: 'q3', question: 'Avez-vous un permis de travail ?', answer: 'Non' }]);
    const paged = await request(ctx.app).get(`/apis/application/${offer.job_code}?fullStates=true&tab=todo&limit=10`).set(m);
    expect((paged.body.Items as Array<{ knockouts: unknown[] }>)[0].knockouts).toHaveLength(1);

    // Another company's manager sees neither the candidate nor their answers.
    const stranger = await bearer(await makeUser({ profile: 'manager', user_plan: 'bplan' }));
    expect((await request(ctx.app).get(`/apis/application/${offer.job_code}/${candidate.id}`).set(stranger)).status).toBe(404);
    expect((await request(ctx.app).get(`/apis/application/${offer.job_code}?fullStates=true`).set(stranger)).status).toBe(404);
    // Nor does another candidate answer for them.
    const other = await bearer(await makeUser({ profile: 'candidate' }));
    expect((await answer(other, application.id, 'q2', { text: 'x' })).status).toBe(404);
  });

  it('completes when the written answer is the last one, and once only when answers arrive at once', async () => {
    const offer = await typedOffer();
    const { auth, application } = await apply(offer);
    await storyDone(application.id, 'q1');
    const [a, b] = await Promise.all([answer(auth, application.id, 'q2', { text: 'Le soir' }), answer(auth, application.id, 'q3', { choice: 0 })]);
    expect([a.status, b.status].sort()).toEqual([200, 200]);
    const app = (await Application.findByPk(application.id))!;
    expect(app.state).toBe('complete');
    const rows = await ApplicationAnswer.findAll({ where: { application_id: application.id } });
    expect(rows.every((r) => r.state === 'done')).toBe(true);
    expect(rows.some((r) => r.knockout)).toBe(false);
  });
});
