import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { Op, QueryTypes } from 'sequelize';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { seedDemo, DemoSeedError, DEMO_IDS, DEMO_PASSWORD, DEMO_JOB_CODE, DEMO_LANDING, DEMO_SHARE_ID, DEMO_DRAFT_TOKEN } from '../../seeders/demo.js';
import { verifyPassword } from '../../api/auth/passwords.js';
import { transaction, User, Offer, Shop, CustomLanding, ShareLink, Application, ApplicationAnswer, DraftOffer, Upload, Template } from '../../models/index.js';
import { bearer } from '../helpers/auth.js';
import { shareAudience, userAudience } from '../../api/integrations/media-urls.js';
import { USER_COUNTERS, recountUsers } from '../../api/services/applications/user-counters.service.js';
import { expectSearchIndexTrue } from '../helpers/search-index.js';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const TABLES = [
  'users',
  'user_contact_events',
  'user_close_events',
  'plan_limits',
  'manager_recruiters',
  'shops',
  'templates',
  'offers',
  'offer_questions',
  'draft_offers',
  'applications',
  'application_answers',
  'wishlist_entries',
  'landing_interests',
  'custom_landings',
  'subscriptions',
  'subscription_recruiters',
  'share_links',
  'share_views',
  'feedbacks',
  'uploads',
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo({ storage: ctx.deps.storage, now: NOW });
});
afterAll(async () => ctx?.close());

async function dump(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    out[table] = await ctx.db.sequelize.query(`SELECT * FROM ${table} ORDER BY id`, { type: QueryTypes.SELECT });
  }
  // CV keys and story folders are drawn at random at each seeding (decision 085): compare their shape.
  return JSON.parse(JSON.stringify(out).replace(/[0-9a-f]{32}/g, '<random>'));
}

async function count(sql: string, id: string): Promise<number> {
  const [row] = await ctx.db.sequelize.query<{ n: number | string }>(sql, { replacements: { id }, type: QueryTypes.SELECT });
  return Number(row.n);
}

/**
 * The stored counters are what recountUsers (their one definition) gives: snapshot them, recount
 * every user, compare (docs/decisions/078-one-definition-of-the-counters.md).
 */
async function expectCountersAsDefined(): Promise<void> {
  const read = () => User.findAll({ attributes: ['id', 'av_boost', ...USER_COUNTERS], order: [['id', 'ASC']], raw: true });
  const stored = await read();
  expect(stored.length).toBeGreaterThan(15);
  await transaction((t) =>
    recountUsers(
      stored.map((u) => u.id),
      t,
    ),
  );
  expect(await read()).toEqual(stored);
}

/** A user as staff read it in the console. */
async function consoleUser(id: string): Promise<Record<string, unknown>> {
  const res = await request(ctx.app)
    .get(`/apis/console/users/${id}`)
    .set(await bearer({ id: DEMO_IDS.admin }));
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
}

