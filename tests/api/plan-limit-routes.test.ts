// The custom plan's active-offer limit on every path (issue 23, "Plan limits on every path";
// decision 250): the app's own route table is walked, and every route that could write (every
// method but GET, HEAD, OPTIONS and DELETE: a deletion never makes an offer available; the console's
// routes once per declared resource and action) is called by the accounts of a company at its
// limit (the custom-plan manager, their recruiter, and staff), with a body asking for an offer to be
// created or made available (active, state available, a template and a shop, a whole offer form)
// and its parameters pointing at a closed offer of theirs or a fresh draft. After every call the
// company still has no more available offers than its plan allows, and the routes known to make
// offers available are seen refusing with 409 active_offers_limit (so the walk reaches them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { Op } from 'sequelize';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { listRoutes } from '../helpers/routes.js';
import { addToTeam, makeDraft, makeOffer, makeShop, makeUser, offerForm } from '../helpers/fixtures.js';
import { Offer, PlanLimit, Template, User, type Shop } from '../../models/index.js';
import { RESOURCES } from '../../models/resources/index.js';
import { TEMPLATE_QUESTIONS } from '../../models/resources/templates/resource.js';

const LIMIT = 2;
let ctx: TestContext;
let manager: User;
let recruiter: User;
let admin: User;
let closed: Offer;
let template: Template;
let shop: Shop;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await makeUser({ profile: 'manager', user_plan: 'custom' });
  recruiter = await makeUser({ profile: 'recruiter' });
  admin = await makeUser({ profile: 'recruiter', is_admin: true });
  await addToTeam(manager, recruiter);
  await PlanLimit.create({ user_id: manager.id, actives_offers: LIMIT });
  for (let i = 0; i < LIMIT; i++) await makeOffer(recruiter);
  closed = await makeOffer(recruiter, { state: 'closed' });
  template = await Template.create({
    owner_id: manager.id,
    type: 'offer',
    content: { title: 'Vendeur H/F', company_name: 'Maison', company_description: 'Boulangerie', description: 'Vente et conseil', candidate_qualification: 'Souriant', questions: TEMPLATE_QUESTIONS },
  });
  shop = await makeShop(manager, { shopname: 'Marais', recruiter_id: recruiter.id, street: '1 rue des Archives', city: 'Paris', zip_code: '75003' });
}, 60_000);
afterAll(async () => ctx?.close());

/** The company's available offers (the manager's reach: theirs and their recruiter's). */
const available = () => Offer.count({ where: { recruiter_id: { [Op.in]: [manager.id, recruiter.id] }, state: 'available' } });

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/** What every call asks for: an offer created or made available, whatever the route reads. */
function activationBody(): Record<string, unknown> {
  return {
    ...offerForm(),
    state: 'available',
    active: true,
    job_code: closed.job_code,
    template_id: template.id,
    shop_id: shop.id,
    recruiter_id: recruiter.id,
    shopname: 'Marais',
    address: { street: '2 rue des Archives', city: 'Paris', zip_code: '75003' },
  };
}

/** A route's concrete addresses: its parameters on the closed offer, a fresh draft, each console resource and action. */
async function addressesOf(path: string): Promise<string[]> {
  const fill = async (p: string) => {
    let out = p.replace(':job_code', closed.job_code).replace(':id', String(closed.id)).replace(':recruiterId', recruiter.id);
    if (out.includes(':edition_token')) out = out.replace(':edition_token', (await makeDraft(recruiter)).edition_token);
    return out.replace(/:(\w+)/g, '1');
  };
  if (!path.includes(':resource')) return [await fill(path)];
  const out: string[] = [];
  for (const decl of RESOURCES) {
    const base = path.replace(':resource', decl.name);
    if (base.endsWith('/:action')) {
      for (const a of decl.actions ?? []) out.push(await fill(base.replace(':action', a.name)));
    } else out.push(await fill(base));
  }
  return out;
}

