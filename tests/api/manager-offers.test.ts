// The manager's offers (back-office.md sections 4, 5 and 7): bulk creation from a template and a
// shop with an optional preferred job code, the custom plan's active-offer limit (decision 112),
// the row menu (active toggle, shop name) and boosts decremented atomically.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeOffer, makeShop, makeUser } from '../helpers/fixtures.js';
import { Offer, OfferQuestion, PlanLimit, Template, User, type Shop } from '../../models/index.js';
import { TEMPLATE_QUESTIONS } from '../../models/resources/templates/resource.js';

let ctx: TestContext;
let manager: User;
let recruiter: User;
let other: User;
let template: Template;
let shop: Shop;
let otherShop: Shop;
let as: Record<'manager' | 'other' | 'recruiter', { Authorization: string }>;
const content = {
  title: 'Vendeur H/F',
  company_name: 'Maison',
  company_description: 'Boulangerie',
  description: 'Vente et conseil',
  candidate_qualification: 'Souriant',
  questions: TEMPLATE_QUESTIONS,
};
const create = (auth: { Authorization: string }, body: object) => request(ctx.app).post('/apis/offer').set(auth).send(body);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await makeUser({ profile: 'manager', user_plan: 'bplan' });
  recruiter = await makeUser({ profile: 'recruiter' });
  other = await makeUser({ profile: 'manager', user_plan: 'aplan' });
  await addToTeam(manager, recruiter);
  template = await Template.create({ owner_id: manager.id, type: 'offer', content });
  shop = await makeShop(manager, { shopname: 'Marais', recruiter_id: recruiter.id, street: '1 rue des Archives', city: 'Paris', zip_code: '75003' });
  otherShop = await makeShop(other, { shopname: 'Bellecour', recruiter_id: other.id });
  as = { manager: await bearer(manager), other: await bearer(other), recruiter: await bearer(recruiter) };
});
afterAll(async () => ctx?.close());

describe('POST /apis/offer (bulk creation, one offer per call)', () => {
  it('creates an available offer from a template and a shop, with its questions, and returns Item.job_code', async () => {
    const res = await create(as.manager, { template_id: template.id, shop_id: shop.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.Item.job_code).toMatch(/^[0-9A-HJ-NP-TV-Z]{6}$/);
    const offer = await Offer.findOne({ where: { job_code: res.body.Item.job_code } });
    expect(offer).toMatchObject({
      title: 'Vendeur H/F',
      shop_id: shop.id,
      shopname: 'Marais',
      recruiter_id: recruiter.id,
      created_by_id: manager.id,
      city: 'Paris',
      zip_code: '75003',
      state: 'available',
    });
    expect(await OfferQuestion.count({ where: { offer_id: offer!.id } })).toBe(3);
    expect((await User.findByPk(manager.id))!.offers_count).toBeGreaterThan(0);
  });

  it('accepts the spec payload: template content merged with address, shopname, recruiter_id', async () => {
    const res = await create(as.manager, { ...content, address: { street: '2 place Bellecour', city: 'Lyon', zip_code: '69002' }, shopname: 'Lyon', recruiter_id: manager.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await Offer.findOne({ where: { job_code: res.body.Item.job_code } })).toMatchObject({ shopname: 'Lyon', recruiter_id: manager.id, city: 'Lyon' });
  });

  it('uses a preferred job code (uppercased); refuses short, foreign-alphabet and taken codes with the spec alerts', async () => {
    const ok = await create(as.manager, { template_id: template.id, shop_id: shop.id, prefJobCode: 'marne75' });
    expect(ok.body.Item.job_code).toBe('MARNE75');
    const before = await Offer.count();
    const short = await create(as.manager, { template_id: template.id, shop_id: shop.id, prefJobCode: 'ab12' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: 'job_code_too_short', message: 'job codes must have at least 5 characters' });
    for (const [code, char] of [
      ['PARIS', 'I'],
      ['LOUVRE', 'O'],
      ['CAFE-1', '-'],
      ['JUST1', 'U'],
    ]) {
      const bad = await create(as.manager, { template_id: template.id, shop_id: shop.id, prefJobCode: code });
      expect(bad.status, code).toBe(400);
      expect(bad.body).toMatchObject({ error: 'job_code_not_allowed', message: `Not allowed: ${char} , allowed characters are: 0123456789ABCDEFGHJKLMNPQRSTVWXYZ` });
    }
    const taken = await create(as.manager, { template_id: template.id, shop_id: shop.id, prefJobCode: 'MARNE75' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('job_code_taken');
    expect(await Offer.count()).toBe(before);
  });

  it('needs a template and a shop ("Please select a template and store(s)"); another company\'s are 404; recruiters 403', async () => {
    const before = await Offer.count();
    for (const body of [{}, { shop_id: shop.id }, { template_id: template.id }]) {
      const res = await create(as.manager, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'select_template_and_shops', message: 'Please select a template and store(s)' });
    }
    expect((await create(as.manager, { template_id: template.id, shop_id: otherShop.id })).status).toBe(404);
    expect((await create(as.other, { template_id: template.id, shop_id: otherShop.id })).status).toBe(404);
    expect((await create(as.recruiter, { template_id: template.id, shop_id: shop.id })).status).toBe(403);
    // A recruiter outside the team is refused.
    const outsider = await create(as.manager, { ...content, address: { street: '1 rue', city: 'Lille', zip_code: '59000' }, recruiter_id: other.id });
    expect(outsider.body.error).toBe('shop_recruiter_not_available');
    expect(await Offer.count()).toBe(before);
  });

  it('creates 20 offers at once, each with its own code', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => create(as.manager, { template_id: template.id, shop_id: shop.id })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.body.Item.job_code)).size).toBe(20);
  });
});

