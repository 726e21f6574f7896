// The recruiter dashboard's side of GET /apis/application (decision 140): tiles, column sizes,
// offers with their counts and recruiters' shortlists counted with the shared groupings; one
// column a page at a time; the tag search (job categories and job codes, with LIKE's wildcards
// taken literally); bad columns and tags refused; another company sees nothing of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { addToTeam, makeApplication, makeOffer, makeUser, updateApplication } from '../helpers/fixtures.js';
import { type Offer, type RecruiterState, type User } from '../../models/index.js';
import { dashboardColumn, dashboardTiles, DASHBOARD_COLUMNS } from '../../models/rules/recruiter-states.js';

let ctx: TestContext;
let manager: User;
let recruiter: User;
let colleague: User;
let bakery: Offer;
let cafe: Offer;
let as: Record<'manager' | 'recruiter' | 'colleague' | 'other', { Authorization: string }>;

interface Item {
  id: number;
  job_code: string;
  recruiter_id: string;
  state: string;
  recruiter_state: string;
  cv_url: string | null;
  offer: { tags: string[] };
}

async function apply(offer: Offer, recruiter_state: RecruiterState, opts: { minutesAgo?: number; state?: 'applying' | 'complete'; cv?: boolean } = {}) {
  const user = await makeUser({ profile: 'candidate' });
  const app = await makeApplication(user, offer, { state: opts.state, answered: opts.state === 'applying' ? [] : undefined, cv_key: opts.cv ? `picture/${'a'.repeat(32)}.pdf` : null });
  await updateApplication(app, {
    recruiter_state,
    ...(opts.state === 'applying' ? { start_date: new Date(Date.now() - (opts.minutesAgo ?? 1) * 60_000) } : { submit_date: new Date(Date.now() - (opts.minutesAgo ?? 1) * 60_000) }),
  });
}

const get = (auth: { Authorization: string }, query: Record<string, string | number> = {}) =>
  request(ctx.app)
    .get('/apis/application')
    .query({ state: 'all', ...query })
    .set(auth);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await makeUser({ profile: 'manager', user_plan: 'bplan', name: 'Claire Manager' });
  recruiter = await makeUser({ profile: 'recruiter', name: 'Rémi Recruteur' });
  colleague = await makeUser({ profile: 'recruiter', name: 'Anne Collègue' });
  await addToTeam(manager, recruiter, colleague);
  bakery = await makeOffer(recruiter, { title: 'Boulanger H/F', tags: ['boulangerie', 'restauration'] });
  cafe = await makeOffer(colleague, { title: 'Serveur H/F', tags: ['restauration'] });
  await apply(bakery, 'new', { minutesAgo: 5 });
  await apply(bakery, 'view', { minutesAgo: 6, cv: true });
  await apply(bakery, 'shortlist', { minutesAgo: 7 });
  await apply(bakery, 'to_recruit', { minutesAgo: 8 });
  await apply(bakery, 'wait_reject', { minutesAgo: 9 });
  await apply(bakery, 'rejected', { minutesAgo: 60 * 24 * 40 });
  await apply(bakery, 'new', { state: 'applying', cv: true, minutesAgo: 3 });
  // An unfinished application without a CV is not on the dashboard.
  await apply(bakery, 'new', { state: 'applying', minutesAgo: 2 });
  await apply(cafe, 'shortlist', { minutesAgo: 10 });
  await apply(cafe, 'new', { minutesAgo: 11 });
  const otherManager = await makeUser({ profile: 'manager', user_plan: 'aplan' });
  await apply(await makeOffer(otherManager, { tags: ['boulangerie'] }), 'shortlist');
  as = { manager: await bearer(manager), recruiter: await bearer(recruiter), colleague: await bearer(colleague), other: await bearer(otherManager) };
});
afterAll(async () => ctx?.close());

