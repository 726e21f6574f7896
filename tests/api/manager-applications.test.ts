// An offer's candidates as the manager area reads and moves them (back-office.md sections 3, 4, 7):
// display order and tabs, the section 4 moves and nothing else, new -> view on opening, company
// isolation (another company's offer answers 404), and the dashboard list GET /apis/application.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeApplication, makeOffer, makeUser, updateApplication } from '../helpers/fixtures.js';
import { Application, User, type Offer, type RecruiterState } from '../../models/index.js';

let ctx: TestContext;
let manager: User;
let recruiter: User;
let otherManager: User;
let offer: Offer;
let as: Record<'manager' | 'recruiter' | 'other' | 'candidate', { Authorization: string }>;
const candidates: Record<string, User> = {};

async function candidateIn(state: RecruiterState, minutesAgo: number, target: Offer = offer): Promise<User> {
  const user = await makeUser({ profile: 'candidate', name: `Cand ${state} ${minutesAgo}` });
  const app = await makeApplication(user, target);
  await updateApplication(app, { recruiter_state: state, submit_date: new Date(Date.now() - minutesAgo * 60_000) });
  return user;
}
const stateOf = async (user: User, target: Offer = offer) => (await Application.findOne({ where: { candidate_id: user.id, offer_id: target.id } }))!.recruiter_state;
const move = (auth: { Authorization: string }, user: User, recruiter_state: string, target: Offer = offer) =>
  request(ctx.app).post(`/apis/application/${target.job_code}/${user.id}`).set(auth).send({ recruiter_state });

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await makeUser({ profile: 'manager', user_plan: 'bplan', name: 'Claire Manager' });
  recruiter = await makeUser({ profile: 'recruiter', name: 'Rémi Recruteur', email: `remi-${Date.now()}@x.test` });
  otherManager = await makeUser({ profile: 'manager', user_plan: 'aplan' });
  await addToTeam(manager, recruiter);
  offer = await makeOffer(recruiter, { title: 'Serveur H/F', shopname: 'Marais', city: 'Paris' });
  for (const [state, ago] of [
    ['rejected', 1],
    ['wait_reject', 2],
    ['shortlist', 3],
    ['new', 10],
    ['new', 4],
    ['view', 5],
    ['to_recruit', 50],
    ['recruited', 6],
  ] as const) {
    candidates[`${state}${ago}`] = await candidateIn(state, ago);
  }
  // An unfinished application is no candidate of the list.
  await makeApplication(await makeUser({ profile: 'candidate' }), offer, { state: 'applying', answered: ['q1'] });
  as = {
    manager: await bearer(manager),
    recruiter: await bearer(recruiter),
    other: await bearer(otherManager),
    candidate: await bearer(await makeUser({ profile: 'candidate' })),
  };
});
afterAll(async () => ctx?.close());

describe('GET /apis/application/{job_code}', () => {
  it('lists complete applications in the display order, newest first within a state, with the offer, Count and tabs', async () => {
    const res = await request(ctx.app).get(`/apis/application/${offer.job_code.toLowerCase()}?fullStates=true`).set(as.manager);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Items.map((i: { recruiter_state: string; name: string }) => i.name)).toEqual([
      'Cand to_recruit 50',
      'Cand new 4',
      'Cand new 10',
      'Cand view 5',
      'Cand shortlist 3',
      'Cand recruited 6',
      'Cand wait_reject 2',
      'Cand rejected 1',
    ]);
    expect(res.body.Count).toBe(8);
    expect(res.body.tabs).toEqual({ rejected: 1, wait_reject: 1, todo: 3, shortlist: 1, to_recruit: 1 });
    expect(res.body.offer).toMatchObject({
      job_code: offer.job_code,
      title: 'Serveur H/F',
      shopname: 'Marais',
      city: 'Paris',
      company_name: offer.company_name,
      recruiter: { name: 'Rémi Recruteur', email: recruiter.email },
    });
    const first = res.body.Items[0];
    expect(first).toMatchObject({
      candidate: { sub: candidates.to_recruit50.id, email: candidates.to_recruit50.email },
      recruiter_state: 'to_recruit',
      recruiter_id: recruiter.id,
      job_code: offer.job_code,
    });
    expect(first.submit_date.submit).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('leaves out wait_reject and rejected without fullStates', async () => {
    const res = await request(ctx.app).get(`/apis/application/${offer.job_code}`).set(as.recruiter);
    expect(res.status).toBe(200);
    expect(res.body.Items.map((i: { recruiter_state: string }) => i.recruiter_state)).not.toContain('rejected');
    expect(res.body.Count).toBe(6);
  });

  it('answers another company, an unknown or malformed code 404 ("not allowed to access this page"); candidates 403; anonymous 401', async () => {
    for (const path of [`/apis/application/${offer.job_code}?fullStates=true`, '/apis/application/ZZZZZZ', '/apis/application/%24%24']) {
      const res = await request(ctx.app).get(path).set(as.other);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ error: 'offer_not_found', message: 'not allowed to access this page' });
    }
    expect((await request(ctx.app).get(`/apis/application/${offer.job_code}`).set(as.candidate)).status).toBe(403);
    expect((await request(ctx.app).get(`/apis/application/${offer.job_code}`)).status).toBe(401);
  });

  it('gives one candidate with signed story addresses and what reviewers said', async () => {
    const res = await request(ctx.app).get(`/apis/application/${offer.job_code}/${candidates.shortlist3.id}`).set(as.manager);
    expect(res.status).toBe(200);
    expect(res.body.Item.questions).toHaveLength(3);
    expect(res.body.Item.questions[0].url).toMatch(/\/media\//);
    expect(res.body.Item.feedbacks).toEqual([]);
    expect((await request(ctx.app).get(`/apis/application/${offer.job_code}/${candidates.shortlist3.id}`).set(as.other)).status).toBe(404);
  });
});