describe("the custom plan's active-offer limit, on every route of the table", () => {
  it('no route makes an offer available beyond the limit, and the routes that open offers refuse with 409 active_offers_limit', async () => {
    const routes = listRoutes(ctx.app).filter((r) => WRITES.has(r.method));
    expect(routes.length).toBeGreaterThan(30);
    const callers = { manager, recruiter, admin };
    const refused = new Set<string>();
    const broke: string[] = [];
    let calls = 0;
    expect(await available()).toBe(LIMIT);
    for (const route of routes) {
      for (const url of await addressesOf(route.path)) {
        for (const [name, user] of Object.entries(callers)) {
          const agent = request(ctx.app);
          const verb = route.method.toLowerCase() as 'post' | 'put' | 'patch';
          const res = await agent[verb](url)
            .set(await bearer(user))
            .send(activationBody());
          calls++;
          const key = `${route.method} ${url.replace(closed.job_code, ':job_code').replace(/\/draft-offer\/[0-9a-f]+/, '/draft-offer/:edition_token')}`;
          if (res.body?.error === 'active_offers_limit') refused.add(key);
          const n = await available();
          if (n > LIMIT) {
            broke.push(`${key} as ${name}: ${res.status} → ${n} available offers`);
            // Back to the limit, so that the next routes are tried on the same ground.
            await Offer.update({ state: 'closed' }, { where: { id: closed.id }, hooks: false });
            await Offer.update({ state: 'closed' }, { where: { recruiter_id: [manager.id, recruiter.id], state: 'available', id: { [Op.ne]: closed.id } }, hooks: false });
            const keep = await Offer.findAll({ where: { recruiter_id: [manager.id, recruiter.id], id: { [Op.ne]: closed.id } }, limit: LIMIT, order: [['id', 'ASC']] });
            await Offer.update({ state: 'available' }, { where: { id: keep.map((o) => o.id) }, hooks: false });
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
    expect(broke, broke.join('\n')).toEqual([]);
    // The walk reached every path known to open an offer (and each refused).
    expect([...refused].sort()).toEqual(
      expect.arrayContaining([
        'POST /apis/offer',
        'POST /apis/offer/:job_code',
        'POST /apis/draft-offer/:edition_token',
        `PUT /apis/console/offers/${closed.id}`,
        `PUT /apis/console/manager-offers/${closed.id}`,
      ]),
    );
    expect((await closed.reload()).state).toBe('closed');
    expect(await available()).toBe(LIMIT);
  }, 300_000);
});

describe('the limit on the Offer model (every writer, once)', () => {
  it('simultaneous console activations: as many succeed as the plan has room for; closing frees a place', async () => {
    const boss = await makeUser({ profile: 'manager', user_plan: 'custom' });
    await PlanLimit.create({ user_id: boss.id, actives_offers: 2 });
    const offers = await Promise.all(Array.from({ length: 4 }, () => makeOffer(boss, { state: 'closed' })));
    const auth = await bearer(boss);
    const put = (o: Offer, state: string) => request(ctx.app).put(`/apis/console/offers/${o.id}`).set(auth).send({ state, title: o.title, company_name: o.company_name, description: o.description });
    const results = await Promise.all(offers.map((o) => put(o, 'available')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ error: 'active_offers_limit', message: 'Limite d’annonces actives atteinte : votre forfait en permet 2.' });
    expect(await Offer.count({ where: { recruiter_id: boss.id, state: 'available' } })).toBe(2);
    // An edit of an available offer that keeps it available is not counted again.
    const open = offers[results.findIndex((r) => r.status === 200)];
    expect((await put(open, 'available')).status).toBe(200);
    expect((await put(open, 'closed')).status).toBe(200);
    const waiting = offers[results.findIndex((r) => r.status === 409)];
    expect((await put(waiting, 'available')).status).toBe(200);
    expect((await User.findByPk(boss.id))!.actives_offers_count).toBe(2);
  });

  it('a batch insert is counted whole; a bulk state update goes through the same check', async () => {
    const boss = await makeUser({ profile: 'manager', user_plan: 'custom' });
    await PlanLimit.create({ user_id: boss.id, actives_offers: 3 });
    await makeOffer(boss);
    const row = (await makeOffer(boss, { state: 'closed' })).get({ plain: true }) as Record<string, unknown>;
    const copy = (n: number) => Array.from({ length: n }, (_, i) => ({ ...row, id: undefined, job_code: `BATCH${i}${String(Date.now()).slice(-6)}`, state: 'available' }));
    await expect(Offer.bulkCreate(copy(3) as never)).rejects.toMatchObject({ code: 'active_offers_limit' });
    expect(await Offer.count({ where: { recruiter_id: boss.id, state: 'available' } })).toBe(1);
    await Offer.bulkCreate(copy(2) as never);
    expect(await Offer.count({ where: { recruiter_id: boss.id, state: 'available' } })).toBe(3);
    await expect(Offer.update({ state: 'available' }, { where: { recruiter_id: boss.id, state: 'closed' } })).rejects.toMatchObject({ code: 'active_offers_limit' });
    expect(await Offer.count({ where: { recruiter_id: boss.id, state: 'available' } })).toBe(3);
  });
});
