import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { Offer } from '../../models/index.js';
import type { OfferState } from '../../models/rules/offer-states.js';
import { getPublicOffer } from '../../api/services/offers/offers.service.js';
import { AppError } from '../../api/lib/errors.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** An offer with every public field filled, under the given job code (fixtures store its questions last first). */
async function makeFullOffer(jobCode: string, state: OfferState = 'available', questions = ['Présentez-vous.', 'Pourquoi nous ?', 'Vos disponibilités ?']) {
  const recruiter = await makeUser({ profile: 'recruiter' });
  return makeOffer(recruiter, {
    job_code: jobCode,
    created_by_id: recruiter.id,
    shop_id: null,
    shopname: 'Lyon Part-Dieu',
    title: 'Vendeur / Vendeuse',
    company_name: 'Boulangeries Martin',
    company_hash: 'Boulangeries Martin',
    company_picture: 'picture/0a1b2c3d.png',
    company_description: 'Réseau de 40 boulangeries.',
    description: 'Accueil et conseil des clients, mise en rayon.',
    candidate_qualification: 'Sens du contact',
    candidate_experience: 'lt_6m',
    candidate_graduation: 'cap',
    contract_type: 'cdi',
    tags: ['vente', 'boulangerie'],
    start_date: '2031-09-01',
    pay_min: 1800,
    pay_max: 2100,
    pay_currency: 'EUR',
    pay_period: 'month',
    street: '12 rue de la République',
    city: 'Lyon',
    zip_code: '69002',
    area: 'Auvergne-Rhône-Alpes',
    sub_area: 'Rhône',
    country: 'France',
    country_iso: 'FR',
    lat: 45.76,
    lng: 4.83,
    lang: 'fr',
    state,
    boosted_at: null,
    questions,
  });
}

describe('GET /apis/list-offers/{job_code}', () => {
  it('answers the public view of an open offer with its questions in order', async () => {
    await makeFullOffer('AB12CD');
    const res = await request(ctx.app).get('/apis/list-offers/AB12CD');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      job_code: 'AB12CD',
      title: 'Vendeur / Vendeuse',
      company_name: 'Boulangeries Martin',
      company_picture: 'picture/0a1b2c3d.png',
      company_description: 'Réseau de 40 boulangeries.',
      description: 'Accueil et conseil des clients, mise en rayon.',
      candidate_qualification: 'Sens du contact',
      candidate_experience: 'lt_6m',
      candidate_graduation: 'cap',
      start_date: '2031-09-01',
      street: '12 rue de la République',
      zip_code: '69002',
      city: 'Lyon',
      area: 'Auvergne-Rhône-Alpes',
      country: 'France',
      country_iso: 'FR',
      lang: 'fr',
      contract_type: 'cdi',
      tags: ['vente', 'boulangerie'],
      pay_min: 1800,
      pay_max: 2100,
      pay_currency: 'EUR',
      pay_period: 'month',
      questions: [
        { id: 'q1', question: 'Présentez-vous.', type: 'video' },
        { id: 'q2', question: 'Pourquoi nous ?', type: 'video' },
        { id: 'q3', question: 'Vos disponibilités ?', type: 'video' },
      ],
      // The interview's rules the apply page shows (decision 405): today's defaults for an offer that sets none.
      interview: { think_seconds: null, answer_seconds: 60, retakes: null },
      boosted: false,
    });
    expect(res.headers['cache-control']).toMatch(/public, max-age=30/);
  });

  it('reads job codes case-insensitively', async () => {
    await makeFullOffer('ZX98WV');
    const res = await request(ctx.app).get('/apis/list-offers/zx98wv');
    expect(res.status).toBe(200);
    expect(res.body.job_code).toBe('ZX98WV');
    expect((await request(ctx.app).get('/apis/list-offers/Zx98Wv')).body.job_code).toBe('ZX98WV');
  });

  it('answers 404 offer_not_found for an unknown code, in the caller language', async () => {
    const res = await request(ctx.app).get('/apis/list-offers/NOPE42');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'offer_not_found', message: 'Aucune offre ne correspond.' });
    const en = await request(ctx.app).get('/apis/list-offers/NOPE42?lang=en');
    expect(en.body).toEqual({ error: 'offer_not_found', message: 'No offer matches.' });
  });

  it('answers 404 for an offer that is closed or in any state other than available', async () => {
    await makeFullOffer('CL0SED', 'closed');
    await makeFullOffer('PEND01', 'pending');
    for (const code of ['CL0SED', 'PEND01']) {
      const res = await request(ctx.app).get(`/apis/list-offers/${code}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('offer_not_found');
    }
    await Offer.update({ state: 'available' }, { where: { job_code: 'CL0SED' } });
    expect((await request(ctx.app).get('/apis/list-offers/CL0SED')).status).toBe(200);
  });

  it('answers 404, never 500, for codes that cannot exist', async () => {
    for (const code of ['%27%20OR%201%3D1--', 'A'.repeat(40), 'ab-cd', '%20']) {
      const res = await request(ctx.app).get(`/apis/list-offers/${code}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('offer_not_found');
    }
  });

  it('answers an offer without questions with an empty list', async () => {
    await makeFullOffer('NOQ123', 'available', []);
    const res = await request(ctx.app).get('/apis/list-offers/NOQ123');
    expect(res.status).toBe(200);
    expect(res.body.questions).toEqual([]);
  });

  it('keeps internal fields out of the public view', async () => {
    await makeFullOffer('PRIV01');
    const res = await request(ctx.app).get('/apis/list-offers/PRIV01');
    for (const key of ['id', 'recruiter_id', 'created_by_id', 'state', 'company_hash', 'shop_id', 'is_boosted']) {
      expect(res.body).not.toHaveProperty(key);
    }
  });

  it('exports getPublicOffer for the portal, with the same rules', async () => {
    await makeFullOffer('PORT4L');
    const offer = await getPublicOffer('port4l');
    expect(offer.job_code).toBe('PORT4L');
    expect(offer.questions.map((q) => q.id)).toEqual(['q1', 'q2', 'q3']);
    const err = await getPublicOffer('MISSING').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(404);
    expect((err as AppError).code).toBe('offer_not_found');
  });

  it('shares one query between simultaneous lookups of a code, and keeps nothing afterwards', async () => {
    await makeFullOffer('BURST1');
    const spy = vi.spyOn(ctx.db.sequelize, 'query');
    const offers = await Promise.all([1, 2, 3, 4, 5].map(() => getPublicOffer('burst1')));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(new Set(offers).size).toBe(5);
    offers[0].questions[0].question = 'changed by one caller';
    expect(offers[1].questions[0].question).toBe('Présentez-vous.');
    await Offer.update({ state: 'closed' }, { where: { job_code: 'BURST1' } });
    const before = spy.mock.calls.length;
    await expect(getPublicOffer('BURST1')).rejects.toMatchObject({ status: 404 });
    expect(spy.mock.calls.length).toBe(before + 1);
    spy.mockRestore();
  });
});