describe('GET /apis/application/{job_code}, one tab page by page (decision 156)', () => {
  const names = (res: { body: { Items: Array<{ name: string }> } }) => res.body.Items.map((i) => i.name);
  it('pages a tab in the display order with a keyset cursor, every tab still counted', async () => {
    const first = await request(ctx.app).get(`/apis/application/${offer.job_code}?fullStates=true&tab=todo&limit=2`).set(as.manager);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(names(first)).toEqual(['Cand new 4', 'Cand new 10']);
    expect(first.body.Count).toBe(2);
    expect(first.body.tabs).toEqual({ rejected: 1, wait_reject: 1, todo: 3, shortlist: 1, to_recruit: 1 });
    expect(first.body.next).toMatch(/^new\|/);
    const second = await request(ctx.app)
      .get(`/apis/application/${offer.job_code}?fullStates=true&tab=todo&limit=2&after=${encodeURIComponent(first.body.next)}`)
      .set(as.manager);
    expect(second.status).toBe(200);
    expect(names(second)).toEqual(['Cand view 5']);
    expect(second.body.next).toBeNull();
    const whole = await request(ctx.app).get(`/apis/application/${offer.job_code}?fullStates=true&tab=todo`).set(as.manager);
    expect(names(whole)).toEqual(['Cand new 4', 'Cand new 10', 'Cand view 5']);
    expect(whole.body.next).toBeNull();
    // Without a tab the answer is the documented whole list, with no cursor.
    const plain = await request(ctx.app).get(`/apis/application/${offer.job_code}?fullStates=true`).set(as.manager);
    expect(plain.body.Count).toBe(8);
    expect(plain.body).not.toHaveProperty('next');
  });

  it('keeps wait_reject and rejected out without fullStates, in the page and in the counts', async () => {
    const res = await request(ctx.app).get(`/apis/application/${offer.job_code}?tab=rejected`).set(as.manager);
    expect(res.status).toBe(200);
    expect(res.body.Items).toEqual([]);
    expect(res.body.tabs).toMatchObject({ rejected: 0, wait_reject: 0, todo: 3 });
    const shown = await request(ctx.app).get(`/apis/application/${offer.job_code}?fullStates=true&tab=rejected`).set(as.manager);
    expect(names(shown)).toEqual(['Cand rejected 1']);
  });

  it('refuses a bad tab, limit or cursor with 400 and a stable code; another company still 404', async () => {
    for (const [query, code] of [
      ['tab=nope', 'invalid_tab'],
      ['limit=2', 'invalid_tab'],
      ['tab=todo&limit=0', 'invalid_limit'],
      ['tab=todo&limit=201', 'invalid_limit'],
      ['tab=todo&after=new|yesterday|3', 'invalid_cursor'],
      ['tab=todo&after=flying|2026-11-23T10:00:00.000Z|3', 'invalid_cursor'],
    ]) {
      const res = await request(ctx.app).get(`/apis/application/${offer.job_code}?${query}`).set(as.manager);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe(code);
    }
    expect((await request(ctx.app).get(`/apis/application/${offer.job_code}?tab=todo&limit=2`).set(as.other)).status).toBe(404);
  });
});

