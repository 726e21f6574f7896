import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addToTeam, makeApplication, makeLead, makeOffer, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { decodePng, encodePng } from '../helpers/png.js';
import { ApplicationAnswer, Application, AuditEntry, CloseEvent, CustomLanding, ManagerRecruiter, Offer, PlanLimit, Upload, User, WishlistEntry } from '../../models/index.js';
import { customLandings } from '../../models/resources/custom-landings/resource.js';
import { declaredDefaults } from '../../models/resources/schema.js';

let ctx: TestContext;
let admin: User;
let auth: { Authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await makeUser({ profile: 'recruiter', is_admin: true });
  auth = await bearer(admin);
});
afterAll(async () => ctx?.close());

const list = (resource: string, params: Record<string, unknown> = {}) =>
  request(ctx.app)
    .get(`/apis/console/${resource}`)
    .query(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))
    .set(auth);
const act = (resource: string, id: string | number, action: string, body: object = {}) => request(ctx.app).post(`/apis/console/${resource}/${id}/${action}`).set(auth).send(body);

describe('console access', () => {
  it('answers 401 to anonymous callers and 403 with the spec message to non-staff', async () => {
    const anon = await request(ctx.app).get('/apis/console/users');
    expect(anon.status).toBe(401);
    const cand = await makeUser({ profile: 'candidate' });
    const res = await request(ctx.app)
      .get('/apis/console/users')
      .set(await bearer(cand));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Le site est en cours de développement, merci de votre patience.');
    const rec = await makeUser({ profile: 'recruiter' });
    const act403 = await request(ctx.app)
      .post(`/apis/console/users/${rec.id}/boosters`)
      .set(await bearer(rec))
      .send({ count: 3 });
    expect(act403.status).toBe(403);
    expect((await User.findByPk(rec.id))!.av_boost).toBe(0);
  });

  it('scopes offers: a recruiter sees only their own, a manager those of their recruiters', async () => {
    const r1 = await makeUser({ profile: 'recruiter' });
    const r2 = await makeUser({ profile: 'recruiter' });
    const mgr = await makeUser({ profile: 'manager' });
    const o1 = await makeOffer(r1.id);
    const o2 = await makeOffer(r2.id);
    await addToTeam(mgr, r1);
    const mine = await request(ctx.app)
      .get('/apis/console/offers')
      .set(await bearer(r1));
    expect(mine.status).toBe(200);
    expect(mine.body.map((o: { id: number }) => o.id)).toEqual([o1.id]);
    expect(
      (
        await request(ctx.app)
          .get(`/apis/console/offers/${o2.id}`)
          .set(await bearer(r1))
      ).status,
    ).toBe(404);
    const managed = await request(ctx.app)
      .get('/apis/console/offers')
      .set(await bearer(mgr));
    expect(managed.body.map((o: { id: number }) => o.id)).toEqual([o1.id]);
    const all = await list('offers', { filter: { id: [o1.id, o2.id] } });
    expect(all.body).toHaveLength(2);
    const cand = await makeUser({ profile: 'candidate' });
    expect(
      (
        await request(ctx.app)
          .get('/apis/console/offers')
          .set(await bearer(cand))
      ).status,
    ).toBe(403);
  });
});

