// Share links: GET and POST /apis/share-apply (public-web.md sections 3, 5, 7, 8; back-office.md section 7).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addToTeam, makeApplication, makeOffer, makeShareLink, makeShop, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { Feedback, ShareLink, ShareView, type Application, type Offer, type User } from '../../models/index.js';

let ctx: TestContext;
let server: http.Server;
let base: string;
let recruiter: User;
let candidate: User;
let offer: Offer;
let application: Application;

beforeAll(async () => {
  ctx = await createTestContext();
  server = http.createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  recruiter = await makeUser({ profile: 'recruiter', name: 'Claire Recruteuse' });
  candidate = await makeUser({ profile: 'candidate', name: 'Léa Dupont', email: 'lea.dupont@example.fr' });
  await candidate.update({ phone: '+33612345678', picture: 'picture/1a2b3c4d.jpg' });
  offer = await makeOffer(recruiter, { questions: ['Présentez-vous.', 'Pourquoi ce poste ?', 'Vos disponibilités ?'] });
  application = await makeApplication(candidate, offer, { answered: ['q1', 'q3'] });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

/** A story address signed for the link: short-lived, under /media, never the permanent /files one. */
const signedFor = (link: ShareLink, qid: string) =>
  expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:3999/media/\\d+\\.s${link.id}\\.[A-Za-z0-9_-]{43}/story/[0-9a-f]{32}/${qid}/index\\.m3u8$`));

const view = (shareId: string) => request(base).get(`/apis/share-apply/${shareId}`);
const post = (body: object, headers: Record<string, string> = {}) => request(base).post('/apis/share-apply').set(headers).send(body);

describe('GET /apis/share-apply/{share_id}', () => {
  it('counts a view and answers the application with its answered questions, in order', async () => {
    const link = await makeShareLink(application, recruiter);
    const res = await view(link.share_id);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      viewId: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      application: {
        // The picture as stored, and its 100x100 copy that the feedback page draws at 64 px (decision 310).
        candidate: { name: 'Léa Dupont', picture: 'picture/1a2b3c4d.jpg', picture_sources: { src: '/files/100x100/picture/1a2b3c4d.jpg' }, phone: '+33612345678', email: 'lea.dupont@example.fr' },
        recruiter: { name: 'Claire Recruteuse' },
        offer: { job_code: offer.job_code, title: offer.title },
        questions: [
          { id: 'q1', question: 'Présentez-vous.', url: signedFor(link, 'q1') },
          { id: 'q3', question: 'Vos disponibilités ?', url: signedFor(link, 'q3') },
        ],
      },
    });
    await link.reload();
    expect(link.views).toBe(1);
    const views = await ShareView.findAll({ where: { share_link_id: link.id } });
    expect(views.map((v) => v.view_id)).toEqual([res.body.viewId]);
  });

  it('names the application recruiter when the link has no sharer', async () => {
    const link = await makeShareLink(application, null);
    expect((await view(link.share_id)).body.application.recruiter).toEqual({ name: 'Claire Recruteuse' });
  });

  it.each(['unknownshareid0000000000', 'short', 'with space in it 000000'])('answers 404 share_not_found for %j', async (id) => {
    const res = await view(encodeURIComponent(id));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'share_not_found', message: 'Ce lien de partage n’existe pas.' });
  });

  it('refuses the view past max_views with 403 MaxViewLimit, untranslated', async () => {
    const link = await makeShareLink(application, recruiter, { views: 49 });
    expect((await view(link.share_id)).status).toBe(200);
    for (const lang of ['fr', 'en']) {
      const res = await view(link.share_id).set('accept-language', lang);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'MaxViewLimit', message: 'MaxViewLimit' });
    }
    await link.reload();
    expect(link.views).toBe(50);
    expect(await ShareView.count({ where: { share_link_id: link.id } })).toBe(1);
  });

  it('grants exactly 50 of 300 simultaneous views of a fresh link', async () => {
    const link = await makeShareLink(application, recruiter);
    const results = await Promise.all(Array.from({ length: 300 }, () => view(link.share_id)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 403);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(250);
    for (const r of refused) expect(r.body.error).toBe('MaxViewLimit');
    expect(new Set(ok.map((r) => r.body.viewId)).size).toBe(50);
    await link.reload();
    expect(link.views).toBe(50);
    expect(await ShareView.count({ where: { share_link_id: link.id } })).toBe(50);
  }, 60_000);
});

describe('POST /apis/share-apply: feedback', () => {
  async function freshView(): Promise<{ link: ShareLink; viewId: string }> {
    const link = await makeShareLink(application, recruiter);
    const res = await view(link.share_id);
    return { link, viewId: res.body.viewId as string };
  }

  async function expectRefused(body: object, status: number, code: string, message?: string) {
    const before = await Feedback.count();
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(code);
    if (message) expect(res.body.message).toBe(message);
    expect(await Feedback.count()).toBe(before);
  }

  it('stores the vote and comment and thanks with the recruiter name', async () => {
    const { link, viewId } = await freshView();
    const res = await post({ share_id: link.share_id, view_id: viewId, name: '  Marc Leroy ', comment: ' Très bon profil. ', feedback: -1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      error: false,
      message: 'Merci ! Votre avis a bien été transmis à Claire Recruteuse.',
      recruiter: { name: 'Claire Recruteuse' },
    });
    const stored = await Feedback.findOne({ where: { share_link_id: link.id } });
    expect(stored!.toJSON()).toMatchObject({ name: 'Marc Leroy', comment: 'Très bon profil.', feedback: -1 });
  });

  it('takes the vote as a string and the comment as optional', async () => {
    const { link, viewId } = await freshView();
    const res = await post({ share_id: link.share_id, view_id: viewId, name: 'Bob', feedback: '1' }, { 'accept-language': 'en' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Thank you! Your feedback has been sent to Claire Recruteuse.');
    expect((await Feedback.findOne({ where: { share_link_id: link.id } }))!.toJSON()).toMatchObject({ comment: null, feedback: 1 });
  });

  it('needs a view id of this link', async () => {
    const { link } = await freshView();
    const other = await freshView();
    const body = { share_id: link.share_id, name: 'Marc', feedback: 1 };
    await expectRefused(body, 400, 'view_id_required', 'L’identifiant de vue est obligatoire.');
    await expectRefused({ ...body, view_id: '  ' }, 400, 'view_id_required');
    await expectRefused({ ...body, view_id: other.viewId }, 404, 'view_not_found', 'Cette vue n’existe pas pour ce lien.');
    await expectRefused({ ...body, view_id: 'nope' }, 404, 'view_not_found');
    await expectRefused({ ...body, share_id: 'unknownshareid0000000000', view_id: other.viewId }, 404, 'share_not_found');
  });

  it('needs a name of at least 3 characters after trimming', async () => {
    const { link, viewId } = await freshView();
    const body = { share_id: link.share_id, view_id: viewId, feedback: 1 };
    await expectRefused({ ...body, name: '  ab  ' }, 400, 'feedback_name_too_short', 'Le nom doit comporter au moins 3 caractères.');
    await expectRefused(body, 400, 'feedback_name_too_short');
    await expectRefused({ ...body, name: 'x'.repeat(121) }, 400, 'feedback_name_too_long');
  });

  it.each([0, 2, -2, '0', 'up', null, undefined])('needs a vote of -1 or 1 (refuses %j)', async (feedback) => {
    const { link, viewId } = await freshView();
    await expectRefused({ share_id: link.share_id, view_id: viewId, name: 'Marc', feedback }, 400, 'feedback_vote_required', 'Merci de choisir un pouce levé ou baissé.');
  });

  it('limits the comment to 2000 characters', async () => {
    const { link, viewId } = await freshView();
    const body = { share_id: link.share_id, view_id: viewId, name: 'Marc', feedback: 1 };
    await expectRefused({ ...body, comment: 'x'.repeat(2001) }, 400, 'feedback_comment_too_long');
    expect((await post({ ...body, comment: 'x'.repeat(2000) })).status).toBe(200);
  });

  it('takes one feedback per view, even when they arrive together', async () => {
    const { link, viewId } = await freshView();
    const body = { share_id: link.share_id, view_id: viewId, name: 'Marc', feedback: 1 };
    const results = await Promise.all(Array.from({ length: 10 }, () => post(body)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0].body).toEqual({ error: 'feedback_already_sent', message: 'Un avis a déjà été envoyé pour cette vue.' });
    expect(await Feedback.count({ where: { share_link_id: link.id } })).toBe(1);
  });

  it('answers 400 missing_parameters for a body with neither payload', async () => {
    const res = await post({ hello: 'world' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('missing_parameters');
  });
});

describe('POST /apis/share-apply: a recruiter asks for the link', () => {
  const ask = (o: Offer, c: User, r: User | string = recruiter) => ({
    recruiter_id: typeof r === 'string' ? r : r.id,
    job_code: o.job_code,
    candidate_id: c.id,
  });

  it('needs a signed-in caller', async () => {
    const res = await post(ask(offer, candidate));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('unauthorized');
  });

  it('creates a link with an unguessable id, then returns the same one while it has views left', async () => {
    const o = await makeOffer(recruiter);
    const c = await makeUser();
    await makeApplication(c, o);
    const h = await bearer(recruiter);
    const first = await post(ask(o, c), h);
    expect(first.status).toBe(201);
    const shareId = first.body.shareItem.Pk as string;
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.body).toEqual({ shareItem: { Pk: shareId }, shareURL: `http://127.0.0.1:3999/feedback/${shareId}` });
    expect((await ShareLink.findOne({ where: { share_id: shareId } }))!.shared_by_id).toBe(recruiter.id);

    const again = await post(ask(o, c), h);
    expect(again.status).toBe(200);
    expect(again.body.shareItem.Pk).toBe(shareId);

    // The link works: the reviewer sees this candidate.
    expect((await view(shareId)).body.application.offer.job_code).toBe(o.job_code);

    await ShareLink.update({ views: 50 }, { where: { share_id: shareId } });
    const renewed = await post(ask(o, c), h);
    expect(renewed.status).toBe(201);
    expect(renewed.body.shareItem.Pk).not.toBe(shareId);
  });

  it('makes one link for simultaneous requests', async () => {
    const o = await makeOffer(recruiter);
    const c = await makeUser();
    const app = await makeApplication(c, o);
    const h = await bearer(recruiter);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(ask(o, c), h)));
    expect(new Set(results.map((r) => r.body.shareItem?.Pk)).size).toBe(1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await ShareLink.count({ where: { application_id: app.id } })).toBe(1);
  });

  it("lets staff and the offer recruiter's managers share, and nobody else (decision 190)", async () => {
    const lead = await makeUser({ profile: 'manager', user_plan: 'aplan' });
    await addToTeam(lead, recruiter);
    const teamOffer = await makeOffer(recruiter);
    await makeApplication(candidate, teamOffer);
    expect((await post(ask(teamOffer, candidate), await bearer(lead))).status).toBe(201);

    const admin = await makeUser({ profile: 'recruiter', is_admin: true });
    const adminView = await post(ask(teamOffer, candidate), await bearer(admin));
    expect(adminView.status).toBe(200);
    expect(adminView.body.shareItem.Pk).toEqual(expect.any(String));

    // Who created the offer, or owns the shop it names without the recruiter in their list, is no
    // manager of its recruiter: neither shares.
    const shopOwner = await makeUser({ profile: 'manager', user_plan: 'bplan' });
    const shop = await makeShop(shopOwner, { shopname: 'Lille Centre', recruiter_id: recruiter.id });
    const shopOffer = await makeOffer(recruiter, { shop_id: shop.id });
    await makeApplication(candidate, shopOffer);
    const creator = await makeUser({ profile: 'manager', user_plan: 'aplan' });
    const created = await makeOffer(recruiter, { created_by_id: creator.id });
    await makeApplication(candidate, created);

    const before = await ShareLink.count();
    const outsiders: Array<[Offer, User]> = [
      [offer, await makeUser({ profile: 'recruiter' })],
      [offer, await makeUser({ profile: 'manager', user_plan: 'bplan' })],
      [offer, candidate],
      [shopOffer, shopOwner],
      [created, creator],
    ];
    for (const [o, outsider] of outsiders) {
      const res = await post(ask(o, candidate), await bearer(outsider));
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('forbidden');
    }
    expect(await ShareLink.count()).toBe(before);
  });

  it('needs the offer, its recruiter and an application of the candidate', async () => {
    const h = await bearer(recruiter);
    const stranger = await makeUser();
    const other = await makeUser({ profile: 'recruiter' });
    const before = await ShareLink.count();
    const cases: Array<[object, number, string]> = [
      [{ ...ask(offer, candidate), job_code: 'ZZZZZZ' }, 404, 'offer_not_found'],
      [ask(offer, candidate, other), 404, 'offer_not_found'],
      [ask(offer, stranger), 404, 'application_not_found'],
      [{ recruiter_id: recruiter.id, job_code: offer.job_code }, 400, 'missing_parameters'],
      [{ ...ask(offer, candidate), candidate_id: '' }, 400, 'missing_parameters'],
    ];
    for (const [body, status, code] of cases) {
      const res = await post(body, h);
      expect([res.status, res.body.error]).toEqual([status, code]);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await ShareLink.count()).toBe(before);
    const nf = await post(ask(offer, stranger), h);
    expect(nf.body.message).toBe('Ce candidat n’a pas postulé à cette annonce.');
  });
});
