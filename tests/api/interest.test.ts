// POST /apis/submit-interest: web applications and landing leads (public-web.md sections 5, 7, 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { makeLanding, makeOffer, makeUpload, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { LandingInterest, type CustomLanding, type Offer, type User } from '../../models/index.js';

let ctx: TestContext;
let recruiter: User;
let offer: Offer;
let landing: CustomLanding;
let landingOffer: Offer;

beforeAll(async () => {
  ctx = await createTestContext();
  recruiter = await makeUser({ profile: 'recruiter' });
  offer = await makeOffer(recruiter);
  landing = await makeLanding({ identifier: 'boulangeries-martin', name: 'Boulangeries Martin' });
  landingOffer = await makeOffer(recruiter, { company_hash: landing.company_hash, shopname: 'Lille Centre' });
});
afterAll(async () => ctx?.close());

let n = 0;
const fresh = () => `lea.dupont+${++n}@example.fr`;
const web = (over: Record<string, unknown> = {}) => ({
  job_code: offer.job_code,
  email: fresh(),
  phone_number: '+33 6 12 34 56 78',
  firstname: 'Léa',
  lastname: 'Dupont',
  accept_cgu: true,
  use_cv: false,
  ...over,
});
const submit = (body: unknown, lang = 'fr') =>
  request(ctx.app)
    .post('/apis/submit-interest')
    .set('accept-language', lang)
    .send(body as object);

async function expectRefused(body: unknown, status: number, code: string, message?: string) {
  const before = await LandingInterest.count();
  const res = await submit(body);
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: code });
  expect(typeof res.body.message).toBe('string');
  if (message) expect(res.body.message).toBe(message);
  expect(await LandingInterest.count()).toBe(before);
  return res;
}

