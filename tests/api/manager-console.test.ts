// The manager area's console resources (models/resources/manager-offers, offer-applications): the
// offers table sorted on every column (to-do first by default) with search and the candidate counts,
// the row menu and boost through the same services, one offer's candidates by tab, each scoped to
// the caller's company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeApplication, makeOffer, makeUser, updateApplication } from '../helpers/fixtures.js';
import { Offer, User, type RecruiterState } from '../../models/index.js';

let ctx: TestContext;
let as: Record<'manager' | 'other' | 'recruiter', { Authorization: string }>;
let offers: Offer[];
let manager: User;

const list = (auth: { Authorization: string }, resource: string, params: Record<string, unknown> = {}) =>
  request(ctx.app)
    .get(`/apis/console/${resource}`)
    .query(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))
    .set(auth);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await makeUser({ profile: 'manager', user_plan: 'bplan', av_boost: 1 });
  const recruiter = await makeUser({ profile: 'recruiter', name: 'Bruno' });
  const other = await makeUser({ profile: 'manager', user_plan: 'aplan' });
  await addToTeam(manager, recruiter);
  offers = [
    await makeOffer(recruiter, { title: 'Barista', shopname: 'Marais', city: 'Paris' }),
    await makeOffer(manager, { title: 'Caissier', shopname: 'Bastille', city: 'Paris' }),
    await makeOffer(recruiter, { title: 'Apprenti boulanger', shopname: 'Lyon Part-Dieu', city: 'Lyon' }),
  ];
  await makeOffer(other, { title: 'Barista Lyon', shopname: 'Bellecour' });
  // to-do (new + view): Barista 3, Caissier 1, Apprenti 0; shortlist: Apprenti 2.
  const states: Array<[number, RecruiterState]> = [
    [0, 'new'],
    [0, 'view'],
    [0, 'view'],
    [1, 'new'],
    [2, 'shortlist'],
    [2, 'shortlist'],
    [2, 'to_recruit'],
  ];
  for (const [i, state] of states) {
    const app = await makeApplication(await makeUser({ profile: 'candidate' }), offers[i]);
    await updateApplication(app, { recruiter_state: state });
  }
  as = { manager: await bearer(manager), other: await bearer(other), recruiter: await bearer(recruiter) };
});
afterAll(async () => ctx?.close());

const titles = (res: request.Response) => res.body.map((o: { title: string }) => o.title);

describe('manager-offers', () => {
  it('sorts by to-do by default, and by every declared column both ways, with the counts', async () => {
    const byDefault = await list(as.manager, 'manager-offers');
    expect(byDefault.status, JSON.stringify(byDefault.body)).toBe(200);
    expect(titles(byDefault)).toEqual(['Barista', 'Caissier', 'Apprenti boulanger']);
    expect(byDefault.headers['content-range']).toBe('manager-offers 0-2/3');
    expect(byDefault.body[0]).toMatchObject({
      todo: 3,
      new_candidates: 1,
      view_candidates: 2,
      total_candidates: 3,
      recruiter_name: 'Bruno',
      details: { new_candidates: 1, view_candidates: 2, total_candidates: 3 },
    });
    expect(byDefault.body[2]).toMatchObject({ shortlist: 2, to_recruit: 1, todo: 0 });
    expect(titles(await list(as.manager, 'manager-offers', { sort: ['title', 'ASC'] }))).toEqual(['Apprenti boulanger', 'Barista', 'Caissier']);
    expect(titles(await list(as.manager, 'manager-offers', { sort: ['shopname', 'DESC'] }))).toEqual(['Barista', 'Apprenti boulanger', 'Caissier']);
    expect(titles(await list(as.manager, 'manager-offers', { sort: ['shortlist', 'DESC'] }))[0]).toBe('Apprenti boulanger');
    expect(titles(await list(as.manager, 'manager-offers', { sort: ['todo', 'ASC'] }))).toEqual(['Apprenti boulanger', 'Caissier', 'Barista']);
    for (const key of ['job_code', 'recruiter_name', 'created_at', 'to_recruit', 'state']) {
      expect((await list(as.manager, 'manager-offers', { sort: [key, 'ASC'] })).body).toHaveLength(3);
    }
    // Pages follow each other.
    expect(titles(await list(as.manager, 'manager-offers', { range: [1, 2] }))).toEqual(['Caissier', 'Apprenti boulanger']);
  });

  it('searches title, shop, city and job code prefixes; scoped per company and recruiter', async () => {
    expect(titles(await list(as.manager, 'manager-offers', { filter: { q: 'bar' } }))).toEqual(['Barista']);
    expect(titles(await list(as.manager, 'manager-offers', { filter: { q: 'lyon' } }))).toEqual(['Apprenti boulanger']);
    expect(titles(await list(as.manager, 'manager-offers', { filter: { q: offers[1].job_code.toLowerCase() } }))).toEqual(['Caissier']);
    expect(titles(await list(as.other, 'manager-offers'))).toEqual(['Barista Lyon']);
    expect(titles(await list(as.recruiter, 'manager-offers')).sort()).toEqual(['Apprenti boulanger', 'Barista']);
    expect((await request(ctx.app).get(`/apis/console/manager-offers/${offers[0].id}`).set(as.other)).status).toBe(404);
  });

  it('edits the shop name and the state, and boosts, through the services', async () => {
    const id = offers[1].id;
    const renamed = await request(ctx.app).put(`/apis/console/manager-offers/${id}`).set(as.manager).send({ shopname: 'Bastille 2', state: 'closed' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ shopname: 'Bastille 2', state: 'closed' });
    expect((await request(ctx.app).put(`/apis/console/manager-offers/${id}`).set(as.other).send({ shopname: 'Pris' })).status).toBe(404);
    const boost = await request(ctx.app).post(`/apis/console/manager-offers/${offers[0].id}/boost`).set(as.manager);
    expect(boost.body).toMatchObject({ error: false, Item: { is_boosted: true } });
    expect((await User.findByPk(manager.id))!.av_boost).toBe(0);
  });
});

describe('offer-applications', () => {
  it('lists one offer candidates by tab, newest first; moves them only by the section 4 rules', async () => {
    const all = await list(as.manager, 'offer-applications', { filter: { job_code: offers[0].job_code } });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toHaveLength(3);
    const todo = await list(as.manager, 'offer-applications', { filter: { offer_id: offers[2].id, recruiter_state: ['shortlist'] } });
    expect(todo.body.map((a: { recruiter_state: string }) => a.recruiter_state)).toEqual(['shortlist', 'shortlist']);
    const id = todo.body[0].id;
    expect((await request(ctx.app).put(`/apis/console/offer-applications/${id}`).set(as.manager).send({ recruiter_state: 'to_recruit' })).body.recruiter_state).toBe('to_recruit');
    const refused = await request(ctx.app).put(`/apis/console/offer-applications/${id}`).set(as.manager).send({ recruiter_state: 'new' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('transition_not_allowed');
    expect((await list(as.other, 'offer-applications', { filter: { job_code: offers[0].job_code } })).body).toEqual([]);
    expect((await request(ctx.app).get(`/apis/console/offer-applications/${id}`).set(as.other)).status).toBe(404);
  });
});
