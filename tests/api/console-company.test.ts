// Templates, shops and subscriptions in the console: staff list, filter, show and edit them
// (subscriptions: show only); a manager reaches only their own company's; the section 5 save rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { makeApplication, makeOffer, makeUser } from '../helpers/fixtures.js';
import { AuditEntry, ManagerRecruiter, Subscription, SubscriptionRecruiter, Template, type User } from '../../models/index.js';
import { TEMPLATE_QUESTIONS } from '../../models/resources/templates/resource.js';

let ctx: TestContext;
let staff: { Authorization: string };
let manager: User;
let other: User;
let recruiter: User;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await bearer(await makeUser({ profile: 'recruiter', is_admin: true }));
  manager = await makeUser({ profile: 'manager', user_plan: 'bplan' });
  other = await makeUser({ profile: 'manager', user_plan: 'aplan' });
  recruiter = await makeUser({ profile: 'recruiter' });
  await ManagerRecruiter.create({ manager_id: manager.id, recruiter_id: recruiter.id });
});
afterAll(async () => ctx?.close());

const as = (auth: { Authorization: string }) => ({
  list: (resource: string, filter: object = {}) =>
    request(ctx.app)
      .get(`/apis/console/${resource}`)
      .query({ filter: JSON.stringify(filter) })
      .set(auth),
  get: (resource: string, id: string | number) => request(ctx.app).get(`/apis/console/${resource}/${id}`).set(auth),
  create: (resource: string, body: object) => request(ctx.app).post(`/apis/console/${resource}`).set(auth).send(body),
  update: (resource: string, id: string | number, body: object) => request(ctx.app).put(`/apis/console/${resource}/${id}`).set(auth).send(body),
  remove: (resource: string, id: string | number) => request(ctx.app).delete(`/apis/console/${resource}/${id}`).set(auth),
});
const template = { title: 'Vendeur', company_name: 'Maison', company_description: 'Boulangerie de quartier', description: 'Vente et conseil', candidate_qualification: 'Souriant' };
const shop = { shopname: 'Marais', street: '1 rue des Archives', zip_code: '75003', city: 'Paris' };

describe('templates', () => {
  it('starts from the section 3 defaults, keeps the content in one JSON column, and staff filter by owner', async () => {
    const res = await as(staff).create('templates', { ...template, owner_id: manager.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      ...template,
      owner_id: manager.id,
      company_picture: 'avatar/icon_company.png',
      candidate_graduation: 'no_care',
      candidate_experience: 'none',
      contract_type: 'cdi',
      pay_min: 1,
      pay_max: 2,
      pay_currency: 'EUR',
      pay_period: 'month',
      lang: 'fr',
      tags: [],
      questions: TEMPLATE_QUESTIONS,
    });
    const stored = await Template.findByPk(res.body.id);
    expect(stored!.type).toBe('offer');
    expect(stored!.content).toMatchObject({ title: 'Vendeur', questions: TEMPLATE_QUESTIONS });
    await as(staff).create('templates', { ...template, title: 'Autre', owner_id: other.id });
    const mine = await as(staff).list('templates', { owner_id: manager.id });
    expect(mine.body.map((t: { title: string }) => t.title)).toEqual(['Vendeur']);
    expect(await AuditEntry.count({ where: { resource: 'templates', record_id: String(res.body.id), action: 'create' } })).toBe(1);
  });

  it('refuses a save whose required text is blank after trimming ("fill all required fields"), nothing stored', async () => {
    const before = await Template.count();
    for (const field of ['title', 'company_name', 'company_picture', 'company_description', 'description', 'candidate_qualification']) {
      const res = await as(staff).create('templates', { ...template, owner_id: manager.id, [field]: '   ' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'required_field', message: 'Merci de remplir tous les champs obligatoires.', details: { field } });
    }
    expect(await Template.count()).toBe(before);
  });

  it('numbers questions q1 to q5 and keeps 3 to 5 of them; an edit merges into the content', async () => {
    const { body } = await as(staff).create('templates', { ...template, owner_id: manager.id });
    const five = ['Un ?', 'Deux ?', 'Trois ?', 'Quatre ?', 'Cinq ?'].map((question) => ({ question }));
    const res = await as(staff).update('templates', body.id, { questions: five, pay_max: 2400, tags: ['vente', 'caisse'] });
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: { id: string }) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    expect(res.body).toMatchObject({ title: 'Vendeur', pay_max: 2400, tags: ['vente', 'caisse'] });
    expect((await as(staff).update('templates', body.id, { questions: [...five, { question: 'Six ?' }] })).status).toBe(400);
  });

  it("gives a manager their own templates only, made in their name; another company's answer 404", async () => {
    const auth = await bearer(manager);
    const made = await as(auth).create('templates', template);
    expect(made.status).toBe(201);
    expect(made.body.owner_id).toBe(manager.id);
    expect((await as(auth).create('templates', { ...template, owner_id: other.id })).status).toBe(403);
    const foreign = await as(staff).create('templates', { ...template, owner_id: other.id });
    const owners = new Set((await as(auth).list('templates')).body.map((t: { owner_id: string }) => t.owner_id));
    expect([...owners]).toEqual([manager.id]);
    expect((await as(auth).get('templates', foreign.body.id)).status).toBe(404);
    expect((await as(auth).update('templates', foreign.body.id, { title: 'Pris' })).status).toBe(404);
    expect((await as(auth).remove('templates', foreign.body.id)).status).toBe(404);
    expect((await as(await bearer(recruiter)).list('templates')).status).toBe(403);
  });
});

