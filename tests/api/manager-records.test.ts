// The manager area's REST calls (back-office.md section 7): home, ?user=me, ?user={sub}, templates,
// shops and subscriptions, each scoped to the caller's company (another company's ids answer 404),
// with the section 5 save rules and nothing half-stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeApplication, makeOffer, makeUser, updateApplication } from '../helpers/fixtures.js';
import { Shop, Subscription, SubscriptionRecruiter, Template, type User } from '../../models/index.js';
import { TEMPLATE_QUESTIONS } from '../../models/resources/templates/resource.js';

let ctx: TestContext;
let manager: User;
let recruiter: User;
let stranger: User;
let other: User;
let as: Record<'manager' | 'other' | 'recruiter' | 'candidate', { Authorization: string }>;
const content = { title: 'Vendeur', company_name: 'Maison', company_description: 'Boulangerie de quartier', description: 'Vente et conseil', candidate_qualification: 'Souriant' };
const address = { street: '12 rue des Archives', zip_code: '75003', city: 'Paris', area: 'Île-de-France', sub_area: 'Paris', country: 'France', country_iso: 'FR', lat: 48.86, lng: 2.36 };

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await makeUser({ profile: 'manager', user_plan: 'bplan', name: 'Claire', av_boost: 3, total_boost: 5, used_boost: 2 });
  recruiter = await makeUser({ profile: 'recruiter', name: 'Rémi' });
  stranger = await makeUser({ profile: 'recruiter', name: 'Autre' });
  other = await makeUser({ profile: 'manager', user_plan: 'aplan' });
  await addToTeam(manager, recruiter);
  as = { manager: await bearer(manager), other: await bearer(other), recruiter: await bearer(recruiter), candidate: await bearer(await makeUser({ profile: 'candidate' })) };
});
afterAll(async () => ctx?.close());

describe('GET /apis/manager', () => {
  it('?user=me tells any account whether it is a manager, with plan, boosters and manager list', async () => {
    const me = await request(ctx.app).get('/apis/manager?user=me').set(as.manager);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ sub: manager.id, user_plan: 'bplan', av_boost: 3, total_boost: 5, used_boost: 2, name: 'Claire', is_manager: true, has_subscriptions: false });
    expect(me.body.managers).toEqual([{ sub: recruiter.id, name: 'Rémi', email: recruiter.email, picture: 'avatar/icon_recruiter.png', profile: 'recruiter' }]);
    const rec = await request(ctx.app).get('/apis/manager?user=me').set(as.recruiter);
    expect(rec.body.user.is_manager).toBe(false);
  });

  it('home: tiles, shops and the candidates to recruit; non-managers read the subscribers message or "manager access not allowed"', async () => {
    const offer = await makeOffer(recruiter, { shopname: 'Marais' });
    const cand = await makeUser({ profile: 'candidate', name: 'Léa' });
    const app = await makeApplication(cand, offer);
    await updateApplication(app, { recruiter_state: 'to_recruit' });
    await makeApplication(await makeUser({ profile: 'candidate' }), offer);
    const home = await request(ctx.app).get('/apis/manager').set(as.manager);
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    expect(home.body.user).toMatchObject({ user_plan: 'bplan', av_boost: 3, actives_candidates_count: 2 });
    expect(home.body.to_recruit_list).toEqual([
      expect.objectContaining({
        Pk: cand.id,
        Sk: offer.job_code,
        Data: recruiter.id,
        candidate: expect.objectContaining({ name: 'Léa' }),
        offer: { title: offer.title, shopname: 'Marais' },
        recruiter: { name: 'Rémi', email: recruiter.email },
      }),
    ]);
    // A recruiter could subscribe: the subscribers' message (issue 23); a candidate cannot.
    for (const [who, message] of [
      ['recruiter', 'Access to the control tower is reserved for subscribers'],
      ['candidate', 'manager access not allowed'],
    ] as const) {
      const res = await request(ctx.app).get('/apis/manager').set(as[who]);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'manager_access_not_allowed', message });
    }
    expect((await request(ctx.app).get('/apis/manager')).status).toBe(401);
  });

  it('home: the to_recruit_list comes page by page, newest first, with a keyset cursor (decision 156)', async () => {
    const offer = await makeOffer(recruiter, { shopname: 'Bastille' });
    const names: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const cand = await makeUser({ profile: 'candidate', name: `Paged ${i}` });
      const app = await makeApplication(cand, offer);
      await updateApplication(app, { recruiter_state: 'to_recruit', submit_date: new Date(Date.now() + i * 60_000) });
      names.unshift(`Paged ${i}`);
    }
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const res: request.Response = await request(ctx.app)
        .get(`/apis/manager?to_recruit_limit=2${next ? `&to_recruit_after=${encodeURIComponent(next)}` : ''}`)
        .set(as.manager);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.to_recruit_list.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.to_recruit_list.map((r: { candidate: { name: string } }) => r.candidate.name));
      next = res.body.to_recruit_next;
      pages++;
    } while (next && pages < 10);
    // The three just made (newest) first, then the earlier one of the test above; nothing twice.
    expect(seen.slice(0, 3)).toEqual(names);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(4);
    for (const [query, code] of [
      ['to_recruit_limit=0', 'invalid_limit'],
      ['to_recruit_limit=201', 'invalid_limit'],
      ['to_recruit_after=nope', 'invalid_cursor'],
    ]) {
      const res = await request(ctx.app).get(`/apis/manager?${query}`).set(as.manager);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe(code);
    }
  });

  it('?user={sub}: the manager and their recruiters; another company 404', async () => {
    expect((await request(ctx.app).get(`/apis/manager?user=${recruiter.id}`).set(as.manager)).body.user).toMatchObject({ sub: recruiter.id, name: 'Rémi' });
    expect((await request(ctx.app).get(`/apis/manager?user=${stranger.id}`).set(as.manager)).status).toBe(404);
    expect((await request(ctx.app).get(`/apis/manager?user=${recruiter.id}`).set(as.other)).status).toBe(404);
  });
});