describe('users list', () => {
  it('filters by profile, date range, search and counter ranges, with a Content-Range count', async () => {
    const a = await makeUser({ profile: 'candidate', name: 'Zoé Quintard', email: 'zoe.quintard@example.test' });
    const b = await makeUser({ profile: 'candidate', name: 'Paul Martin' });
    const r = await makeUser({ profile: 'recruiter', name: 'Rita Recruteuse' });
    const offer = await makeOffer(r.id);
    await makeApplication(b.id, offer);
    const res = await list('users', { filter: { profile: 'candidate', q: 'quint' }, sort: ['created_at', 'DESC'], range: [0, 24] });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { id: string }) => u.id)).toEqual([a.id]);
    expect(res.headers['content-range']).toBe('users 0-0/1');
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    const noApps = await list('users', { filter: { profile: 'candidate', applications_count_gte: 0, applications_count_lte: 0 } });
    const ids = noApps.body.map((u: { id: string }) => u.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    const withApps = await list('users', { filter: { profile: 'candidate', applications_count_gte: 1, applications_count_lte: 5 } });
    expect(withApps.body.map((u: { id: string }) => u.id)).toEqual([b.id]);
    expect(withApps.body[0].applications_count).toBe(1);
    expect(withApps.body[0].wishlist_count).toBe(1);
    const recruiters = await list('users', { filter: { profile: 'recruiter', q: 'rita' } });
    expect(recruiters.body[0].offers_count).toBe(1);
    expect(recruiters.body[0].candidates_count).toBe(1);
    const future = await list('users', { filter: { profile: 'candidate', created_gte: '2099-01-01' } });
    expect(future.body).toEqual([]);
    expect(future.headers['content-range']).toBe('users 0-0/0');
    expect((await list('users', { filter: { profile: 'nobody' } })).status).toBe(400);
    expect((await request(ctx.app).get('/apis/console/users?range=oops').set(auth)).status).toBe(400);
  });

  it('pages with a keyset cursor that continues where the offset page ended', async () => {
    for (let i = 0; i < 5; i++) await makeUser({ profile: 'manager', name: `Manager ${i}` });
    const first = await list('users', { filter: { profile: 'manager' }, range: [0, 1] });
    expect(first.body).toHaveLength(2);
    const byOffset = await list('users', { filter: { profile: 'manager' }, range: [2, 3] });
    const last = first.body[1];
    const byCursor = await list('users', { filter: { profile: 'manager', after: `${last.created_at}|${last.id}` }, range: [2, 3] });
    expect(byCursor.body.map((u: { id: string }) => u.id)).toEqual(byOffset.body.map((u: { id: string }) => u.id));
    expect(byCursor.headers['content-range']).toMatch(/^users 2-3\/\d+$/);
  });

  it('computes the card state: contactable rule, will_postulate yellow, closed grey', async () => {
    const fresh = await makeUser({ profile: 'candidate' });
    const old = await makeUser({ profile: 'candidate' });
    await old.update({ created_at: new Date(Date.now() - 7 * 3600_000) }, { silent: true });
    await User.update({ created_at: new Date(Date.now() - 7 * 3600_000) }, { where: { id: old.id }, silent: true });
    const get = async (id: string) => (await request(ctx.app).get(`/apis/console/users/${id}`).set(auth)).body;
    expect((await get(fresh.id)).state_color).toBe('grey');
    expect((await get(old.id)).contactable).toBe(true);
    expect((await get(old.id)).state_color).toBe('green');
    await act('users', old.id, 'contact', { actions: ['sms', 'will_postulate'] });
    const after = await get(old.id);
    expect(after.state_color).toBe('yellow');
    expect(after.contacts_count).toBe(2);
    expect(after.contact_history.map((h: { action: string }) => h.action).sort()).toEqual(['sms', 'will_postulate']);
  });
});

