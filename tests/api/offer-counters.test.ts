// The candidate counters stored on the offer row (docs/decisions/155-offer-counters.md): after every
// kind of change to applications (start, completion, the section 4 moves, concurrent moves, staff
// reset and force-send, a user's deletion) each offer's counters equal a count made here from the
// applications themselves; the offers page, its sorts and the home read them; migration 014 fills
// them on a database that already holds applications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { QueryTypes } from 'sequelize';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeApplication, makeOffer, makeUser, updateApplication } from '../helpers/fixtures.js';
import { Application, ApplicationAnswer, boundSequelize, transaction, type Offer, type User } from '../../models/index.js';
import { completeIfAllReady } from '../../api/services/applications/video-answers.service.js';
import { OFFER_COUNTERS } from '../../api/services/applications/user-counters.service.js';
import { createMigrator } from '../../models/migrator.js';

type Counts = Record<(typeof OFFER_COUNTERS)[number], number>;

/** The counters of one offer, counted here in JavaScript from its application rows. */
function countOf(apps: Array<{ state: string; recruiter_state: string; is_reco: unknown }>): Counts {
  const done = apps.filter((a) => a.state === 'complete');
  const n = (f: (a: (typeof done)[number]) => boolean) => done.filter(f).length;
  return {
    new_count: n((a) => a.recruiter_state === 'new'),
    view_count: n((a) => a.recruiter_state === 'view'),
    todo_count: n((a) => a.recruiter_state === 'new' || a.recruiter_state === 'view'),
    shortlist_count: n((a) => a.recruiter_state === 'shortlist'),
    to_recruit_count: n((a) => a.recruiter_state === 'to_recruit'),
    active_count: n((a) => a.recruiter_state !== 'wait_reject' && a.recruiter_state !== 'rejected'),
    candidates_count: done.length,
    reco_count: n((a) => Boolean(Number(a.is_reco))),
  };
}

/** Every offer's stored counters against the count from its applications; returns the stored ones. */
async function expectCountersTrue(query: (sql: string) => Promise<Array<Record<string, unknown>>> = (sql) => boundSequelize().query(sql, { type: QueryTypes.SELECT })) {
  const offers = await query(`SELECT id, ${OFFER_COUNTERS.join(', ')} FROM offers ORDER BY id`);
  const apps = await query('SELECT offer_id, state, recruiter_state, is_reco FROM applications');
  const stored = new Map<number, Counts>();
  for (const o of offers) {
    const mine = apps.filter((a) => Number(a.offer_id) === Number(o.id)) as Array<{ state: string; recruiter_state: string; is_reco: unknown }>;
    const got = Object.fromEntries(OFFER_COUNTERS.map((c) => [c, Number(o[c])])) as Counts;
    expect({ offer: Number(o.id), ...got }).toEqual({ offer: Number(o.id), ...countOf(mine) });
    stored.set(Number(o.id), got);
  }
  return stored;
}

let ctx: TestContext;
let manager: User;
let recruiter: User;
let admin: User;
let busy: Offer;
let quiet: Offer;
const as: Record<string, { Authorization: string }> = {};
const move = (user: User, recruiter_state: string, offer: Offer = busy) => request(ctx.app).post(`/apis/application/${offer.job_code}/${user.id}`).set(as.manager).send({ recruiter_state });

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await makeUser({ profile: 'manager', user_plan: 'bplan' });
  recruiter = await makeUser({ profile: 'recruiter' });
  admin = await makeUser({ is_admin: true });
  await addToTeam(manager, recruiter);
  busy = await makeOffer(recruiter, { title: 'Vendeur' });
  quiet = await makeOffer(manager, { title: 'Caissier' });
  as.manager = await bearer(manager);
  as.admin = await bearer(admin);
});
afterAll(async () => ctx?.close());

