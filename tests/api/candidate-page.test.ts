// A candidate's own applications (GET /apis/candidate/applications, the /candidate page, decision
// 283): only their own, each with what they are told (never the company's working state), the
// answers in, and the deadline of an unfinished one; past it, a new answer is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { makeApplication, makeOffer, makeUser, updateApplication } from '../helpers/fixtures.js';
import { createUpload } from '../helpers/tus.js';
import { APPLICATION_FINISH_DAYS } from '../../models/rules/video.js';
import type { Offer, User } from '../../models/index.js';

let ctx: TestContext;
let recruiter: User;
const offers: Offer[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  recruiter = await makeUser({ profile: 'recruiter' });
  for (const title of ['Barista', 'Serveur', 'Caissier', 'Vendeur', 'Plongeur']) offers.push(await makeOffer(recruiter, { title, company_name: 'Café Lumière' }));
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /apis/candidate/applications', () => {
  it('lists only the caller’s applications with their status, answers in and deadline', async () => {
    const me = await makeUser({ profile: 'candidate' });
    const other = await makeUser({ profile: 'candidate' });
    const [barista, serveur, caissier, vendeur, plongeur] = offers;
    const unfinished = await makeApplication(me, barista, { state: 'applying', answered: ['q1'] });
    const rejected = await makeApplication(me, serveur);
    await updateApplication(rejected, { recruiter_state: 'rejected' });
    const waiting = await makeApplication(me, caissier);
    await updateApplication(waiting, { recruiter_state: 'wait_reject' });
    await makeApplication(me, vendeur, { recruiter_state: 'new' });
    const late = await makeApplication(me, plongeur, { state: 'applying', answered: [] });
    await updateApplication(late, { start_date: new Date(Date.now() - (APPLICATION_FINISH_DAYS + 1) * 24 * 3600_000) });
    await makeApplication(other, barista);

    const res = await request(ctx.app)
      .get('/apis/candidate/applications')
      .set(await bearer(me));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const byTitle = Object.fromEntries((res.body.Items as Array<Record<string, unknown>>).map((i) => [i.offer_title, i]));
    expect(Object.keys(byTitle).sort()).toEqual(['Barista', 'Caissier', 'Plongeur', 'Serveur', 'Vendeur']);
    expect(byTitle.Barista).toMatchObject({ job_code: barista.job_code, company_name: 'Café Lumière', status: 'unfinished', answered: 1, questions: 3 });
    const deadline = new Date(unfinished.start_date!.getTime() + APPLICATION_FINISH_DAYS * 24 * 3600_000).toISOString();
    expect(byTitle.Barista.deadline).toBe(deadline);
    expect(byTitle.Serveur).toMatchObject({ status: 'not_selected', deadline: null, answered: 3 });
    // A rejection not yet final reads as seen: the company may still change its mind.
    expect(byTitle.Caissier.status).toBe('seen');
    expect(byTitle.Vendeur.status).toBe('sent');
    expect(byTitle.Plongeur.status).toBe('closed');
    // No working state of the company in the answer.
    expect(JSON.stringify(res.body)).not.toMatch(/wait_reject|recruiter_state/);
  });

  it("answers each offer's logo as the page draws it at 64 px: the 100x100 copy (decision 310)", async () => {
    const me = await makeUser({ profile: 'candidate' });
    const key = `picture/${'ab'.repeat(16)}.png`;
    const stored = await makeOffer(recruiter, { title: 'Pâtissier', company_picture: key });
    const uploaded = await makeOffer(recruiter, { title: 'Boulanger', company_picture: `http://127.0.0.1:3999/files/${key}` });
    const elsewhere = await makeOffer(recruiter, { title: 'Livreur', company_picture: 'https://cdn.example/logo.png' });
    const none = await makeOffer(recruiter, { title: 'Commis', company_picture: null });
    for (const offer of [stored, uploaded, elsewhere, none]) await makeApplication(me, offer);
    const res = await request(ctx.app)
      .get('/apis/candidate/applications')
      .set(await bearer(me));
    const byTitle = Object.fromEntries((res.body.Items as Array<Record<string, unknown>>).map((i) => [i.offer_title, i]));
    expect(byTitle['Pâtissier']).toMatchObject({ company_picture: key, company_picture_sources: { src: `/files/100x100/${key}` } });
    // An address as the uploads answer it keeps its host.
    expect(byTitle.Boulanger.company_picture_sources).toEqual({ src: `http://127.0.0.1:3999/files/100x100/${key}` });
    // Another site's picture is not resized here; no picture, no sources.
    expect(byTitle.Livreur.company_picture_sources).toEqual({ src: 'https://cdn.example/logo.png' });
    expect(byTitle.Commis.company_picture_sources).toBeNull();
  });

  it('is for signed-in candidates only', async () => {
    expect((await request(ctx.app).get('/apis/candidate/applications')).status).toBe(401);
    expect(
      (
        await request(ctx.app)
          .get('/apis/candidate/applications')
          .set(await bearer(recruiter))
      ).status,
    ).toBe(403);
  });

  it('refuses a new answer once the deadline of an unfinished application is over', async () => {
    const me = await makeUser({ profile: 'candidate' });
    const app = await makeApplication(me, offers[0], { state: 'applying', answered: [] });
    const auth = await bearer(me);
    expect((await createUpload(ctx.app, auth, app.id, 'q1', 1000)).status).toBe(201);
    await updateApplication(app, { start_date: new Date(Date.now() - (APPLICATION_FINISH_DAYS + 1) * 24 * 3600_000) });
    const late = await createUpload(ctx.app, auth, app.id, 'q2', 1000);
    expect(late.status).toBe(409);
    expect(JSON.parse(late.text)).toMatchObject({ error: 'application_deadline_passed' });
  });
});
