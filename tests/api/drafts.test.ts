import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addToTeam, makeDraft, makeUser, offerForm } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { AuditEntry, DraftOffer, Offer, OfferQuestion, PlanLimit, User } from '../../models/index.js';
import { PNG } from '../helpers/files.js';
import { freeJobCode, isJobCodeCollision, newJobCode, withJobCodeRetry } from '../../api/services/offers/job-codes.js';
import { JOB_CODE_ALPHABET } from '../../models/rules/job-code.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const JOB_CODE = /^[0-9A-HJ-NP-TV-Z]{6}$/;

async function newDraft(ownerProfile: 'recruiter' | 'manager' = 'recruiter') {
  const owner = await makeUser({ profile: ownerProfile });
  const res = await request(ctx.app)
    .post('/apis/draft-offer')
    .set(await bearer(owner));
  expect(res.status).toBe(201);
  return { owner, token: res.body.edition_token as string };
}

const publish = (token: string, body: unknown) =>
  request(ctx.app)
    .post(`/apis/draft-offer/${token}`)
    .send(body as object);

describe('POST /apis/draft-offer (new draft)', () => {
  it('creates a draft with the default offer_json for a signed-in recruiter or manager', async () => {
    for (const profile of ['recruiter', 'manager'] as const) {
      const { owner, token } = await newDraft(profile);
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const draft = await DraftOffer.findOne({ where: { edition_token: token } });
      expect(draft!.owner_id).toBe(owner.id);
      const res = await request(ctx.app).get(`/apis/draft-offer/${token}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        offer_json: {
          pay_currency: 'EUR',
          pay_period: 'month',
          lang: 'fr',
          questions: [
            { id: 'q1', question: '' },
            { id: 'q2', question: '' },
            { id: 'q3', question: '' },
          ],
        },
        job_code: null,
      });
    }
  });

  it('lays fields given at creation over the defaults, and refuses wrong ones', async () => {
    const owner = await makeUser({ profile: 'recruiter' });
    const auth = await bearer(owner);
    const res = await request(ctx.app).post('/apis/draft-offer').set(auth).send({ company_name: 'Optique Leroy', lang: 'nl' });
    expect(res.status).toBe(201);
    const got = await request(ctx.app).get(`/apis/draft-offer/${res.body.edition_token}`);
    expect(got.body.offer_json).toMatchObject({ company_name: 'Optique Leroy', lang: 'nl', pay_currency: 'EUR', pay_period: 'month' });
    expect(got.body.offer_json.questions).toHaveLength(3);
    const bad = await request(ctx.app).post('/apis/draft-offer').set(auth).send({ pay_period: 'week' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ field: 'pay_period' });
    expect(await DraftOffer.count({ where: { owner_id: owner.id } })).toBe(1);
  });

  it('refuses anonymous callers (401) and candidates (403)', async () => {
    const anon = await request(ctx.app).post('/apis/draft-offer');
    expect(anon.status).toBe(401);
    expect(anon.body.error).toBe('unauthorized');
    expect(anon.body.error_message).toBe(anon.body.message);
    const candidate = await makeUser({ profile: 'candidate' });
    const res = await request(ctx.app)
      .post('/apis/draft-offer')
      .set(await bearer(candidate));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('recruiter_only');
    expect(await DraftOffer.count({ where: { owner_id: candidate.id } })).toBe(0);
  });
});

describe('GET and PUT /apis/draft-offer/{edition_token}', () => {
  it('answers 404 offer_not_found with error and error_message for an unknown token', async () => {
    for (const token of ['x'.repeat(32), 'short', 'bad%20token%21%21%21%21%21%21%21%21%21%21']) {
      const res = await request(ctx.app).get(`/apis/draft-offer/${token}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('offer_not_found');
      expect(res.body.error_message).toBe('Aucune offre ne correspond.');
    }
  });

  it('saves the wizard progress with missing fields, but refuses wrong values', async () => {
    const { token } = await newDraft();
    const saved = await request(ctx.app)
      .put(`/apis/draft-offer/${token}`)
      .send({ title: '  Caissier  ', contract_type: 'CDD', questions: [{ question: 'Présentez-vous.' }, { question: '' }, { question: '' }] });
    expect(saved.status).toBe(200);
    expect(saved.body.offer_json).toEqual({
      title: 'Caissier',
      contract_type: 'cdd',
      questions: [
        { id: 'q1', question: 'Présentez-vous.' },
        { id: 'q2', question: '' },
        { id: 'q3', question: '' },
      ],
    });
    expect((await request(ctx.app).get(`/apis/draft-offer/${token}`)).body.offer_json.title).toBe('Caissier');
    const bad = await request(ctx.app).put(`/apis/draft-offer/${token}`).send({ contract_type: 'cdx' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ field: 'contract_type' });
    expect((await request(ctx.app).get(`/apis/draft-offer/${token}`)).body.offer_json.contract_type).toBe('cdd');
    const unknown = await request(ctx.app)
      .put(`/apis/draft-offer/${'y'.repeat(32)}`)
      .send({ title: 'x' });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /apis/draft-offer/{edition_token} (publish)', () => {
  it('publishes: a new offer with questions, a new job code, the draft linked, counters moved', async () => {
    const { owner, token } = await newDraft();
    const res = await publish(token, offerForm());
    expect(res.status).toBe(200);
    const jobCode = res.body.Item.job_code as string;
    expect(Object.keys(res.body)).toEqual(['Item']);
    expect(jobCode).toMatch(JOB_CODE);

    const offer = await Offer.findOne({ where: { job_code: jobCode } });
    expect(offer).not.toBeNull();
    expect(offer!.recruiter_id).toBe(owner.id);
    expect(offer!.state).toBe('available');
    expect(offer!.title).toBe('Équipier polyvalent (H/F)');
    expect(offer!.city).toBe('Paris');
    expect(offer!.country_iso).toBe('FR');
    expect(offer!.start_date).toBe('2031-03-15');
    expect(offer!.tags).toEqual(['restauration_rapide']);
    expect(offer!.pay_min).toBe(1800);
    const questions = await OfferQuestion.findAll({ where: { offer_id: offer!.id }, order: [['position', 'ASC']] });
    expect(questions.map((q) => [q.qid, q.question])).toEqual([
      ['q1', 'Présentez-vous en une minute.'],
      ['q2', 'Pourquoi la restauration rapide ?'],
      ['q3', 'Quelles sont vos disponibilités ?'],
    ]);

    const draft = await DraftOffer.findOne({ where: { edition_token: token } });
    expect(draft!.published_offer_id).toBe(offer!.id);
    expect(draft!.offer_json).toEqual(offerForm());
    const user = await User.findByPk(owner.id);
    expect([user!.offers_count, user!.actives_offers_count]).toEqual([1, 1]);

    const got = await request(ctx.app).get(`/apis/draft-offer/${token}`);
    expect(got.body.job_code).toBe(jobCode);
    const pub = await request(ctx.app).get(`/apis/list-offers/${jobCode.toLowerCase()}`);
    expect(pub.status).toBe(200);
    expect(pub.body.questions).toHaveLength(3);
  });

  it("applies the custom plan's active-offer limit to a first publication, several at once (decision 171)", async () => {
    const owner = await makeUser({ profile: 'recruiter' });
    const manager = await makeUser({ profile: 'manager', user_plan: 'custom' });
    await addToTeam(manager, owner);
    await PlanLimit.create({ user_id: manager.id, actives_offers: 2 });
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await request(ctx.app)
        .post('/apis/draft-offer')
        .set(await bearer(owner));
      tokens.push(res.body.edition_token);
    }
    const results = await Promise.all(tokens.map((t) => publish(t, offerForm())));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ error: 'active_offers_limit', message: 'Limite d’annonces actives atteinte : votre forfait en permet 2.' });
    expect(await Offer.count({ where: { recruiter_id: owner.id, state: 'available' } })).toBe(2);
    // A refused draft stays unpublished; a published one is not published again.
    const published = tokens[results.findIndex((r) => r.status === 200)];
    expect((await publish(published, { ...offerForm(), title: 'Nouveau titre' })).status).toBe(409);
    const refusedToken = tokens[results.findIndex((r) => r.status === 409)];
    expect((await DraftOffer.findOne({ where: { edition_token: refusedToken } }))!.published_offer_id).toBeNull();
  });

  it('refuses to save or publish a published draft, anonymously or signed in: 409 draft_published, the offer unchanged', async () => {
    const { owner, token } = await newDraft();
    const first = await publish(token, offerForm());
    expect(first.status).toBe(200);
    const jobCode = first.body.Item.job_code as string;
    const changed = { ...offerForm(), title: 'Offre détournée', questions: [{ question: 'Un' }, { question: 'Deux' }, { question: 'Trois' }, { question: 'Quatre' }] };
    const auth = await bearer(owner);
    const attempts = [
      () => publish(token, changed),
      () => publish(token, changed).set(auth),
      () => request(ctx.app).put(`/apis/draft-offer/${token}`).send({ title: 'Offre détournée' }),
      () => request(ctx.app).put(`/apis/draft-offer/${token}`).set(auth).send({ title: 'Offre détournée' }),
      // Refused before the body is read: a wrong body gets the same answer.
      () => request(ctx.app).put(`/apis/draft-offer/${token}`).send({ contract_type: 'cdx' }),
      () => publish(token, {}),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        error: 'draft_published',
        message: 'Cette annonce est déjà publiée : ce lien ne permet plus de la modifier. Son propriétaire la gère désormais depuis son compte.',
      });
      expect(res.body.error_message).toBe(res.body.message);
    }
    const en = await publish(token, changed).query({ lang: 'en' });
    expect(en.body.error_message).toBe('This offer is already published: this link can no longer change it. Its owner now manages it from their account.');
    const nl = await request(ctx.app).put(`/apis/draft-offer/${token}`).query({ lang: 'nl' }).send({ title: 'x' });
    expect(nl.body.message).toMatch(/^Deze vacature is al gepubliceerd/);

    const offers = await Offer.findAll({ where: { recruiter_id: owner.id } });
    expect(offers.map((o) => [o.job_code, o.title])).toEqual([[jobCode, 'Équipier polyvalent (H/F)']]);
    expect(await OfferQuestion.count({ where: { offer_id: offers[0].id } })).toBe(3);
    const draft = await DraftOffer.findOne({ where: { edition_token: token } });
    expect(draft!.offer_json).toEqual(offerForm());
    // The link still reads the draft, with the offer it made.
    const got = await request(ctx.app).get(`/apis/draft-offer/${token}`);
    expect([got.status, got.body.job_code, got.body.offer_json.title]).toEqual([200, jobCode, 'Équipier polyvalent (H/F)']);
  });

  it('refuses a published draft whatever became of its offer (closed, deleted): the link makes no other offer', async () => {
    const { owner, token } = await newDraft();
    const first = await publish(token, offerForm());
    for (const state of ['closed', 'deleted'] as const) {
      await Offer.update({ state }, { where: { job_code: first.body.Item.job_code } });
      const again = await publish(token, offerForm());
      expect([again.status, again.body.error]).toEqual([409, 'draft_published']);
      expect((await Offer.findOne({ where: { job_code: first.body.Item.job_code } }))!.state).toBe(state);
    }
    expect(await Offer.count({ where: { recruiter_id: owner.id } })).toBe(1);
  });

  it('stores one offer when the same draft is published several times at once; the others are refused', async () => {
    const { owner, token } = await newDraft();
    const results = await Promise.all([1, 2, 3, 4].map(() => publish(token, offerForm())));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.error).toBe('draft_published');
    expect(await Offer.count({ where: { recruiter_id: owner.id } })).toBe(1);
    const offer = await Offer.findOne({ where: { recruiter_id: owner.id } });
    expect(await OfferQuestion.count({ where: { offer_id: offer!.id } })).toBe(3);
    const user = await User.findByPk(owner.id);
    expect([user!.offers_count, user!.actives_offers_count]).toEqual([1, 1]);
  });

  it('never writes a save over a publication made at the same moment', async () => {
    const { token } = await newDraft();
    const [published, ...saves] = await Promise.all([publish(token, offerForm()), ...[1, 2, 3].map(() => request(ctx.app).put(`/apis/draft-offer/${token}`).send({ title: 'Sauvegarde tardive' }))]);
    expect(published.status).toBe(200);
    for (const save of saves) expect([200, 409]).toContain(save.status);
    // A save that came after the publication was refused: the draft keeps the published form.
    const draft = await DraftOffer.findOne({ where: { edition_token: token } });
    expect(draft!.offer_json.title).toBe('Équipier polyvalent (H/F)');
  });

  it('publishes several drafts of one owner at once: every offer stored, counters exact', async () => {
    const owner = await makeUser({ profile: 'recruiter' });
    const auth = await bearer(owner);
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) tokens.push((await request(ctx.app).post('/apis/draft-offer').set(auth)).body.edition_token);
    const results = await Promise.all(tokens.map((token) => publish(token, offerForm())));
    for (const r of results) expect(r.status).toBe(200);
    expect(new Set(results.map((r) => r.body.Item.job_code)).size).toBe(4);
    expect(await Offer.count({ where: { recruiter_id: owner.id } })).toBe(4);
    const user = await User.findByPk(owner.id);
    expect([user!.offers_count, user!.actives_offers_count]).toEqual([4, 4]);
  });

  it("counts a published offer on the owner's managers too, by the one counter rule", async () => {
    const owner = await makeUser({ profile: 'recruiter' });
    const manager = await makeUser({ profile: 'manager' });
    await addToTeam(manager, owner);
    const { edition_token } = (
      await request(ctx.app)
        .post('/apis/draft-offer')
        .set(await bearer(owner))
    ).body;
    expect((await publish(edition_token, offerForm())).status).toBe(200);
    const boss = await User.findByPk(manager.id);
    expect([boss!.offers_count, boss!.actives_offers_count]).toEqual([1, 1]);
  });

  it("gives the offer to the draft's owner whoever publishes it; the publisher is written in the audit log", async () => {
    for (const publisher of [await makeUser({ profile: 'recruiter' }), await makeUser({ profile: 'candidate' }), null]) {
      const { owner, token } = await newDraft();
      let req = publish(token, offerForm());
      if (publisher) req = req.set(await bearer(publisher));
      const res = await req;
      expect(res.status).toBe(200);
      const offer = await Offer.findOne({ where: { job_code: res.body.Item.job_code } });
      expect([offer!.recruiter_id, offer!.created_by_id]).toEqual([owner.id, owner.id]);
      const entry = await AuditEntry.findOne({ where: { action: 'publish', resource: 'offers', record_id: String(offer!.id) } });
      expect(entry!.actor_id).toBe(publisher?.id ?? null);
      expect(entry!.after_json).toMatchObject({ job_code: offer!.job_code, recruiter_id: owner.id });
    }
  });

  it("stops the link's logo upload and address search once published (409), not before", async () => {
    const { token } = await newDraft();
    const upload = () => request(ctx.app).post('/apis/upload/image').field('edition_token', token).attach('file', PNG, { filename: 'logo.png', contentType: 'image/png' });
    const search = () => request(ctx.app).get('/apis/address-search').query({ q: 'paris', edition_token: token });
    expect((await upload()).status).toBe(201);
    expect((await search()).status).toBe(200);
    expect((await publish(token, offerForm())).status).toBe(200);
    for (const res of [await upload(), await search()]) expect([res.status, res.body.error]).toEqual([409, 'draft_published']);
  });

  it('refuses every missing required field with fill_all_required_fields, and stores nothing', async () => {
    const { owner, token } = await newDraft();
    const required = [
      'title',
      'company_name',
      'company_description',
      'description',
      'contract_type',
      'start_date',
      'candidate_experience',
      'candidate_graduation',
      'candidate_qualification',
      'pay_min',
      'pay_max',
      'pay_currency',
      'pay_period',
      'questions',
      'lang',
      'location',
    ];
    for (const field of required) {
      for (const empty of [undefined, '', null]) {
        const body = offerForm();
        if (empty === undefined) delete body[field];
        else body[field] = empty;
        const res = await publish(token, body);
        expect(res.status, field).toBe(400);
        expect(res.body.error).toBe('fill_all_required_fields');
        expect(res.body.error_message).toBe('Merci de remplir tous les champs obligatoires.');
        const expected = field === 'location' ? ['location.street', 'location.city', 'location.zip_code', 'location.country_iso'] : [field];
        expect(res.body.details.fields).toEqual(expected);
      }
    }
    for (const sub of ['street', 'city', 'zip_code', 'country_iso']) {
      const body = offerForm();
      (body.location as Record<string, unknown>)[sub] = '  ';
      const res = await publish(token, body);
      expect(res.status).toBe(400);
      expect(res.body.details.fields).toEqual([`location.${sub}`]);
    }
    const en = await publish(token, {}).query({ lang: 'en' });
    expect(en.body.error_message).toBe('Please fill all required fields.');
    expect(en.body.details.fields).toHaveLength(19);
    expect(await Offer.count({ where: { recruiter_id: owner.id } })).toBe(0);
    expect((await User.findByPk(owner.id))!.offers_count).toBe(0);
    const draft = await DraftOffer.findOne({ where: { edition_token: token } });
    expect(draft!.published_offer_id).toBeNull();
    expect(draft!.offer_json.title).toBeUndefined();
  });

  it('publishes without the optional company_picture and tags', async () => {
    const { token } = await newDraft();
    const body = offerForm();
    delete body.company_picture;
    delete body.tags;
    const res = await publish(token, body);
    expect(res.status).toBe(200);
    const offer = await Offer.findOne({ where: { job_code: res.body.Item.job_code } });
    expect(offer!.company_picture).toBeNull();
    expect(offer!.tags).toEqual([]);
  });

  it('needs 3 to 5 non-empty questions', async () => {
    const { token } = await newDraft();
    const q = (...texts: string[]) => ({ ...offerForm(), questions: texts.map((question, i) => ({ id: `q${i + 1}`, question })) });
    const two = await publish(token, q('Un', 'Deux', '   '));
    expect(two.status).toBe(400);
    expect(two.body.error).toBe('fill_all_required_fields');
    expect(two.body.details.fields).toEqual(['questions']);
    const six = await publish(token, q('1', '2', '3', '4', '5', '6'));
    expect(six.status).toBe(400);
    expect(six.body.error).toBe('questions_count');
    expect(six.body.error_message).toBe('Une offre comporte de 3 à 5 questions.');
    const notList = await publish(token, { ...offerForm(), questions: 'Présentez-vous' });
    expect(notList.status).toBe(400);
    expect(notList.body.details).toEqual({ field: 'questions' });
    const tooLong = await publish(token, q('x'.repeat(501), '2', '3'));
    expect(tooLong.status).toBe(400);
    // Empty slots are dropped and the ids renumbered in order.
    const withBlank = await publish(token, q('Un', '', 'Deux', 'Trois', 'Quatre', ''));
    expect(withBlank.status).toBe(200);
    const offer = await Offer.findOne({ where: { job_code: withBlank.body.Item.job_code } });
    const rows = await OfferQuestion.findAll({ where: { offer_id: offer!.id }, order: [['position', 'ASC']] });
    expect(rows.map((r) => [r.qid, r.question])).toEqual([
      ['q1', 'Un'],
      ['q2', 'Deux'],
      ['q3', 'Trois'],
      ['q4', 'Quatre'],
    ]);
  });

  it('refuses values outside the reference lists', async () => {
    const { owner, token } = await newDraft();
    const cases: Array<[string, unknown]> = [
      ['contract_type', 'cdx'],
      ['candidate_experience', 'lots'],
      ['candidate_graduation', 'phd'],
      ['pay_currency', 'GBP'],
      ['pay_period', 'week'],
      ['lang', 'de'],
      ['tags', ['astronaut']],
      ['tags', 'vente'],
      ['contract_type', 3],
    ];
    for (const [field, value] of cases) {
      const res = await publish(token, { ...offerForm(), [field]: value });
      expect(res.status, `${field}=${String(value)}`).toBe(400);
      expect(res.body.error).toBe('validation_error');
      expect(res.body.details).toEqual({ field });
    }
    expect(await Offer.count({ where: { recruiter_id: owner.id } })).toBe(0);
  });

  it('checks pay numbers: whole, positive, minimum not above maximum', async () => {
    const { token } = await newDraft();
    for (const [field, value] of [
      ['pay_min', 'abc'],
      ['pay_min', -5],
      ['pay_max', 1900.5],
      ['pay_max', 1e12],
      ['pay_min', true],
    ] as const) {
      const res = await publish(token, { ...offerForm(), [field]: value });
      expect(res.status, `${field}=${String(value)}`).toBe(400);
      expect(res.body.details).toEqual({ field });
    }
    const range = await publish(token, { ...offerForm(), pay_min: 2500, pay_max: 2000 });
    expect(range.status).toBe(400);
    expect(range.body.error).toBe('pay_range_invalid');
    expect(range.body.error_message).toBe('Le salaire minimum ne peut pas dépasser le salaire maximum.');
    const strings = await publish(token, { ...offerForm(), pay_min: '1700', pay_max: '1800' });
    expect(strings.status).toBe(200);
    const offer = await Offer.findOne({ where: { job_code: strings.body.Item.job_code } });
    expect([offer!.pay_min, offer!.pay_max]).toEqual([1700, 1800]);
  });

  it('needs an ISO start date', async () => {
    const { token } = await newDraft();
    for (const value of ['15/03/2031', '2031-02-30', 'tomorrow', 20310315, '2031-13-01']) {
      const res = await publish(token, { ...offerForm(), start_date: value });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.error).toBe('date_error');
      expect(res.body.details).toEqual({ field: 'start_date' });
    }
    const full = await publish(token, { ...offerForm(), start_date: '2031-04-01T08:00:00.000Z' });
    expect(full.status).toBe(200);
    const offer = await Offer.findOne({ where: { job_code: full.body.Item.job_code } });
    expect(offer!.start_date).toBe('2031-04-01');
  });

  it('normalises case and names: EUR, fr, FR, job categories given by name', async () => {
    const { token } = await newDraft();
    const res = await publish(token, {
      ...offerForm(),
      pay_currency: 'eur',
      lang: 'FR',
      contract_type: 'CDI',
      tags: ['Vente / Conseil en magasin', 'Fast food', 'vente'],
      location: { street: '1 place Bellecour', city: 'Lyon', zip_code: 69002, country_iso: 'fr' },
    });
    expect(res.status).toBe(200);
    const offer = await Offer.findOne({ where: { job_code: res.body.Item.job_code } });
    expect([offer!.pay_currency, offer!.lang, offer!.contract_type, offer!.country_iso, offer!.zip_code]).toEqual(['EUR', 'fr', 'cdi', 'FR', '69002']);
    expect(offer!.tags).toEqual(['vente', 'restauration_rapide']);
  });

  it('refuses a location that is not an address, and bad coordinates', async () => {
    const { token } = await newDraft();
    for (const [location, field] of [
      ['Paris', 'location'],
      [{ ...(offerForm().location as object), lat: 123 }, 'location.lat'],
      [{ ...(offerForm().location as object), country_iso: 'FRA' }, 'location.country_iso'],
    ] as const) {
      const res = await publish(token, { ...offerForm(), location });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual({ field });
    }
  });

  it('answers 404 for an unknown draft and 409 draft_without_owner for a draft nobody owns', async () => {
    const unknown = await publish('z'.repeat(32), offerForm());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('offer_not_found');
    await makeDraft(null, { edition_token: 'orphan'.padEnd(32, '0') });
    const orphan = await publish('orphan'.padEnd(32, '0'), offerForm());
    expect(orphan.status).toBe(409);
    expect(orphan.body.error).toBe('draft_without_owner');
    expect(orphan.body.error_message).toBe('Ce brouillon n’est rattaché à aucun recruteur : il ne peut pas être publié.');
    expect(await Offer.count({ where: { title: 'Équipier polyvalent (H/F)', created_by_id: null } })).toBe(0);
  });

  it('refuses a body that is not an object', async () => {
    const { token } = await newDraft();
    const res = await request(ctx.app).post(`/apis/draft-offer/${token}`).set('content-type', 'application/json').send('[1,2]');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
  });
});