async function everything(auth: { Authorization: string }): Promise<Item[]> {
  const res = await get(auth, { limit: 500 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Items as Item[];
}

const grouped = (i: Item) => ({ state: i.state, recruiter_state: i.recruiter_state, has_cv: Boolean(i.cv_url) });

describe('GET /apis/application for the dashboard', () => {
  it("counts the tiles, columns, offers and recruiters' shortlists with the shared groupings", async () => {
    const res = await get(as.manager, { limit: 1 });
    expect(res.status).toBe(200);
    expect(res.body.Tiles).toEqual({ total: 9, rejected: 2, shortlist: 3, untreated: 3 });
    expect(res.body.Columns).toEqual({ cv_only: 1, rejected: 2, todo: 3, shortlist: 3 });
    expect(res.body.Offers).toEqual([
      { job_code: bakery.job_code, title: 'Boulanger H/F', count: 7 },
      { job_code: cafe.job_code, title: 'Serveur H/F', count: 2 },
    ]);
    const shortlists = Object.fromEntries(res.body.recruiters.map((r: { sub: string; shortlist: number }) => [r.sub, r.shortlist]));
    expect(shortlists).toEqual({ [manager.id]: 0, [recruiter.id]: 2, [colleague.id]: 1 });
    // The same numbers recomputed from the Items.
    const items = await everything(as.manager);
    expect(dashboardTiles(items.map(grouped))).toEqual(res.body.Tiles);
    expect(items.every((i) => Array.isArray(i.offer.tags))).toBe(true);
  });

  it('keeps a recruiter to their own offers and another company to nothing', async () => {
    const res = await get(as.colleague, { limit: 500 });
    expect(res.body.Items.every((i: Item) => i.job_code === cafe.job_code)).toBe(true);
    expect(res.body.Tiles).toEqual({ total: 2, rejected: 0, shortlist: 1, untreated: 1 });
    const other = await get(as.other, { limit: 500, tags: 'boulangerie' });
    expect(other.body.Items.map((i: Item) => i.job_code)).not.toContain(bakery.job_code);
    expect(other.body.Tiles.total).toBe(1);
  });

  it('pages one column at a time, newest first, with the counts of every column', async () => {
    const all = await everything(as.manager);
    for (const column of DASHBOARD_COLUMNS) {
      const want = all.filter((i) => dashboardColumn(grouped(i)) === column).map((i) => i.id);
      const got: number[] = [];
      let after: string | null = null;
      do {
        const res = await get(as.manager, { column, limit: 1, ...(after ? { after } : {}) });
        expect(res.status).toBe(200);
        expect(res.body.Columns[column]).toBe(want.length);
        expect(res.body.Offers).toBeUndefined();
        got.push(...res.body.Items.map((i: Item) => i.id));
        after = res.body.next;
      } while (after);
      expect(got, column).toEqual(want);
    }
  });

  it('searches tags: every tag must match an offer tag or a job code; wildcards are literal', async () => {
    const tagged = await get(as.manager, { tags: 'boulangerie', limit: 500 });
    expect(new Set(tagged.body.Items.map((i: Item) => i.job_code))).toEqual(new Set([bakery.job_code]));
    expect(tagged.body.Tiles.total).toBe(7);
    const both = await get(as.manager, { tags: 'restauration,boulangerie', limit: 500 });
    expect(both.body.Tiles.total).toBe(7);
    const byCode = await get(as.manager, { tags: cafe.job_code.toLowerCase(), limit: 500 });
    expect(byCode.body.Tiles.total).toBe(2);
    for (const wild of ['%', '_', 'boul%', 'restauration"']) expect((await get(as.manager, { tags: wild })).body.Tiles.total, wild).toBe(0);
  });

  it('narrows by date: from leaves out the older applications', async () => {
    const since = new Date(Date.now() - 30 * 24 * 3600_000).toISOString();
    const res = await get(as.manager, { from: since, limit: 1 });
    expect(res.body.Tiles).toEqual({ total: 8, rejected: 1, shortlist: 3, untreated: 3 });
  });

  it('refuses an unknown column and bad tags with 400 and a message', async () => {
    const col = await get(as.manager, { column: 'hired' });
    expect(col.status).toBe(400);
    expect(col.body.error).toBe('invalid_column');
    const many = await get(as.manager, { tags: 'a,b,c,d,e,f' });
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ error: 'invalid_tags' });
    expect(many.body.message).toMatch(/tag/);
    expect((await get(as.manager, { tags: 'x'.repeat(61) })).status).toBe(400);
    expect((await get(as.manager, { tags: 'a\u0001b' })).status).toBe(400);
  });
});

describe('GET /apis/application?application={id} (the new-candidate e-mail link, issue 24)', () => {
  it('gives that one application to the offer side, nothing to another company, 400 to a bad id', async () => {
    const all = await everything(as.recruiter);
    const one = all.find((i) => i.state === 'complete')!;
    const res = await get(as.recruiter, { application: one.id, limit: 1 });
    expect(res.status).toBe(200);
    expect(res.body.Items.map((i: Item) => i.id)).toEqual([one.id]);
    // The manager of the recruiter reaches it too; a colleague on another offer and another company do not.
    expect((await get(as.manager, { application: one.id })).body.Items.map((i: Item) => i.id)).toEqual([one.id]);
    expect((await get(as.colleague, { application: one.id })).body.Items).toEqual([]);
    expect((await get(as.other, { application: one.id })).body.Items).toEqual([]);
    for (const bad of ['abc', '0', '-1', '1.5']) {
      const r = await get(as.recruiter, { application: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body.error).toBe('invalid_application');
    }
  });
});