describe('the custom plan limit (decision 112)', () => {
  it('refuses a creation or an activation beyond the limit, counting offers at once', async () => {
    const custom = await makeUser({ profile: 'manager', user_plan: 'custom' });
    await PlanLimit.create({ user_id: custom.id, actives_offers: 3 });
    const auth = await bearer(custom);
    const t = await Template.create({ owner_id: custom.id, type: 'offer', content });
    const s = await makeShop(custom, { recruiter_id: custom.id, street: '3 rue Nationale' });
    const results = await Promise.all(Array.from({ length: 5 }, () => create(auth, { template_id: t.id, shop_id: s.id })));
    expect(results.map((r) => r.status).sort(), JSON.stringify(results[0].body)).toEqual([201, 201, 201, 409, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ error: 'active_offers_limit', message: 'Limite d’annonces actives atteinte : votre forfait en permet 3.' });
    expect(await Offer.count({ where: { recruiter_id: custom.id, state: 'available' } })).toBe(3);
    // Closing one frees a place; opening it again beyond the limit is refused.
    const code = results.find((r) => r.status === 201)!.body.Item.job_code;
    expect((await request(ctx.app).post(`/apis/offer/${code}`).set(auth).send({ active: false })).body.Item).toMatchObject({ state: 'closed', active: false });
    expect((await create(auth, { template_id: t.id, shop_id: s.id })).status).toBe(201);
    const reopen = await request(ctx.app).post(`/apis/offer/${code}`).set(auth).send({ active: true });
    expect(reopen.status).toBe(409);
    expect(reopen.body.error).toBe('active_offers_limit');
  });
});