describe('offer counters', () => {
  it('start empty and follow a new application from its start to its completion', async () => {
    await expectCountersTrue();
    const candidate = await makeUser({ profile: 'candidate' });
    const started = await request(ctx.app)
      .post('/apis/candidate/applications')
      .set(await bearer(candidate))
      .send({ job_code: busy.job_code });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // An unfinished application counts nowhere.
    expect((await expectCountersTrue()).get(busy.id)).toMatchObject({ candidates_count: 0, todo_count: 0 });
    const id = Number(started.body.id);
    await ApplicationAnswer.update({ state: 'done', upload_path: 'story/x/index.m3u8', method: 'app' }, { where: { application_id: id } });
    expect(await transaction((t) => completeIfAllReady(id, t, new Date()))).toBe(true);
    expect((await expectCountersTrue()).get(busy.id)).toMatchObject({ candidates_count: 1, new_count: 1, todo_count: 1, active_count: 1 });
  });

  it('follow the section 4 moves, one after the other and many at once', async () => {
    const people: User[] = [];
    for (let i = 0; i < 8; i++) {
      const c = await makeUser({ profile: 'candidate' });
      await makeApplication(c, busy, { recruiter_state: 'new' });
      people.push(c);
    }
    const reco = await makeApplication(await makeUser({ profile: 'candidate' }), quiet);
    await updateApplication(reco, { is_reco: true });
    await expectCountersTrue();
    expect((await move(people[0], 'shortlist')).status).toBe(200);
    expect((await move(people[0], 'to_recruit')).status).toBe(200);
    expect((await move(people[1], 'wait_reject')).status).toBe(200);
    // A refused move changes nothing.
    expect((await move(people[1], 'recruited')).status).toBe(409);
    let stored = await expectCountersTrue();
    expect(stored.get(busy.id)).toMatchObject({ to_recruit_count: 1, shortlist_count: 0 });
    expect(stored.get(quiet.id)).toMatchObject({ candidates_count: 1, reco_count: 1 });
    // Concurrent moves of different candidates of the same offer: every one is counted.
    const results = await Promise.all(people.slice(2).map((c, i) => move(c, i % 2 ? 'shortlist' : 'view')));
    expect(results.map((r) => r.status)).toEqual(people.slice(2).map(() => 200));
    stored = await expectCountersTrue();
    expect(stored.get(busy.id)).toMatchObject({ shortlist_count: 3, view_count: 3 });
    // The same candidate moved twice at once: one move wins, the counters follow the winner.
    const twice = await Promise.all([move(people[2], 'shortlist'), move(people[2], 'wait_reject')]);
    expect(twice.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    await expectCountersTrue();
  });

  it('follow the staff reset and force-send', async () => {
    const c = await makeUser({ profile: 'candidate' });
    const app = await makeApplication(c, busy, { answered: ['q1'] });
    const before = (await expectCountersTrue()).get(busy.id)!;
    const reset = await request(ctx.app).post(`/apis/console/applications/${app.id}/reset`).set(as.admin);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await expectCountersTrue()).get(busy.id)!.candidates_count).toBe(before.candidates_count - 1);
    const sent = await request(ctx.app).post(`/apis/console/applications/${app.id}/force-send`).set(as.admin);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await expectCountersTrue()).get(busy.id)!.candidates_count).toBe(before.candidates_count);
  });

  it('follow the deletion of a candidate (their applications go with them)', async () => {
    const c = await makeUser({ profile: 'candidate' });
    await makeApplication(c, busy);
    await makeApplication(c, quiet);
    const before = await expectCountersTrue();
    const del = await request(ctx.app).delete(`/apis/console/users/${c.id}`).set(as.admin);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(await Application.count({ where: { candidate_id: c.id } })).toBe(0);
    const after = await expectCountersTrue();
    expect(after.get(busy.id)!.candidates_count).toBe(before.get(busy.id)!.candidates_count - 1);
    expect(after.get(quiet.id)!.candidates_count).toBe(before.get(quiet.id)!.candidates_count - 1);
  });

  it('are what the offers page shows and sorts on, and what the home sums', async () => {
    const stored = await expectCountersTrue();
    const list = async (sort: string) => {
      const res = await request(ctx.app)
        .get('/apis/console/manager-offers')
        .query({ sort: JSON.stringify([sort, 'DESC']), range: JSON.stringify([0, 24]) })
        .set(as.manager);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Array<Record<string, number>>;
    };
    for (const row of await list('todo')) {
      const s = stored.get(row.id)!;
      expect(row).toMatchObject({
        new_candidates: s.new_count,
        view_candidates: s.view_count,
        todo: s.todo_count,
        shortlist: s.shortlist_count,
        to_recruit: s.to_recruit_count,
        total_candidates: s.candidates_count,
        total_reco: s.reco_count,
      });
    }
    const order = (sort: string, key: keyof Counts) => [...stored.entries()].sort(([a, x], [b, y]) => y[key] - x[key] || b - a).map(([id]) => id);
    expect((await list('todo')).map((r) => r.id)).toEqual(order('todo_count', 'todo_count'));
    expect((await list('shortlist')).map((r) => r.id)).toEqual(order('shortlist', 'shortlist_count'));
    expect((await list('to_recruit')).map((r) => r.id)).toEqual(order('to_recruit', 'to_recruit_count'));
    const home = await request(ctx.app).get('/apis/manager').set(as.manager);
    expect(home.status).toBe(200);
    expect(home.body.user.actives_candidates_count).toBe(stored.get(busy.id)!.active_count + stored.get(quiet.id)!.active_count);
  });
});