describe('web application', () => {
  it('stores the lead with a lowercased email, trimmed names, the phone in E.164 and cgu_from web', async () => {
    const res = await submit(web({ email: '  Lea.Dupont@Example.FR ', firstname: '  Léa ', lastname: ' Dupont  ' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'Merci ! Votre candidature a bien été enregistrée.' });
    const lead = await LandingInterest.findOne({ where: { email: 'lea.dupont@example.fr' } });
    expect(lead).not.toBeNull();
    expect(lead!.toJSON()).toMatchObject({
      job_code: offer.job_code,
      offer_id: offer.id,
      firstname: 'Léa',
      lastname: 'Dupont',
      phone_number: '+33612345678',
      accept_cgu: true,
      cv_key: null,
      cgu_from: 'web',
      custom: null,
      user_id: null,
      notif: 0,
    });
  });

  it('answers in the caller language', async () => {
    const res = await submit(web(), 'en');
    expect(res.body.message).toBe('Thank you! Your application has been registered.');
  });

  it('takes the job code in any case and a form-encoded post (accept_cgu=on)', async () => {
    const res = await request(ctx.app)
      .post('/apis/submit-interest')
      .type('form')
      .send({ job_code: offer.job_code.toLowerCase(), email: 'form.post@example.fr', phone_number: '0612345678', firstname: 'A', lastname: 'B', accept_cgu: 'on' });
    expect(res.status).toBe(201);
    expect((await LandingInterest.findOne({ where: { email: 'form.post@example.fr' } }))!.job_code).toBe(offer.job_code);
  });

  it.each(['nope', 'a@b', 'a b@example.fr', 'lea@exa mple.fr', 'lea@example..fr', 'léa@example.fr', '@example.fr', 'lea@.fr', ''])('refuses the email %j with invalid_email', async (email) => {
    await expectRefused(web({ email }), 400, 'invalid_email', 'L’adresse e-mail n’est pas valide.');
  });

  it('accepts dots, plus, dash and underscore before the @', async () => {
    expect((await submit(web({ email: 'a.b+c-d_e@sub-domain.example.co.uk' }))).status).toBe(201);
  });

  it.each([
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+33 (0)6 12 34 56 78', '+33612345678'],
    ['+330699887766', '+33699887766'],
    ['0033 6 11 22 33 44', '+33611223344'],
    ['06.12.34.56.79', '+33612345679'],
    ['+32 470 12 34 56', '+32470123456'],
  ])('reads the phone %j as %s', async (phone_number, stored) => {
    const email = fresh();
    expect((await submit(web({ email, phone_number }))).status).toBe(201);
    expect((await LandingInterest.findOne({ where: { email } }))!.phone_number).toBe(stored);
  });

  it.each(['12345', '061234567', '06123456789', '+44 7700 900123', '+33 6 12 34', '1234567890', '', 'abc'])('refuses the phone %j with invalid_phone', async (phone_number) => {
    await expectRefused(web({ phone_number }), 400, 'invalid_phone', 'Le numéro de téléphone doit comporter 10 chiffres.');
  });

  it('needs the phone on the web form', async () => {
    const { phone_number: _p, ...body } = web();
    await expectRefused(body, 400, 'invalid_phone');
  });

  it('needs first and last names that are not empty after trimming', async () => {
    await expectRefused(web({ firstname: '   ' }), 400, 'firstname_required', 'Le prénom est obligatoire.');
    await expectRefused(web({ firstname: undefined }), 400, 'firstname_required');
    await expectRefused(web({ lastname: '' }), 400, 'lastname_required', 'Le nom est obligatoire.');
    await expectRefused(web({ lastname: 'x'.repeat(121) }), 400, 'field_too_long');
  });

  it('needs the terms accepted', async () => {
    const msg = 'Vous devez accepter les conditions générales pour postuler.';
    await expectRefused(web({ accept_cgu: false }), 400, 'cgu_required', msg);
    await expectRefused(web({ accept_cgu: undefined }), 400, 'cgu_required', msg);
    await expectRefused(web({ accept_cgu: 'maybe' }), 400, 'cgu_required', msg);
  });

  it('needs an existing, available offer', async () => {
    await expectRefused(web({ job_code: undefined }), 400, 'missing_parameters');
    await expectRefused(web({ job_code: 'ZZZZZZ' }), 404, 'offer_not_found', 'Aucune offre ne correspond.');
    await expectRefused(web({ job_code: 'AB$%' }), 404, 'offer_not_found');
    const closed = await makeOffer(recruiter, { state: 'closed' });
    await expectRefused(web({ job_code: closed.job_code }), 404, 'offer_not_available', 'Cette offre n’est plus disponible.');
  });

  it('refuses a body that is not an object', async () => {
    const res = await request(ctx.app).post('/apis/submit-interest').set('content-type', 'application/json').send('[1,2]');
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});

describe('CV', () => {
  it('stores the key of an uploaded CV', async () => {
    const cv = await makeUpload('cv');
    const email = fresh();
    expect((await submit(web({ email, use_cv: true, cv_file: cv.key }))).status).toBe(201);
    expect((await LandingInterest.findOne({ where: { email } }))!.cv_key).toBe(cv.key);
  });

  it('needs a CV key when use_cv is true', async () => {
    await expectRefused(web({ use_cv: true }), 400, 'cv_required', 'Merci de joindre votre CV ou de décocher l’option CV.');
    await expectRefused(web({ use_cv: true, cv_file: '' }), 400, 'cv_required');
  });

  it('refuses an unknown key, or the key of an image', async () => {
    await expectRefused(web({ use_cv: true, cv_file: 'picture/00000000.pdf' }), 400, 'cv_not_found');
    await expectRefused(web({ use_cv: true, cv_file: '../etc/passwd' }), 400, 'cv_not_found');
    const image = await makeUpload('image');
    await expectRefused(web({ use_cv: true, cv_file: image.key }), 400, 'cv_not_found', 'Le CV envoyé est introuvable. Merci de le joindre à nouveau.');
  });

  it('ignores cv_file when use_cv is false', async () => {
    const email = fresh();
    expect((await submit(web({ email, use_cv: false, cv_file: 'picture/00000000.pdf' }))).status).toBe(201);
    expect((await LandingInterest.findOne({ where: { email } }))!.cv_key).toBeNull();
  });
});

describe('landing lead', () => {
  const lead = (over: Record<string, unknown> = {}) => ({
    job_code: landingOffer.job_code,
    email: fresh(),
    firstname: 'Paul',
    lastname: 'Martin',
    accept_cgu: true,
    use_cv: false,
    cgu_from: `landing/${landing.identifier}`,
    ...over,
  });

  it('stores cgu_from landing/{customer} and the customer name; the phone is optional', async () => {
    const body = lead();
    expect((await submit(body)).status).toBe(201);
    const stored = await LandingInterest.findOne({ where: { email: body.email } });
    expect(stored!.toJSON()).toMatchObject({ cgu_from: 'landing/boulangeries-martin', custom: 'Boulangeries Martin', phone_number: null });
  });

  it('still checks a phone that is given', async () => {
    await expectRefused(lead({ phone_number: '123' }), 400, 'invalid_phone');
    const body = lead({ phone_number: '+32 470 11 22 33' });
    expect((await submit(body)).status).toBe(201);
    expect((await LandingInterest.findOne({ where: { email: body.email } }))!.phone_number).toBe('+32470112233');
  });

  it('refuses an unknown landing, an offer the landing does not offer, and other origins', async () => {
    await expectRefused(lead({ cgu_from: 'landing/nobody-here' }), 404, 'landing_not_found');
    await expectRefused(lead({ job_code: offer.job_code }), 400, 'offer_not_in_landing', 'Cette annonce n’est pas proposée sur cette page.');
    await expectRefused(lead({ cgu_from: 'TS' }), 400, 'invalid_cgu_from');
    await expectRefused(lead({ cgu_from: 'landing/../x' }), 400, 'invalid_cgu_from');
  });
});

describe('one application per email and offer', () => {
  it('answers 409 existing_application with the spec message, whatever the case or spaces of the email', async () => {
    const email = fresh();
    expect((await submit(web({ email }))).status).toBe(201);
    const en = await submit(web({ email: ` ${email.toUpperCase()} ` }), 'en');
    expect(en.status).toBe(409);
    expect(en.body).toEqual({
      success: false,
      error: 'existing_application',
      message: "It looks like we've already registered an application with your email for this ad.",
    });
    const fr = await submit(web({ email }));
    expect(fr.body.message).toBe('Il semble que nous ayons déjà enregistré une candidature avec votre e-mail pour cette annonce.');
    expect(await LandingInterest.count({ where: { email } })).toBe(1);
  });

  it('accepts the same email for another offer', async () => {
    const email = fresh();
    expect((await submit(web({ email }))).status).toBe(201);
    const other = await makeOffer(recruiter);
    expect((await submit(web({ email, job_code: other.job_code }))).status).toBe(201);
    expect(await LandingInterest.count({ where: { email } })).toBe(2);
  });

  it('stores exactly one record for 20 simultaneous identical submissions', async () => {
    const body = web();
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error).toBe('existing_application');
    expect(await LandingInterest.count({ where: { email: body.email, job_code: offer.job_code } })).toBe(1);
  });
});