describe('POST /apis/application/{job_code}/{candidate_sub}', () => {
  it('makes the section 4 moves: open (new -> view), reject, shortlist, shortlist -> to_recruit', async () => {
    const a = await candidateIn('new', 20);
    expect((await move(as.manager, a, 'view')).body).toMatchObject({ error: false, changed: true, Item: { recruiter_state: 'view', previous_state: 'new' } });
    // Opening again changes nothing.
    expect((await move(as.manager, a, 'view')).body).toMatchObject({ changed: false, Item: { recruiter_state: 'view' } });
    expect((await move(as.manager, a, 'wait_reject')).status).toBe(200);
    expect((await move(as.manager, a, 'shortlist')).status).toBe(200);
    expect((await move(as.recruiter, a, 'wait_reject')).status).toBe(200);
    expect((await move(as.recruiter, a, 'shortlist')).status).toBe(200);
    const before = (await User.findByPk(manager.id))!.to_recruit;
    expect((await move(as.manager, a, 'to_recruit')).status).toBe(200);
    expect(await stateOf(a)).toBe('to_recruit');
    // The counters follow (one definition: user-counters.service.ts).
    expect((await User.findByPk(manager.id))!.to_recruit).toBe(before + 1);
    expect((await User.findByPk(recruiter.id))!.to_recruit).toBe(before + 1);
  });

  it('refuses any other move with 409 and a clear message, state unchanged', async () => {
    const cases: Array<[RecruiterState, string]> = [
      ['new', 'to_recruit'],
      ['view', 'to_recruit'],
      ['view', 'new'],
      ['view', 'rejected'],
      ['view', 'recruited'],
      ['shortlist', 'view'],
      ['wait_reject', 'view'],
      ['wait_reject', 'to_recruit'],
      ['rejected', 'shortlist'],
      ['to_recruit', 'shortlist'],
      ['to_recruit', 'wait_reject'],
      ['recruited', 'wait_reject'],
    ];
    for (const [from, to] of cases) {
      const c = await candidateIn(from, 30);
      const res = await move(as.manager, c, to);
      expect(res.status, `${from} -> ${to}`).toBe(409);
      expect(res.body).toMatchObject({ error: 'transition_not_allowed', message: `Ce changement d’état n’est pas permis : ${from} ne peut pas passer à ${to}.` });
      expect(await stateOf(c)).toBe(from);
    }
  });

  it('refuses an unknown state (400), another company (404, nothing changed), an unknown candidate (404)', async () => {
    const c = await candidateIn('view', 31);
    const bad = await move(as.manager, c, 'hired');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'recruiter_state_invalid', message: 'État de candidature inconnu.' });
    const other = await move(as.other, c, 'shortlist');
    expect(other.status).toBe(404);
    expect(await stateOf(c)).toBe('view');
    const nobody = await request(ctx.app).post(`/apis/application/${offer.job_code}/nobody`).set(as.manager).send({ recruiter_state: 'shortlist' });
    expect(nobody.status).toBe(404);
    expect(nobody.body.error).toBe('application_not_found');
  });

  it('lets one of two simultaneous moves from the same state win when the other is then illegal', async () => {
    const c = await candidateIn('shortlist', 32);
    const results = await Promise.all([move(as.manager, c, 'to_recruit'), move(as.recruiter, c, 'wait_reject')]);
    const statuses = results.map((r) => r.status).sort();
    // Either order: to_recruit first makes wait_reject illegal; wait_reject first makes to_recruit illegal.
    expect(statuses).toEqual([200, 409]);
    const won = results.find((r) => r.status === 200)!.body.Item.recruiter_state;
    expect(await stateOf(c)).toBe(won);
  });
});

describe('GET /apis/application (dashboard)', () => {
  it('lists the reach newest first, with recruiters, shortlist counts and counts per state; other company sees none of it', async () => {
    const res = await request(ctx.app).get('/apis/application').query({ limit: 3 }).set(as.manager);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Items).toHaveLength(3);
    const times = res.body.Items.map((i: { submit_date: string }) => i.submit_date);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.body.Items[0]).toMatchObject({ job_code: offer.job_code, recruiter_id: recruiter.id, offer: { title: 'Serveur H/F' } });
    expect(res.body.Items[0].questions).toHaveLength(3);
    expect(res.body.recruiters.map((r: { sub: string }) => r.sub).sort()).toEqual([manager.id, recruiter.id].sort());
    const total = await Application.count({ where: { offer_id: offer.id, state: 'complete' } });
    expect(res.body.Counts.total).toBe(total);
    // The dashboard's Shortlist grouping: shortlist and the recruit steps after it (decision 140).
    const { shortlist, to_recruit, recruited } = res.body.Counts.by_state;
    expect(res.body.recruiters.find((r: { sub: string }) => r.sub === recruiter.id).shortlist).toBe(shortlist + to_recruit + recruited);
    // The next page follows on without overlap.
    const next = await request(ctx.app).get('/apis/application').query({ limit: 3, after: res.body.next }).set(as.manager);
    expect(next.body.Items[0].id).not.toBe(res.body.Items[2].id);
    expect(new Date(next.body.Items[0].submit_date).getTime()).toBeLessThanOrEqual(new Date(res.body.Items[2].submit_date).getTime());
    const other = await request(ctx.app).get('/apis/application').set(as.other);
    expect(other.body).toMatchObject({ Items: [], Counts: { total: 0 } });
    expect((await request(ctx.app).get('/apis/application').set(as.candidate)).status).toBe(403);
    expect((await request(ctx.app).get('/apis/application').query({ limit: 0 }).set(as.manager)).body.error).toBe('invalid_limit');
    expect((await request(ctx.app).get('/apis/application').query({ from: 'hier' }).set(as.manager)).body.error).toBe('invalid_date');
  });
});