describe('demo seed', () => {
  it('gives the same rows when seeded again with reset', async () => {
    const first = await dump();
    await seedDemo({ storage: ctx.deps.storage, now: NOW, reset: true });
    expect(await dump()).toEqual(first);
  });

  it('refuses to load into a database that is not empty unless asked to reset', async () => {
    await expect(seedDemo({ storage: ctx.deps.storage, now: NOW })).rejects.toBeInstanceOf(DemoSeedError);
  });

  it('keeps the counters on users equal to the rows, and the search tokens equal to the users and offers', async () => {
    await expectCountersAsDefined();
    await expectSearchIndexTrue();
    // The README's facts, as staff see them: Claire Dubois's team recruits for 13 offers (12 in
    // her shops and a shop-less internship; 10 available, 2 boosted) and she has 3 boosters left;
    // the candidate applied twice; CAFE75 has 7 applications.
    expect(await consoleUser(DEMO_IDS.manager)).toMatchObject({
      offers_count: 13,
      actives_offers_count: 10,
      av_boost: 3,
      used_boost: 2,
      total_boost: 5,
    });
    expect(await consoleUser(DEMO_IDS.candidate)).toMatchObject({ applications_count: 2, wishlist_count: 4 });
    const cafe = await Offer.findOne({ where: { job_code: DEMO_JOB_CODE } });
    expect(await Application.count({ where: { offer_id: cafe!.id } })).toBe(7);
  });

  it('gives each demo manager the offers_count of the offers their own console lists (one rule, decision 099)', async () => {
    for (const id of [DEMO_IDS.manager, DEMO_IDS.managerLyon]) {
      const stored = await consoleUser(id);
      const listed = await request(ctx.app)
        .get('/apis/console/offers')
        .query({ range: '[0,0]' })
        .set(await bearer({ id }));
      expect(listed.status).toBe(200);
      const total = Number(/\/(\d+)$/.exec(String(listed.headers['content-range']))![1]);
      expect(stored.offers_count).toBe(total);
      const available = await request(ctx.app)
        .get('/apis/console/offers')
        .query({ range: '[0,0]', filter: JSON.stringify({ state: 'available' }) })
        .set(await bearer({ id }));
      expect(available.status).toBe(200);
      expect(stored.actives_offers_count).toBe(Number(/\/(\d+)$/.exec(String(available.headers['content-range']))![1]));
      // And the app's recount leaves it as seeded.
      await transaction((t) => recountUsers([id], t));
      expect((await consoleUser(id)).offers_count).toBe(stored.offers_count);
    }
  });

  it('has every state of applications, wishlist, landing leads and offers', async () => {
    const values = async (sql: string) => (await ctx.db.sequelize.query<{ v: string | number }>(sql, { type: QueryTypes.SELECT })).map((r) => String(r.v)).sort();
    expect(await values('SELECT DISTINCT recruiter_state AS v FROM applications')).toEqual(['new', 'rejected', 'recruited', 'shortlist', 'to_recruit', 'view', 'wait_reject'].sort());
    expect(await values('SELECT DISTINCT state AS v FROM applications')).toEqual(['applying', 'complete']);
    expect(await values('SELECT DISTINCT state AS v FROM wishlist_entries')).toEqual(['applying', 'done', 'pending']);
    expect(await values('SELECT DISTINCT notif AS v FROM landing_interests')).toEqual(['0', '2', '3']);
    expect(await values('SELECT DISTINCT state AS v FROM offers')).toEqual(['available', 'closed']);
    expect(await values('SELECT DISTINCT action AS v FROM user_contact_events')).toEqual(['email', 'no_response', 'sms', 'voice_msg', 'will_postulate']);
    expect(await Offer.count()).toBeGreaterThanOrEqual(20);
    const perOffer = await values('SELECT COUNT(*) AS v FROM offer_questions GROUP BY offer_id');
    expect(perOffer.length).toBe(await Offer.count());
    expect(perOffer.every((n) => Number(n) >= 3 && Number(n) <= 5)).toBe(true);
    // Every application answers each question of its offer, done or not.
    for (const a of await Application.findAll({ include: [{ model: ApplicationAnswer, as: 'answers' }] })) {
      const questions = await count('SELECT COUNT(*) AS n FROM offer_questions WHERE offer_id = :id', String(a.offer_id));
      expect(a.answers!.length).toBe(questions);
      const done = a.answers!.filter((x) => x.state === 'done').length;
      if (a.state === 'complete') expect(done).toBe(questions);
      else expect(done).toBeLessThan(questions);
    }
  });

  it('has candidates on both sides of the 6-hour contactable rule', async () => {
    const noApplication = await ctx.db.sequelize.query<{ id: string; created_at: string | Date; closed: number | string }>(
      `SELECT u.id, u.created_at, (SELECT COUNT(*) FROM user_close_events c WHERE c.user_id = u.id) AS closed
       FROM users u WHERE u.profile = 'candidate' AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.candidate_id = u.id)`,
      { type: QueryTypes.SELECT },
    );
    const sixHoursAgo = NOW.getTime() - 6 * 3_600_000;
    const open = noApplication.filter((u) => Number(u.closed) === 0);
    expect(open.some((u) => new Date(u.created_at).getTime() < sixHoursAgo)).toBe(true);
    expect(open.some((u) => new Date(u.created_at).getTime() > sixHoursAgo)).toBe(true);
    expect(noApplication.some((u) => Number(u.closed) > 0)).toBe(true);
  });

  it('has the fixed sign-ins and public identifiers of the README', async () => {
    const emails = { admin: 'admin@demo.test', manager: 'manager@demo.test', recruiter: 'recruiter@demo.test', candidate: 'candidate@demo.test' };
    for (const [key, email] of Object.entries(emails)) {
      const u = await User.findOne({ where: { email } });
      expect(u?.id).toBe(DEMO_IDS[key as keyof typeof emails]);
      expect(await verifyPassword(u!.password_hash, DEMO_PASSWORD)).toBe(true);
    }
    expect((await User.findByPk(DEMO_IDS.admin))!.is_admin).toBe(true);
    const manager = (await User.findByPk(DEMO_IDS.manager))!;
    expect([manager.profile, manager.user_plan]).toEqual(['manager', 'bplan']);

    const cafe = (await Offer.findOne({ where: { job_code: DEMO_JOB_CODE } }))!;
    expect(cafe.state).toBe('available');
    expect(cafe.recruiter_id).toBe(DEMO_IDS.recruiter);
    expect(cafe.zip_code!.startsWith('75')).toBe(true);
    expect((await Shop.findByPk(cafe.shop_id!))!.manager_id).toBe(DEMO_IDS.manager);

    const landing = (await CustomLanding.findOne({ where: { identifier: DEMO_LANDING } }))!;
    expect(landing.company_hash).toBe(landing.name);
    expect(await Offer.count({ where: { company_hash: landing.company_hash, state: 'available' } })).toBeGreaterThan(3);
    expect(cafe.company_hash).toBe(landing.company_hash);

    // The demo draft as the README shows it: through the API, by its token.
    const shown = await request(ctx.app).get(`/apis/draft-offer/${DEMO_DRAFT_TOKEN}`);
    expect(shown.status).toBe(200);
    expect(shown.body.job_code).toBeNull();
    expect(shown.body.offer_json.title).toBeTruthy();
    expect(shown.body.offer_json.questions).toBeUndefined();
    const draft = (await DraftOffer.findOne({ where: { edition_token: DEMO_DRAFT_TOKEN } }))!;
    expect(draft.owner_id).toBe(DEMO_IDS.recruiter);
  });

  it('keeps the shared application stories private, and plays them as HLS through a signed address', async () => {
    const link = (await ShareLink.findOne({ where: { share_id: DEMO_SHARE_ID } }))!;
    expect(link.views).toBe(3);
    expect(await count('SELECT COUNT(*) AS n FROM share_views WHERE share_link_id = :id', String(link.id))).toBe(3);
    expect(await count('SELECT COUNT(*) AS n FROM feedbacks WHERE share_link_id = :id', String(link.id))).toBeGreaterThan(0);
    const answers = await ApplicationAnswer.findAll({ where: { application_id: link.application_id }, order: [['position', 'ASC']] });
    expect(answers.length).toBeGreaterThanOrEqual(3);
    const folders = new Set<string>();
    for (const answer of answers) {
      expect(answer.state).toBe('done');
      // 128 random bits per application's story folder: nothing to enumerate.
      expect(answer.upload_path).toMatch(/^story\/[0-9a-f]{32}\/q\d\/index\.m3u8$/);
      folders.add(answer.upload_path!.split('/')[1]);
      expect((await request(ctx.app).get(`/files/${answer.upload_path}`)).status).toBe(404);
      const signed = new URL(ctx.deps.media!.sign(answer.upload_path!, shareAudience(link.id), new Date())).pathname;
      const playlist = await request(ctx.app).get(signed);
      expect(playlist.status).toBe(200);
      expect(playlist.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
      const segments = playlist.text.split('\n').filter((l) => l && !l.startsWith('#'));
      expect(segments.length).toBeGreaterThan(0);
      for (const segment of segments) {
        expect(segment).toMatch(/^[a-z0-9]+\.ts$/);
        const base = answer.upload_path!.slice(0, -'index.m3u8'.length);
        expect((await request(ctx.app).get(`/files/${base}${segment}`)).status).toBe(404);
        // The relative segment line resolves under the playlist's token.
        const media = await request(ctx.app)
          .get(new URL(segment, `http://x${signed}`).pathname)
          .buffer(true);
        expect(media.status).toBe(200);
        expect(media.headers['content-type']).toBe('video/mp2t');
        expect(media.body.length).toBeGreaterThan(1000);
        expect(media.body[0]).toBe(0x47); // MPEG-TS sync byte
      }
    }
    expect(folders.size).toBe(1);
  });

  it('keeps each demo CV private and serves it, to its candidate, as a well-formed PDF recorded in uploads', async () => {
    const withCv = await Application.findAll({ where: { cv_key: { [Op.ne]: null } } });
    expect(withCv.length).toBeGreaterThan(2);
    for (const a of withCv) {
      expect(a.cv_key).toMatch(/^picture\/[0-9a-f]{32}\.pdf$/);
      const upload = (await Upload.findOne({ where: { key: a.cv_key! } }))!;
      expect([upload.kind, upload.owner_id]).toEqual(['cv', a.candidate_id]);
      expect((await request(ctx.app).get(`/files/${a.cv_key}`)).status).toBe(404);
      const res = await request(ctx.app)
        .get(new URL(ctx.deps.media!.sign(a.cv_key!, userAudience(a.candidate_id), new Date())).pathname)
        .set(await bearer({ id: a.candidate_id }))
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = (res.body as Buffer).toString('latin1');
      expect(pdf.length).toBe(upload.size);
      expect(pdf.startsWith('%PDF-1.4')).toBe(true);
      // Every cross-reference offset points at its object, so readers open it without repair.
      const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)![1]);
      const entries = pdf
        .slice(xrefAt)
        .split('\n')
        .slice(3)
        .filter((l) => / n $/.test(l));
      expect(entries.length).toBe(5);
      entries.forEach((line, i) => expect(pdf.slice(Number(line.slice(0, 10))).startsWith(`${i + 1} 0 obj`)).toBe(true));
    }
  });

  it('removes rows hanging on demo users when it resets, keeping counters true', async () => {
    // The seeded state, then an offer added on a demo recruiter (its counters follow): the reset
    // removes the offer and gives back the seeded rows and counters.
    const before = await dump();
    await makeOffer(DEMO_IDS.recruiter, { job_code: 'XTRA75', created_by_id: DEMO_IDS.recruiter, title: 'Offre ajoutée', company_name: 'Maison Demo' });
    expect(await Offer.count({ where: { job_code: 'XTRA75' } })).toBe(1);
    await seedDemo({ storage: ctx.deps.storage, now: NOW, reset: true });
    expect(await Offer.count({ where: { job_code: 'XTRA75' } })).toBe(0);
    const after = await dump();
    expect(after).toEqual(before);
    await expectCountersAsDefined();
  });

  it('refuses, changing nothing, when a row of someone else holds a demo id', async () => {
    const owner = await makeUser({ profile: 'manager', email: 'someone@else.test' });
    await Template.update({ owner_id: owner.id }, { where: { id: 1 } }); // template 1 is no longer the demo's
    const before = await dump();
    const err = await seedDemo({ storage: ctx.deps.storage, now: NOW, reset: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DemoSeedError);
    expect((err as Error).message).toMatch(/already taken/);
    expect(await dump()).toEqual(before);
  });
});