describe('job codes', () => {
  it('uses 6 characters of a 33-character alphabet without I, O and U', () => {
    expect(JOB_CODE_ALPHABET).toHaveLength(33);
    for (const ch of 'IOU') expect(JOB_CODE_ALPHABET).not.toContain(ch);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = newJobCode();
      expect(code).toMatch(JOB_CODE);
      seen.add(code);
    }
    expect(seen.size).toBeGreaterThan(1990);
  });

  it('recognises a job code collision on this database and retries the work', async () => {
    const owner = await makeUser({ profile: 'recruiter' });
    const code = await freeJobCode();
    const attrs = {
      recruiter_id: owner.id,
      created_by_id: null,
      shop_id: null,
      shopname: null,
      title: 't',
      company_name: 'c',
      company_hash: null,
      company_picture: null,
      company_description: null,
      description: 'd',
      candidate_qualification: null,
      candidate_experience: null,
      candidate_graduation: null,
      contract_type: null,
      tags: null,
      start_date: null,
      pay_min: null,
      pay_max: null,
      street: null,
      city: null,
      zip_code: null,
      area: null,
      sub_area: null,
      country: null,
      country_iso: null,
      lat: null,
      lng: null,
      boosted_at: null,
    };
    await Offer.create({ ...attrs, job_code: code });
    const err = await Offer.create({ ...attrs, job_code: code }).catch((e: unknown) => e);
    expect(isJobCodeCollision(err)).toBe(true);
    let calls = 0;
    const result = await withJobCodeRetry(async () => {
      calls += 1;
      if (calls === 1) throw err;
      return 'done';
    });
    expect([result, calls]).toEqual(['done', 2]);
    await expect(
      withJobCodeRetry(async () => {
        throw err;
      }),
    ).rejects.toBe(err);
    const other = new Error('boom');
    await expect(
      withJobCodeRetry(async () => {
        throw other;
      }),
    ).rejects.toBe(other);
  });
});