describe('migration 014 on a database with applications', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrateTo: '013-plans-and-stripe' });
  });
  afterAll(async () => db?.drop());

  it('adds the counters filled from the applications, and goes down and up again', async () => {
    const at = '2026-11-01 10:00:00.000';
    const q = (sql: string, replacements: unknown[] = []) => db.sequelize.query(sql, { replacements });
    const rec = '00000000-0000-4000-8000-0000000000aa';
    await q('INSERT INTO users (id, email, name, profile, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [rec, 'rh@x.test', 'RH', 'recruiter', at, at]);
    for (const id of [1, 2]) {
      await q(
        `INSERT INTO offers (id, job_code, recruiter_id, title, company_name, description, city, zip_code, state, created_at, updated_at)
         VALUES (?, ?, ?, 'Vendeur', 'Maison', 'Vente.', 'Lille', '59000', 'available', ?, ?)`,
        [id, `AB12C${id}`, rec, at, at],
      );
    }
    const states: Array<[string, string, number]> = [
      ['complete', 'new', 0],
      ['complete', 'view', 1],
      ['complete', 'shortlist', 0],
      ['complete', 'to_recruit', 0],
      ['complete', 'rejected', 0],
      ['applying', 'new', 0],
    ];
    for (const [i, [state, rstate, reco]] of states.entries()) {
      const cand = `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
      await q('INSERT INTO users (id, email, name, profile, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [cand, `c${i}@x.test`, `C${i}`, 'candidate', at, at]);
      await q(
        `INSERT INTO applications (candidate_id, offer_id, recruiter_id, state, recruiter_state, is_reco, start_date, submit_date, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [cand, rec, state, rstate, reco, at, state === 'complete' ? at : null, at, at],
      );
    }
    await createMigrator(db.sequelize).up({ to: '014-offer-counters' });
    const query = (sql: string) => db.sequelize.query<Record<string, unknown>>(sql, { type: QueryTypes.SELECT });
    const stored = await expectCountersTrue(query);
    expect(stored.get(1)).toEqual({ new_count: 1, view_count: 1, todo_count: 2, shortlist_count: 1, to_recruit_count: 1, active_count: 4, candidates_count: 5, reco_count: 1 });
    expect(stored.get(2)!.candidates_count).toBe(0);
    await createMigrator(db.sequelize).down({ to: '014-offer-counters' });
    await createMigrator(db.sequelize).up({ to: '014-offer-counters' });
    await expectCountersTrue(query);
  });
});