describe('user actions', () => {
  it('creates a recruiter through the identity service, with the spec refusals', async () => {
    const res = await request(ctx.app).post('/apis/console/users').set(auth).send({ name: 'Robert Recrue', email: 'Robert.Recrue@Example.test', password: 'secret123' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ profile: 'recruiter', email: 'robert.recrue@example.test', offers_count: 0 });
    const dup = await request(ctx.app).post('/apis/console/users').set(auth).send({ name: 'Robert Recrue', email: 'robert.recrue@example.test', password: 'secret123' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('This user already exists');
    const short = await request(ctx.app).post('/apis/console/users').set(auth).send({ name: 'Bob', email: 'bob@x.test', password: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Erreur: Name -> au moins 4 lettres, password -> au moins 6 et email -> au moins 14');
    expect(await AuditEntry.count({ where: { record_id: res.body.id, action: 'create_recruiter' } })).toBe(1);
  });

  it('changes the plan, with a numeric limit for custom only', async () => {
    const r = await makeUser({ profile: 'recruiter' });
    const res = await act('users', r.id, 'plan', { user_plan: 'custom', actives_offers: 7 });
    expect(res.status).toBe(200);
    expect((await User.findByPk(r.id))!.user_plan).toBe('custom');
    expect((await PlanLimit.findOne({ where: { user_id: r.id } }))!.actives_offers).toBe(7);
    const detail = await request(ctx.app).get(`/apis/console/users/${r.id}`).set(auth);
    expect(detail.body.actives_offers_limit).toBe(7);
    expect((await act('users', r.id, 'plan', { user_plan: 'custom', actives_offers: 'abc' })).body).toMatchObject({ error: 'bad_input', message: 'bad input' });
    expect((await act('users', r.id, 'plan', { user_plan: 'platinum' })).status).toBe(400);
    await act('users', r.id, 'plan', { user_plan: 'bplan' });
    expect((await request(ctx.app).get(`/apis/console/users/${r.id}`).set(auth)).body.actives_offers_limit).toBe(0);
    const entries = await AuditEntry.findAll({ where: { record_id: r.id, action: 'plan' } });
    expect(entries).toHaveLength(2);
    expect(entries[0].actor_id).toBe(admin.id);
    expect(entries[0].before_json).toMatchObject({ user_plan: 'free' });
    expect(entries[0].after_json).toMatchObject({ user_plan: 'custom', actives_offers: 7 });
  });

  it('adds boosters to available and total, refusing non-integers', async () => {
    const r = await makeUser({ profile: 'recruiter' });
    const res = await act('users', r.id, 'boosters', { count: 5 });
    expect(res.body).toMatchObject({ av_boost: 5, total_boost: 5 });
    expect((await act('users', r.id, 'boosters', { count: 'x' })).status).toBe(400);
    expect((await act('users', r.id, 'boosters', { count: 0 })).status).toBe(400);
    const cand = await makeUser({ profile: 'candidate' });
    expect((await act('users', cand.id, 'boosters', { count: 2 })).body.error).toBe('not_a_recruiter');
    expect((await act('users', 'nobody', 'boosters', { count: 2 })).body).toMatchObject({ error: 'user_not_found', message: "Cet utilisateur n'existe pas" });
  });

  it('closes a user: close event, no longer contactable', async () => {
    const c = await makeUser({ profile: 'candidate' });
    const res = await act('users', c.id, 'close');
    expect(res.status).toBe(200);
    const u = await User.findByPk(c.id);
    expect(u!.contactable).toBe(false);
    expect(await CloseEvent.count({ where: { user_id: c.id } })).toBe(1);
    const open = await list('users', { filter: { profile: 'candidate', id: [c.id] } });
    expect(open.body).toEqual([]);
    const shown = await list('users', { filter: { profile: 'candidate', id: [c.id], show_closed: true } });
    expect(shown.body[0].state_color).toBe('grey');
  });

  it('refuses a contact entry with no action ticked', async () => {
    const c = await makeUser({ profile: 'candidate' });
    const res = await act('users', c.id, 'contact', { actions: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Aucune action selectionné');
    expect((await act('users', c.id, 'contact', { actions: ['fax'] })).status).toBe(400);
  });

  it('assigns recruiters to a manager and refuses a manager removing themselves', async () => {
    const m = await makeUser({ profile: 'manager' });
    const r1 = await makeUser({ profile: 'recruiter' });
    const r2 = await makeUser({ profile: 'recruiter' });
    const res = await act('users', m.id, 'recruiters', { add: [r1.id, r2.id] });
    expect(res.body.recruiters.sort()).toEqual([r1.id, r2.id].sort());
    const managed = await list('users', { filter: { profile: 'recruiter', managed_by: m.id } });
    expect(managed.body).toHaveLength(2);
    await act('users', m.id, 'recruiters', { remove: [r2.id] });
    expect(await ManagerRecruiter.count({ where: { manager_id: m.id } })).toBe(1);
    const self = await act('users', m.id, 'recruiters', { remove: [m.id] });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('manager_self_removal');
    expect(await AuditEntry.count({ where: { record_id: m.id, action: 'recruiters_refused' } })).toBe(1);
    expect((await act('users', m.id, 'recruiters', { add: ['ghost'] })).status).toBe(404);
  });

  it('substitutes: merges a recruiter into another in one go, counters and boosters included', async () => {
    const target = await makeUser({ profile: 'recruiter' });
    const source = await makeUser({ profile: 'recruiter' });
    const mgr = await makeUser({ profile: 'manager' });
    await addToTeam(mgr, source, target);
    await source.update({ av_boost: 2, total_boost: 3 });
    const o1 = await makeOffer(target.id);
    const o2 = await makeOffer(source.id);
    const cand = await makeUser({ profile: 'candidate' });
    await makeApplication(cand.id, o2);
    const res = await act('users', target.id, 'substitute', { user: source.id });
    expect(res.status).toBe(200);
    expect(await User.findByPk(source.id)).toBeNull();
    expect((await Offer.findByPk(o2.id))!.recruiter_id).toBe(target.id);
    expect((await Offer.findByPk(o1.id))!.recruiter_id).toBe(target.id);
    expect(await Application.count({ where: { recruiter_id: target.id } })).toBe(1);
    const t = await User.findByPk(target.id);
    expect(t).toMatchObject({ offers_count: 2, actives_offers_count: 2, candidates_count: 1, av_boost: 2, total_boost: 3 });
    expect(await ManagerRecruiter.count({ where: { manager_id: mgr.id } })).toBe(1);
    expect((await act('users', target.id, 'substitute', { user: target.id })).status).toBe(400);
    expect((await act('users', target.id, 'substitute', { user: cand.id })).body.error).toBe('not_a_recruiter');
  });

  it('substitutes across companies only when staff typed the merged account e-mail; a preview says what moves', async () => {
    const target = await makeUser({ profile: 'manager', customer_name: 'Alpha Boulangeries' });
    const otherManager = await makeUser({ profile: 'manager', customer_name: 'Beta Coiffure' });
    const source = await makeUser({ profile: 'recruiter', email: `merge.source.${Date.now()}@example.test` });
    await addToTeam(otherManager, source);
    await source.update({ av_boost: 4, total_boost: 4 });
    await makeOffer(source.id);
    await makeOffer(source.id);

    const preview = await act('users', target.id, 'substitute', { user: source.id, preview: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      target: { id: target.id, company: 'Alpha Boulangeries' },
      source: { id: source.id, email: source.email, company: 'Beta Coiffure' },
      moves: { offers: 2, applications: 0, boosters: 4 },
      cross_company: true,
    });
    expect(await User.findByPk(source.id)).not.toBeNull();

    for (const confirm of [undefined, '', 'someone.else@example.test']) {
      const refused = await act('users', target.id, 'substitute', { user: source.id, confirm });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('substitute_confirm_required');
      expect(refused.body.message).toContain(source.email);
    }
    expect(await User.findByPk(source.id)).not.toBeNull();
    expect(await Offer.count({ where: { recruiter_id: source.id } })).toBe(2);

    const merged = await act('users', target.id, 'substitute', { user: source.id, confirm: ` ${source.email.toUpperCase()} ` });
    expect(merged.status).toBe(200);
    expect(merged.body.moved).toMatchObject({ offers: 2 });
    expect(await User.findByPk(source.id)).toBeNull();
    expect(await Offer.count({ where: { recruiter_id: target.id } })).toBe(2);
  });

  it('deletes a user permanently (console and DELETE /apis/delete-user) and keeps counters true', async () => {
    const r = await makeUser({ profile: 'recruiter' });
    const offer = await makeOffer(r.id);
    const cand = await makeUser({ profile: 'candidate' });
    await makeApplication(cand.id, offer);
    expect((await User.findByPk(cand.id))!.applications_count).toBe(1);
    const res = await request(ctx.app).delete(`/apis/delete-user?user=${r.id}`).set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Utilisateur supprimé' });
    expect(await User.findByPk(r.id)).toBeNull();
    expect(await Offer.count({ where: { recruiter_id: r.id } })).toBe(0);
    const c = await User.findByPk(cand.id);
    expect(c!.applications_count).toBe(0);
    expect(c!.wishlist_count).toBe(0);
    const again = await request(ctx.app).delete(`/apis/delete-user?user=${r.id}`).set(auth);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Cet utilisateur n'existe pas");
    const del = await request(ctx.app).delete(`/apis/console/users/${cand.id}`).set(auth);
    expect(del.status).toBe(200);
    expect(del.body.id).toBe(cand.id);
    expect(await User.findByPk(cand.id)).toBeNull();
    expect((await request(ctx.app).delete('/apis/delete-user').set(auth)).status).toBe(400);
    const nonAdmin = await makeUser({ profile: 'recruiter' });
    expect(
      (
        await request(ctx.app)
          .delete(`/apis/delete-user?user=${nonAdmin.id}`)
          .set(await bearer(nonAdmin))
      ).status,
    ).toBe(403);
    expect(await AuditEntry.count({ where: { action: 'delete', resource: 'users', record_id: r.id } })).toBe(1);
  });
});

describe('application actions', () => {
  it('resets undone questions, refuses when nothing is undone, and force-sends', async () => {
    const r = await makeUser({ profile: 'recruiter' });
    const offer = await makeOffer(r.id);
    const cand = await makeUser({ profile: 'candidate' });
    const app = await makeApplication(cand.id, offer, { answered: ['q1'], state: 'complete' });
    expect((await User.findByPk(r.id))!.candidates_count).toBe(1);
    const res = await act('applications', app.id, 'reset');
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('applying');
    const answers = await ApplicationAnswer.findAll({ where: { application_id: app.id }, order: [['position', 'ASC']] });
    expect(answers.map((a) => a.state)).toEqual(['done', null, null]);
    expect(answers.map((a) => a.method)).toEqual(['app', 'storage', 'storage']);
    expect((await WishlistEntry.findOne({ where: { candidate_id: cand.id, offer_id: offer.id } }))!.state).toBe('applying');
    expect((await User.findByPk(r.id))!.candidates_count).toBe(0);
    const sent = await act('applications', app.id, 'force-send');
    expect(sent.body).toMatchObject({ state: 'complete', recruiter_state: 'new' });
    // It answers with the questions as sent, so the console can say "1 of 3 answers".
    expect(sent.body.questions.map((q: { id: string; state: string | null }) => [q.id, q.state])).toEqual([
      ['q1', 'done'],
      ['q2', null],
      ['q3', null],
    ]);
    expect((await User.findByPk(r.id))!.candidates_count).toBe(1);

    const full = await makeApplication((await makeUser({ profile: 'candidate' })).id, offer);
    const refused = await act('applications', full.id, 'reset');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Aucune question a reset, l'action n'est pas possible.");
    expect((await act('applications', 999999, 'reset')).status).toBe(404);
    const detail = await list('applications', { filter: { candidate_id: cand.id } });
    expect(detail.body[0].questions).toHaveLength(3);
    expect(detail.body[0].job_code).toBe(offer.job_code);
  });
});

describe('landing leads, offers and wishlists', () => {
  it('lists leads without account by notif state, and GET /apis/job-interest gives Items', async () => {
    const l2 = await makeLead({ notif: 2, lastname: 'Bernardin' });
    await makeLead({ notif: 3 });
    const owned = await makeUser({ profile: 'candidate' });
    await makeLead({ notif: 2, user_id: owned.id });
    const res = await list('landings', { filter: { notif: 2 } });
    expect(res.body.map((l: { id: number }) => l.id)).toEqual([l2.id]);
    expect(res.body[0].contactable).toBe(true);
    expect((await list('landings', { filter: { notif: 2, q: 'bernar' } })).body).toHaveLength(1);
    expect((await list('landings', { filter: { notif: 5 } })).status).toBe(400);
    const items = await request(ctx.app).get('/apis/job-interest').set(auth);
    expect(items.body.Items).toHaveLength(2);
  });

  it('gives staff the CV a lead sent with the form, at an address signed for them; null without one', async () => {
    const offer = await makeOffer((await makeUser({ profile: 'recruiter' })).id);
    const pdf = Buffer.from(`%PDF-1.4\n% lead ${Date.now()}\n%%EOF\n`);
    const up = await request(ctx.app).post('/apis/upload/cv').attach('file', pdf, { filename: 'cv.pdf', contentType: 'application/pdf' });
    expect(up.status, up.text).toBe(201);
    const apply = (email: string, cv: object) =>
      request(ctx.app)
        .post('/apis/submit-interest')
        .send({ job_code: offer.job_code, email, phone_number: '+33 6 12 34 56 78', firstname: 'Inès', lastname: 'Cévé', accept_cgu: true, ...cv });
    expect((await apply('lead.cv@example.fr', { use_cv: true, cv_file: up.body.key })).status).toBe(201);
    expect((await apply('lead.nocv@example.fr', { use_cv: false })).status).toBe(201);
    const rows = (await list('landings', { filter: { notif: 0, q: 'lead.' } })).body as Array<{ email: string; cv_url: string | null }>;
    const withCv = rows.find((r) => r.email === 'lead.cv@example.fr')!;
    expect(rows.find((r) => r.email === 'lead.nocv@example.fr')!.cv_url).toBeNull();
    expect(withCv.cv_url).toMatch(/^http:\/\/127\.0\.0\.1:3999\/media\//);
    const path = new URL(withCv.cv_url!).pathname;
    const down = await request(ctx.app)
      .get(path)
      .set(auth)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(down.status).toBe(200);
    expect((down.body as Buffer).equals(pdf)).toBe(true);
    // Signed for this staff member: without their session the address is refused.
    expect((await request(ctx.app).get(path)).status).toBe(403);
  });

  it('searches offers on the index and gives candidate counts; GET /apis/offer gives Items', async () => {
    const r = await makeUser({ profile: 'recruiter' });
    const o = await makeOffer(r.id, { company_name: 'Fromagerie Vauclair', city: 'Annecy' });
    await makeApplication((await makeUser({ profile: 'candidate' })).id, o);
    const res = await list('offers', { filter: { q: 'vauclair' } });
    expect(res.body.map((x: { id: number }) => x.id)).toEqual([o.id]);
    expect(res.body[0].candidates).toBe(1);
    expect((await list('offers', { filter: { q: o.job_code } })).body[0].id).toBe(o.id);
    const items = await request(ctx.app).get('/apis/offer').set(auth);
    expect(items.body.Items.length).toBeGreaterThan(0);
    const wl = await list('wishlists', { filter: { job_code: o.job_code, state: 'done' } });
    expect(wl.body).toHaveLength(1);
    expect(wl.body[0].job_code).toBe(o.job_code);
  });
});

describe('custom landings', () => {
  it('creates with defaults, normalises the identifier and refuses other characters or short ones', async () => {
    const res = await request(ctx.app).post('/apis/console/custom-landings').set(auth).send({ identifier: 'Super Marche_1', name: 'Super Marché' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ identifier: 'super-marche_1', company_hash: 'Super Marché', bg_color: '#000000', select_label: 'Magasin', logo_width: 300, logo_height: 120 });
    // What the console's create form starts with is what the server applies when a field is absent.
    expect(res.body).toMatchObject(declaredDefaults(customLandings));
    expect(res.body.select_description).toMatch(/^Choisissez le magasin/);
    expect(res.body.url).toMatch(/\/landing\/super-marche_1$/);
    const bad = await request(ctx.app).post('/apis/console/custom-landings').set(auth).send({ identifier: 'café', name: 'X' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Not allowed: é , allowed characters are: abcdefghijklmnopqrstuvwxyz0123456789-_');
    const short = await request(ctx.app).post('/apis/console/custom-landings').set(auth).send({ identifier: 'abc', name: 'X' });
    expect(short.body.message).toBe('Identifier doit faire au moins 3 chars');
    const dup = await request(ctx.app).post('/apis/console/custom-landings').set(auth).send({ identifier: 'super-marche_1', name: 'Y' });
    expect(dup.status).toBe(409);
    const edit = await request(ctx.app).put(`/apis/console/custom-landings/${res.body.id}`).set(auth).send({ name: 'Hyper', bg_color: '#ff0000' });
    expect(edit.body).toMatchObject({ name: 'Hyper', company_hash: 'Hyper', bg_color: '#ff0000' });
    expect((await request(ctx.app).put(`/apis/console/custom-landings/${res.body.id}`).set(auth).send({ bg_color: 'red' })).status).toBe(400);
    const del = await request(ctx.app).delete(`/apis/console/custom-landings/${res.body.id}`).set(auth);
    expect(del.status).toBe(200);
    expect(await CustomLanding.count()).toBe(0);
    const log = await list('audit-log', { filter: { resource: 'custom-landings', record_id: String(res.body.id) } });
    expect(log.body.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    expect((await request(ctx.app).post('/apis/console/audit-log').set(auth).send({})).status).toBe(403);
  });

  it('answers a Dutch caller in Dutch: the identifier alert, the too-short and the taken messages', async () => {
    const post = (body: object) => request(ctx.app).post('/apis/console/custom-landings').set(auth).set('Accept-Language', 'nl-BE,nl;q=0.9').send(body);
    const bad = await post({ identifier: 'café', name: 'X' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'identifier_not_allowed', message: 'Niet toegestaan: é , toegestane tekens zijn: abcdefghijklmnopqrstuvwxyz0123456789-_' });
    expect((await post({ identifier: 'abc', name: 'X' })).body.message).toBe('De identifier moet minstens 3 tekens hebben');
    expect((await post({ identifier: 'nl-winkel', name: 'Winkel' })).status).toBe(201);
    expect((await post({ identifier: 'nl-winkel', name: 'Winkel' })).body.message).toBe('Deze identifier wordt al door een andere landingspagina gebruikt.');
    await CustomLanding.destroy({ where: { identifier: 'nl-winkel' } });
  });

  it('takes a real PNG logo uploaded by staff; a non-image is refused and nothing is stored', async () => {
    const logo = encodePng(30, 12, (x) => [x * 8, 40, 255 - x * 8]);
    const up = await request(ctx.app).post('/apis/upload/image').set(auth).attach('file', logo, { filename: 'Logo Boutique.PNG', contentType: 'image/png' });
    expect(up.status).toBe(201);
    expect(up.body.key).toMatch(/^picture\/[0-9a-f]{32}\.png$/);
    expect(up.body.url).toBe(`http://127.0.0.1:3999/files/${up.body.key}`);
    const row = await Upload.findOne({ where: { key: up.body.key } });
    expect([row!.kind, row!.content_type, row!.size, row!.owner_id]).toEqual(['image', 'image/png', logo.length, admin.id]);

    const res = await request(ctx.app).post('/apis/console/custom-landings').set(auth).send({ identifier: 'logo-shop', name: 'Logo Shop', logo_src: up.body.url, logo_width: 150, logo_height: 60 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ logo_src: up.body.url, logo_width: 150, logo_height: 60 });
    expect((await CustomLanding.findOne({ where: { identifier: 'logo-shop' } }))!.logo_src).toBe(up.body.url);
    const config = await request(ctx.app).get('/apis/landing-config/logo-shop');
    expect(config.body.config.logo).toEqual({ src: up.body.url, width: 150, height: 60 });
    const served = await request(ctx.app).get(new URL(up.body.url).pathname).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const image = decodePng(served.body as Buffer);
    expect([image.width, image.height, image.level(0, 0), image.level(29, 11)]).toEqual([30, 12, 0, 232]);

    const pictures = path.join(ctx.settings.storageDir, 'picture');
    const filesBefore = fs.readdirSync(pictures).sort();
    const uploadsBefore = await Upload.count();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 0x20)]);
    for (const [file, name] of [
      [Buffer.from('Ceci est un texte, pas une image.\n'), 'logo.png'],
      [pdf, 'plaquette.png'],
    ] as const) {
      const refused = await request(ctx.app).post('/apis/upload/image').set(auth).attach('file', file, { filename: name, contentType: 'image/png' });
      expect(refused.status, name).toBe(400);
      expect(refused.body).toEqual({ error: 'image_mime_type_error', message: 'image mime type error' });
    }
    expect(await Upload.count()).toBe(uploadsBefore);
    expect(fs.readdirSync(pictures).sort()).toEqual(filesBefore);
  });
  it('takes as logo only nothing or an image uploaded here; other addresses are refused 400 and nothing is stored', async () => {
    const up = await request(ctx.app)
      .post('/apis/upload/image')
      .set(auth)
      .attach(
        'file',
        encodePng(8, 8, () => [10, 20, 30]),
        { filename: 'l.png', contentType: 'image/png' },
      );
    expect(up.status).toBe(201);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 0x20)]);
    const cv = await request(ctx.app).post('/apis/upload/cv').attach('file', pdf, { filename: 'cv.pdf', contentType: 'application/pdf' });
    expect(cv.status).toBe(201);
    // A CV has no public address (decision 085): the address a PDF would have is refused all the same.
    expect(cv.body.url).toBeNull();
    const base = `${ctx.settings.publicUrl}/files`;
    const cvUrl = `${base}/${cv.body.key}`;
    const refusedSources = [
      'https://evil.example/x.png',
      'javascript:alert(document.cookie)',
      cvUrl, // a CV (a PDF uploaded through /apis/upload/cv) is not an image
      cvUrl.replace(/\.pdf$/, '.png'), // nor is its name with another extension
      `https://evil.example/files/${up.body.key}`, // a real key on another site
      `${base}/picture/0badc0de.png`, // the right shape, never uploaded
      up.body.key, // the key alone is not the address the upload answered
      `${up.body.url}?x=1`,
      `data:image/png;base64,${encodePng(2, 2, () => [0, 0, 0]).toString('base64')}`,
    ];

    const landingsBefore = await CustomLanding.count();
    const auditBefore = await AuditEntry.count();
    for (const logo_src of refusedSources) {
      const res = await request(ctx.app).post('/apis/console/custom-landings').set(auth).send({ identifier: 'logo-check', name: 'Logo', logo_src });
      expect(res.status, logo_src).toBe(400);
      expect(res.body, logo_src).toMatchObject({ error: 'logo_not_uploaded', message: 'Le logo doit être une image importée sur cette plateforme.', details: { field: 'logo_src' } });
    }
    expect(await CustomLanding.count()).toBe(landingsBefore);
    expect(await AuditEntry.count()).toBe(auditBefore);

    // The same rule on update: the landing keeps what it had.
    const created = await request(ctx.app).post('/apis/console/custom-landings').set(auth).send({ identifier: 'logo-check', name: 'Logo', logo_src: up.body.url });
    expect(created.status).toBe(201);
    expect(created.body.logo_src).toBe(up.body.url);
    const auditAfterCreate = await AuditEntry.count();
    for (const logo_src of refusedSources) {
      const res = await request(ctx.app).put(`/apis/console/custom-landings/${created.body.id}`).set(auth).send({ name: 'Changed', logo_src });
      expect(res.status, logo_src).toBe(400);
      expect(res.body.error, logo_src).toBe('logo_not_uploaded');
    }
    const kept = (await CustomLanding.findByPk(created.body.id))!;
    expect([kept.name, kept.logo_src]).toEqual(['Logo', up.body.url]);
    expect(await AuditEntry.count()).toBe(auditAfterCreate);

    // The message in the caller's language.
    const en = await request(ctx.app).put(`/apis/console/custom-landings/${created.body.id}?lang=en`).set(auth).send({ logo_src: 'https://evil.example/x.png' });
    expect(en.body.message).toBe('The logo must be an image uploaded to this platform.');
    const nl = await request(ctx.app).put(`/apis/console/custom-landings/${created.body.id}`).set(auth).set('Accept-Language', 'nl').send({ logo_src: 'https://evil.example/x.png' });
    expect(nl.body.message).toBe('Het logo moet een afbeelding zijn die naar dit platform is geüpload.');

    // An uploaded image is taken on update too (the console sends the whole record, logo unchanged);
    // an empty logo clears it, stored as null; an edit without logo_src leaves it alone.
    const again = await request(ctx.app).put(`/apis/console/custom-landings/${created.body.id}`).set(auth).send({ name: 'Logo 2', logo_src: up.body.url });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ name: 'Logo 2', logo_src: up.body.url });
    expect((await request(ctx.app).put(`/apis/console/custom-landings/${created.body.id}`).set(auth).send({ name: 'Logo 3' })).body.logo_src).toBe(up.body.url);
    const cleared = await request(ctx.app).put(`/apis/console/custom-landings/${created.body.id}`).set(auth).send({ logo_src: '' });
    expect(cleared.status).toBe(200);
    expect((await CustomLanding.findByPk(created.body.id))!.logo_src).toBeNull();
    const none = await request(ctx.app).post('/apis/console/custom-landings').set(auth).send({ identifier: 'logo-none', name: 'None', logo_src: null });
    expect(none.status).toBe(201);
    expect(none.body.logo_src).toBeNull();
    await CustomLanding.destroy({ where: { identifier: ['logo-check', 'logo-none'] } });
  });
});
