// A landing page belongs to one company: only that company's offers appear on it and only they
// take its leads, whatever company name a publisher types (docs/decisions/076-landing-ownership.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { offerForm } from '../helpers/fixtures.js';
import { seedDemo, DEMO_IDS, DEMO_LANDING } from '../../seeders/demo.js';
import { LandingInterest, Offer } from '../../models/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo({ storage: ctx.deps.storage, now: new Date() });
});
afterAll(async () => ctx?.close());

/** The fixtures' complete offer form, typed with another company's name and placed in Lyon. */
function offerBody(company_name: string): Record<string, unknown> {
  const lyon = { lat: 45.76, lng: 4.83, street: '2 place Bellecour', city: 'Lyon', zip_code: '69002', area: 'Auvergne-Rhône-Alpes', sub_area: 'Rhône', country: 'France', country_iso: 'FR' };
  return { ...offerForm(), company_name, location: lyon };
}

async function publishAs(userId: string, company: string): Promise<string> {
  const draft = await request(ctx.app)
    .post('/apis/draft-offer')
    .set(await bearer({ id: userId }));
  expect(draft.status).toBe(201);
  const res = await request(ctx.app).post(`/apis/draft-offer/${draft.body.edition_token}`).send(offerBody(company));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Item.job_code as string;
}

const landingCodes = async (identifier: string): Promise<string[]> => {
  const res = await request(ctx.app).get(`/apis/landing-config/${identifier}`);
  expect(res.status).toBe(200);
  return (res.body.config.offers as { job_code: string }[]).map((o) => o.job_code);
};

const lead = (job_code: string, email: string) =>
  request(ctx.app)
    .post('/apis/submit-interest')
    .send({
      job_code,
      email,
      phone_number: '+33 6 12 34 56 78',
      firstname: 'Léa',
      lastname: 'Dupont',
      accept_cgu: true,
      use_cv: false,
      cgu_from: `landing/${DEMO_LANDING}`,
    });

describe('landing ownership', () => {
  it("keeps manager.lyon's offer typed 'Maison Demo' off /landing/maison-demo and refuses its lead there", async () => {
    const code = await publishAs(DEMO_IDS.managerLyon, 'Maison Demo');
    const offer = await Offer.findOne({ where: { job_code: code } });
    expect(offer!.company_name).toBe('Maison Demo');
    expect(offer!.company_hash).toBe('Fournil Rhône');
    expect(await landingCodes(DEMO_LANDING)).not.toContain(code);
    expect(await landingCodes('fournil-rhone')).toContain(code);

    const before = await LandingInterest.count();
    const res = await lead(code, 'intrus@example.fr');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'offer_not_in_landing' });
    expect(await LandingInterest.count()).toBe(before);
  });

  it("puts the offers of Maison Demo's manager and recruiters on its landing, whatever name they type", async () => {
    const byManager = await publishAs(DEMO_IDS.manager, 'Un autre nom');
    const byRecruiter = await publishAs(DEMO_IDS.recruiter, 'Maison Demo Paris');
    const codes = await landingCodes(DEMO_LANDING);
    expect(codes).toContain(byManager);
    expect(codes).toContain(byRecruiter);
    expect((await lead(byRecruiter, 'candidate.ok@example.fr')).status).toBe(201);
  });
});