describe('POST /apis/offer/{job_code}', () => {
  it('toggles active and renames the shop; bad input 400; another company 404', async () => {
    const offer = await makeOffer(recruiter, { shopname: 'Marais' });
    const off = await request(ctx.app).post(`/apis/offer/${offer.job_code}`).set(as.manager).send({ recruiter_id: recruiter.id, active: false });
    expect(off.body.Item).toMatchObject({ state: 'closed', active: false });
    const renamed = await request(ctx.app).post(`/apis/offer/${offer.job_code}`).set(as.recruiter).send({ recruiter_id: recruiter.id, shopname: 'Marais Nord' });
    expect(renamed.body.Item).toMatchObject({ shopname: 'Marais Nord', state: 'closed' });
    expect((await request(ctx.app).post(`/apis/offer/${offer.job_code}`).set(as.manager).send({})).body.error).toBe('offer_update_empty');
    expect((await request(ctx.app).post(`/apis/offer/${offer.job_code}`).set(as.manager).send({ shopname: '  ' })).body).toMatchObject({ error: 'required_field' });
    expect((await request(ctx.app).post(`/apis/offer/${offer.job_code}`).set(as.manager).send({ active: 'yes' })).status).toBe(400);
    expect((await request(ctx.app).post(`/apis/offer/${offer.job_code}`).set(as.other).send({ active: true })).status).toBe(404);
    expect((await Offer.findByPk(offer.id))!).toMatchObject({ state: 'closed', shopname: 'Marais Nord' });
  });
});

describe('POST /apis/boost-offer', () => {
  it('spends one booster per offer; "offer already boosted" and "no boosters available" as the spec says', async () => {
    await User.update({ av_boost: 1, used_boost: 0 }, { where: { id: manager.id } });
    const a = await makeOffer(recruiter);
    const b = await makeOffer(recruiter);
    const first = await request(ctx.app).post('/apis/boost-offer').set(as.manager).send({ job_code: a.job_code });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ error: false, Item: { job_code: a.job_code, is_boosted: true }, av_boost: 0, used_boost: 1 });
    const again = await request(ctx.app).post('/apis/boost-offer').set(as.manager).send({ job_code: a.job_code });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'offer_already_boosted', message: 'Cette offre est déjà boostée.', details: { code: 'offer_already_boosted' } });
    const none = await request(ctx.app).post('/apis/boost-offer').set(as.manager).send({ job_code: b.job_code });
    expect(none.body).toMatchObject({ error: 'no_boosters_available', message: 'Aucun booster disponible.' });
    expect((await Offer.findByPk(b.id))!.is_boosted).toBe(false);
    expect((await request(ctx.app).post('/apis/boost-offer').set(as.other).send({ job_code: b.job_code })).body.error).toBe('offer_not_found');
    const closed = await makeOffer(recruiter, { state: 'closed' });
    await User.update({ av_boost: 1 }, { where: { id: manager.id } });
    expect((await request(ctx.app).post('/apis/boost-offer').set(as.manager).send({ job_code: closed.job_code })).body.error).toBe('offer_not_available');
  });

  it('20 simultaneous boosts of different offers with 3 boosters left: exactly 3 succeed', async () => {
    await User.update({ av_boost: 3, used_boost: 0 }, { where: { id: manager.id } });
    const offers = await Promise.all(Array.from({ length: 20 }, () => makeOffer(recruiter)));
    const results = await Promise.all(offers.map((o) => request(ctx.app).post('/apis/boost-offer').set(as.manager).send({ job_code: o.job_code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error === 'no_boosters_available')).toBe(true);
    expect(results.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);
    expect(await Offer.count({ where: { id: offers.map((o) => o.id), is_boosted: true } })).toBe(3);
    expect((await User.findByPk(manager.id))!).toMatchObject({ av_boost: 0, used_boost: 3 });
  });

  it('the same offer boosted twice at once: one success, one booster spent', async () => {
    await User.update({ av_boost: 5, used_boost: 0 }, { where: { id: manager.id } });
    const offer = await makeOffer(recruiter);
    const results = await Promise.all([1, 2].map(() => request(ctx.app).post('/apis/boost-offer').set(as.manager).send({ job_code: offer.job_code })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe('offer_already_boosted');
    expect((await User.findByPk(manager.id))!).toMatchObject({ av_boost: 4, used_boost: 1 });
  });
});
