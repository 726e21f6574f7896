// GET /apis/landing-config/{customer} (public-web.md sections 3, 7; back-office.md section 3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { makeLanding, makeOffer, makeShop, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { LANDING_DEFAULTS } from '../../models/index.js';
import { getLandingConfig } from '../../api/services/offers/landing.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('landing config', () => {
  it('answers the landing settings and the available offers of its company, by shop then title', async () => {
    const manager = await makeUser({ profile: 'manager', user_plan: 'bplan' });
    const recruiter = await makeUser({ profile: 'recruiter' });
    await makeLanding({
      identifier: 'fournil',
      name: 'Le Fournil',
      company_hash: 'Le Fournil',
      bg_color: '#aa3300',
      select_label: 'Boutique',
      select_description: 'Choisissez une boutique',
      selectlist_label: 'Poste',
      informations_description: 'Vos coordonnées',
      logo_src: 'picture/0a1b2c3d.png',
      logo_width: 240,
      logo_height: 80,
    });
    const shop = await makeShop(manager, { shopname: 'Arras Gare', city: 'Arras', zip_code: '62000', recruiter_id: recruiter.id });
    const a = await makeOffer(recruiter, { company_hash: 'Le Fournil', shopname: 'Lille Centre', title: 'Vendeur' });
    const b = await makeOffer(recruiter, { company_hash: 'Le Fournil', shopname: null, shop_id: shop.id, title: 'Boulanger' });
    const c = await makeOffer(recruiter, { company_hash: 'Le Fournil', shopname: 'Lille Centre', title: 'Apprenti' });
    await makeOffer(recruiter, { company_hash: 'Le Fournil', shopname: 'Lille Centre', title: 'Fermé', state: 'closed' });
    await makeOffer(recruiter, { company_hash: 'Autre Enseigne', shopname: 'Lille Centre', title: 'Ailleurs' });

    const res = await request(ctx.app).get('/apis/landing-config/fournil');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      config: {
        identifier: 'fournil',
        name: 'Le Fournil',
        offers: [
          { shopcode: 'Arras Gare', job_code: b.job_code, title: 'Boulanger', is_boosted: false },
          { shopcode: 'Lille Centre', job_code: c.job_code, title: 'Apprenti', is_boosted: false },
          { shopcode: 'Lille Centre', job_code: a.job_code, title: 'Vendeur', is_boosted: false },
        ],
        select_label: 'Boutique',
        select_description: 'Choisissez une boutique',
        selectlist_label: 'Poste',
        informations_description: 'Vos coordonnées',
        bg_color: '#aa3300',
        logo: { src: 'picture/0a1b2c3d.png', width: 240, height: 80 },
      },
    });
  });

  it('fills the spec defaults for a landing saved with only its identifier and name', async () => {
    const landing = await makeLanding({ identifier: 'defaults-only' });
    const res = await request(ctx.app).get('/apis/landing-config/Defaults-Only');
    expect(res.status).toBe(200);
    expect(res.body.config).toEqual({
      identifier: 'defaults-only',
      name: landing.name,
      offers: [],
      select_label: 'Magasin',
      selectlist_label: 'Annonce',
      bg_color: '#000000',
      select_description: LANDING_DEFAULTS.select_description,
      informations_description: LANDING_DEFAULTS.informations_description,
      logo: { src: null, width: 300, height: 120 },
    });
  });

  it('is the same object the portal reads through getLandingConfig', async () => {
    const res = await request(ctx.app).get('/apis/landing-config/defaults-only');
    expect(await getLandingConfig('defaults-only')).toEqual(res.body.config);
  });

  it.each(['nobody', 'a'.repeat(65), 'semi;colon', '%20'])('answers 404 landing_not_found for %j', async (id) => {
    const res = await request(ctx.app).get(`/apis/landing-config/${encodeURIComponent(id)}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'landing_not_found', message: 'Cette page n’existe pas.' });
  });

  it('translates the not-found message', async () => {
    const res = await request(ctx.app).get('/apis/landing-config/nobody?lang=nl');
    expect(res.body.message).toBe('Deze pagina bestaat niet.');
  });
});