describe('/apis/user-templates', () => {
  it('creates with the section 3 defaults (three q_template questions), reads, lists and edits; other company 404', async () => {
    const created = await request(ctx.app).post('/apis/user-templates').set(as.manager).send({ type: 'offer', content });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.Item.id;
    expect(created.body.Item.content).toMatchObject({
      ...content,
      contract_type: 'cdi',
      pay_min: 1,
      pay_max: 2,
      pay_currency: 'EUR',
      pay_period: 'month',
      lang: 'fr',
      company_picture: 'avatar/icon_company.png',
      questions: TEMPLATE_QUESTIONS,
    });
    expect(TEMPLATE_QUESTIONS).toHaveLength(3);
    const one = await request(ctx.app).get(`/apis/user-templates/${id}`).set(as.manager);
    expect(one.body).toMatchObject({ id, type: 'offer', content: { title: 'Vendeur' } });
    const list = await request(ctx.app).get('/apis/user-templates?filter-type=offer').set(as.manager);
    expect(list.body.Items.map((t: { id: number }) => t.id)).toContain(id);
    const edited = await request(ctx.app)
      .post(`/apis/user-templates/${id}`)
      .set(as.manager)
      .send({ type: 'offer', content: { title: 'Vendeuse' } });
    expect(edited.body.Item.content).toMatchObject({ title: 'Vendeuse', company_name: 'Maison' });
    expect((await request(ctx.app).get(`/apis/user-templates/${id}`).set(as.other)).status).toBe(404);
    expect(
      (
        await request(ctx.app)
          .post(`/apis/user-templates/${id}`)
          .set(as.other)
          .send({ content: { title: 'Pris' } })
      ).status,
    ).toBe(404);
    expect((await Template.findByPk(id))!.content.title).toBe('Vendeuse');
    expect((await request(ctx.app).get('/apis/user-templates').set(as.other)).body.Items).toEqual([]);
  });

  it('refuses blank required fields ("fill all required fields") and 2 or 6 questions, nothing stored', async () => {
    const before = await Template.count();
    for (const field of Object.keys(content)) {
      const res = await request(ctx.app)
        .post('/apis/user-templates')
        .set(as.manager)
        .send({ type: 'offer', content: { ...content, [field]: '  ' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'required_field', message: 'Merci de remplir tous les champs obligatoires.', details: { field } });
    }
    for (const n of [2, 6]) {
      const questions = Array.from({ length: n }, (_, i) => ({ id: `q${i + 1}`, question: `Question ${i + 1} ?` }));
      expect(
        (
          await request(ctx.app)
            .post('/apis/user-templates')
            .set(as.manager)
            .send({ type: 'offer', content: { ...content, questions } })
        ).status,
      ).toBe(400);
    }
    expect((await request(ctx.app).post('/apis/user-templates').set(as.manager).send({ type: 'shop', content })).body.error).toBe('invalid_template_type');
    expect(await Template.count()).toBe(before);
  });
});

describe('/apis/shops', () => {
  it('creates a shop with its address and one of the manager own recruiters; lists it with the recruiters; edits it', async () => {
    const res = await request(ctx.app)
      .post('/apis/shops')
      .set(as.manager)
      .send({ type: 'shop', content: { shopname: 'Marais', address }, recruiter_id: recruiter.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.Item).toMatchObject({
      type: 'shop',
      content: { shopname: 'Marais', address, recruiter_id: recruiter.id, recruiter: { name: 'Rémi', email: recruiter.email, picture: 'avatar/icon_recruiter.png', profile: 'recruiter' } },
    });
    const id = res.body.Item.id;
    const list = await request(ctx.app).get('/apis/shops').set(as.manager);
    expect(list.body.Items.map((s: { id: number }) => s.id)).toContain(id);
    expect(list.body.recruiters.map((r: { sub: string }) => r.sub).sort()).toEqual([manager.id, recruiter.id].sort());
    const edited = await request(ctx.app)
      .post(`/apis/shops/${id}`)
      .set(as.manager)
      .send({ type: 'shop', content: { shopname: 'Marais 2' }, recruiter_id: manager.id });
    expect(edited.body.Item.content).toMatchObject({ shopname: 'Marais 2', recruiter_id: manager.id });
    expect((await request(ctx.app).get(`/apis/shops/${id}`).set(as.other)).status).toBe(404);
    expect(
      (
        await request(ctx.app)
          .post(`/apis/shops/${id}`)
          .set(as.other)
          .send({ content: { shopname: 'Pris' } })
      ).status,
    ).toBe(404);
    expect((await Shop.findByPk(id))!.shopname).toBe('Marais 2');
  });

  it('refuses a missing name, street, zip code, city or recruiter, and a recruiter outside the team; nothing stored', async () => {
    const before = await Shop.count();
    for (const [field, body] of [
      ['shopname', { content: { address } }],
      ['street', { content: { shopname: 'X', address: { ...address, street: '' } } }],
      ['zip_code', { content: { shopname: 'X', address: { ...address, zip_code: ' ' } } }],
      ['city', { content: { shopname: 'X', address: { ...address, city: undefined } } }],
      ['recruiter_id', { content: { shopname: 'X', address } }],
    ] as const) {
      const res = await request(ctx.app)
        .post('/apis/shops')
        .set(as.manager)
        .send({ ...body, ...(field === 'recruiter_id' ? {} : { recruiter_id: recruiter.id }) });
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ error: 'required_field', message: 'Merci de remplir tous les champs obligatoires.', details: { field } });
    }
    const outside = await request(ctx.app)
      .post('/apis/shops')
      .set(as.manager)
      .send({ content: { shopname: 'X', address }, recruiter_id: stranger.id });
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ error: 'shop_recruiter_not_available', details: { field: 'recruiter_id' } });
    expect(await Shop.count()).toBe(before);
    // The console's write path applies the same rule.
    const consoleWrite = await request(ctx.app)
      .post('/apis/console/shops')
      .set(as.manager)
      .send({ shopname: 'X', ...address, recruiter_id: stranger.id });
    expect(consoleWrite.body.error).toBe('shop_recruiter_not_available');
  });
});