describe('a new draft starts with the company of its owner (issue 24)', () => {
  const draftOf = async (owner: User, body: object = {}) => {
    const res = await request(ctx.app)
      .post('/apis/draft-offer')
      .set(await bearer(owner))
      .send(body);
    expect(res.status).toBe(201);
    return (await request(ctx.app).get(`/apis/draft-offer/${res.body.edition_token}`)).body.offer_json;
  };

  it("fills the manager's company name and description, for them and their recruiters; the caller's own fields win", async () => {
    const manager = await makeUser({ profile: 'manager', user_plan: 'bplan', customer_name: 'Boulangeries Leroy' });
    const recruiter = await makeUser({ profile: 'recruiter' });
    await addToTeam(manager, recruiter);
    // Nothing published yet: the name alone.
    const first = await draftOf(manager);
    expect(first.company_name).toBe('Boulangeries Leroy');
    expect(first.company_description).toBeUndefined();
    const { makeOffer } = await import('../helpers/fixtures.js');
    await makeOffer(recruiter, { company_name: 'Boulangeries Leroy', company_description: 'Douze boulangeries artisanales en Bretagne.' });
    await makeOffer(recruiter, { company_name: 'Autre enseigne', company_description: 'Pas la nôtre.' });
    for (const who of [manager, recruiter]) {
      const json = await draftOf(who);
      expect(json).toMatchObject({ company_name: 'Boulangeries Leroy', company_description: 'Douze boulangeries artisanales en Bretagne.' });
    }
    expect(await draftOf(manager, { company_name: 'Leroy Bis' })).toMatchObject({ company_name: 'Leroy Bis' });
  });

  it('fills nothing for staff nor for a recruiter with no company', async () => {
    const staff = await makeUser({ profile: 'recruiter', is_admin: true, customer_name: 'Staff Co' });
    expect((await draftOf(staff)).company_name).toBeUndefined();
    const alone = await makeUser({ profile: 'recruiter' });
    const json = await draftOf(alone);
    expect(json.company_name).toBeUndefined();
    expect(json.company_description).toBeUndefined();
  });
});