describe('shops', () => {
  it('needs a name, an address and a recruiter who has an account; shows the recruiter', async () => {
    const res = await as(staff).create('shops', { ...shop, manager_id: manager.id, recruiter_id: recruiter.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ ...shop, country_iso: 'FR', recruiter_name: recruiter.name, recruiter_email: recruiter.email });
    for (const field of ['shopname', 'street', 'zip_code', 'city', 'recruiter_id']) {
      const { [field]: _drop, ...rest } = { ...shop, manager_id: manager.id, recruiter_id: recruiter.id } as Record<string, unknown>;
      const bad = await as(staff).create('shops', rest);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'required_field', details: { field } });
    }
    const ghost = await as(staff).create('shops', { ...shop, manager_id: manager.id, recruiter_id: '00000000-0000-4000-8000-000000000000' });
    expect(ghost.body).toMatchObject({ error: 'invalid_field', details: { field: 'recruiter_id' } });
  });

  it('searches by name or city and filters by manager; a manager sees and edits only their shops', async () => {
    const mine = await as(staff).create('shops', { ...shop, shopname: 'Montmartre', manager_id: manager.id, recruiter_id: recruiter.id });
    const theirs = await as(staff).create('shops', { ...shop, shopname: 'Bellecour', city: 'Lyon', zip_code: '69002', manager_id: other.id, recruiter_id: other.id });
    expect((await as(staff).list('shops', { q: 'Bellec' })).body.map((s: { id: number }) => s.id)).toEqual([theirs.body.id]);
    expect((await as(staff).list('shops', { q: 'lyon' })).body.map((s: { id: number }) => s.id)).toEqual([theirs.body.id]);
    const auth = await bearer(manager);
    const ids = (await as(auth).list('shops')).body.map((s: { manager_id: string }) => s.manager_id);
    expect(new Set(ids)).toEqual(new Set([manager.id]));
    expect((await as(auth).update('shops', mine.body.id, { shopname: 'Montmartre 2' })).body.shopname).toBe('Montmartre 2');
    expect((await as(auth).update('shops', theirs.body.id, { shopname: 'Pris' })).status).toBe(404);
  });
});

describe('subscriptions', () => {
  it('lists and shows seats used and remaining, read-only for everyone; a manager sees their own', async () => {
    const sub = await Subscription.create({ sub_id: 'sub_demo_1', user_id: manager.id, plan_id: 'franchise', quantity: 3, state: 'payed', expires_at: new Date(Date.now() + 86400_000) });
    await Subscription.create({ sub_id: 'sub_other_1', user_id: other.id, plan_id: 'franchise', quantity: 1, state: 'pending' });
    await SubscriptionRecruiter.create({ subscription_id: sub.id, recruiter_id: recruiter.id });
    const shown = await as(staff).get('subscriptions', sub.id);
    expect(shown.body).toMatchObject({ sub_id: 'sub_demo_1', quantity: 3, seats_used: 1, seats_remaining: 2, state: 'payed', active: true });
    expect((await as(staff).list('subscriptions', { state: 'pending' })).body.map((s: { sub_id: string }) => s.sub_id)).toEqual(['sub_other_1']);
    expect((await as(staff).update('subscriptions', sub.id, { quantity: 9 })).status).toBe(403);
    expect((await as(staff).create('subscriptions', { sub_id: 'x' })).status).toBe(403);
    expect((await as(staff).remove('subscriptions', sub.id)).status).toBe(403);
    const auth = await bearer(manager);
    expect((await as(auth).list('subscriptions')).body.map((s: { sub_id: string }) => s.sub_id)).toEqual(['sub_demo_1']);
  });
});

describe('actions are scoped like reads', () => {
  it('refuses an action to a role it is not declared for (403) and on a row that does not exist (404)', async () => {
    const offer = await makeOffer(recruiter.id);
    const cand = await makeUser({ profile: 'candidate' });
    const app = await makeApplication(cand, offer, { answered: ['q1', 'q2'] });
    expect(
      (
        await request(ctx.app)
          .post(`/apis/console/applications/${app.id}/reset`)
          .set(await bearer(recruiter))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(ctx.app)
          .post(`/apis/console/applications/${app.id}/reset`)
          .set(await bearer(cand))
      ).status,
    ).toBe(403);
    expect((await request(ctx.app).post('/apis/console/applications/999999/reset').set(staff)).status).toBe(404);
    expect((await request(ctx.app).post(`/apis/console/applications/${app.id}/unknown`).set(staff)).status).toBe(404);
    expect((await request(ctx.app).post(`/apis/console/applications/${app.id}/reset`).set(staff)).status).toBe(200);
  });
});