describe('/apis/subscription', () => {
  it('lists and shows the manager own subscriptions with seats used and remaining; another company 404', async () => {
    const sub = await Subscription.create({ sub_id: `sub_${Date.now()}`, user_id: manager.id, plan_id: 'franchise', quantity: 3, state: 'payed', expires_at: new Date('2030-01-01T00:00:00Z') });
    await SubscriptionRecruiter.create({ subscription_id: sub.id, recruiter_id: recruiter.id });
    const list = await request(ctx.app).get('/apis/subscription').set(as.manager);
    expect(list.body.Items).toEqual([
      expect.objectContaining({
        id: sub.id,
        sub_quantity: 3,
        seats_used: 1,
        seats_remaining: 2,
        state: 'payed',
        active: true,
        expires: '2030-01-01T00:00:00.000Z',
        sub_recruiters: [expect.objectContaining({ sub: recruiter.id })],
      }),
    ]);
    expect((await request(ctx.app).get(`/apis/subscription/${sub.id}`).set(as.manager)).body.Item).toMatchObject({ sub_id: sub.sub_id, seats_remaining: 2 });
    expect((await request(ctx.app).get(`/apis/subscription/${sub.id}`).set(as.other)).status).toBe(404);
    expect((await request(ctx.app).get('/apis/subscription').set(as.other)).body.Items).toEqual([]);
    expect((await request(ctx.app).get('/apis/manager?user=me').set(as.manager)).body.user.has_subscriptions).toBe(true);
  });
});
