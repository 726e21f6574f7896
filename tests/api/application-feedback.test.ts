// GET /apis/applications/:id/feedback: what outside reviewers voted and wrote on an application's
// share links, for the candidate side panel of the manager area and the recruiter dashboard. The
// offer's side sees it (recruiter, their manager, staff); the candidate and the other company are
// told the application does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addToTeam, makeApplication, makeOffer, makeShareLink, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { Feedback, ShareView, type Application, type User } from '../../models/index.js';

let ctx: TestContext;
let candidate: User;
let recruiter: User;
let manager: User;
let otherManager: User;
let admin: User;
let application: Application;
let bare: Application;

async function review(link: { id: number }, name: string, feedback: number, comment: string | null, at: Date) {
  const view = await ShareView.create({ view_id: `v${Math.random().toString(36).slice(2, 12)}`, share_link_id: link.id, created_at: at });
  await Feedback.create({ share_link_id: link.id, share_view_id: view.id, name, feedback, comment, created_at: at });
}

beforeAll(async () => {
  ctx = await createTestContext();
  candidate = await makeUser({ profile: 'candidate' });
  recruiter = await makeUser({ profile: 'recruiter' });
  manager = await makeUser({ profile: 'manager' });
  otherManager = await makeUser({ profile: 'manager' });
  admin = await makeUser({ profile: 'recruiter', is_admin: true });
  await addToTeam(manager, recruiter);
  const offer = await makeOffer(recruiter);
  application = await makeApplication(candidate, offer);
  bare = await makeApplication(await makeUser({ profile: 'candidate' }), offer);
  // Two links (the first one spent), three reviews in all.
  const first = await makeShareLink(application, recruiter, { views: 50, max_views: 50 });
  const second = await makeShareLink(application, manager);
  await review(first, 'Alice Relectrice', 1, 'Très bon contact.', new Date('2026-01-02T10:00:00Z'));
  await review(first, 'Bruno Relecteur', -1, null, new Date('2026-01-03T10:00:00Z'));
  await review(second, 'Chloé Relectrice', 1, 'Motivée', new Date('2026-01-04T10:00:00Z'));
});
afterAll(async () => ctx?.close());

describe('GET /apis/applications/:id/feedback', () => {
  it('answers every review of every share link, newest first, with the vote counts', async () => {
    for (const who of [recruiter, manager, admin]) {
      const res = await request(ctx.app)
        .get(`/apis/applications/${application.id}/feedback`)
        .set(await bearer(who));
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toEqual({
        id: application.id,
        up: 2,
        down: 1,
        items: [
          { name: 'Chloé Relectrice', feedback: 1, comment: 'Motivée', created_at: '2026-01-04T10:00:00.000Z' },
          { name: 'Bruno Relecteur', feedback: -1, comment: null, created_at: '2026-01-03T10:00:00.000Z' },
          { name: 'Alice Relectrice', feedback: 1, comment: 'Très bon contact.', created_at: '2026-01-02T10:00:00.000Z' },
        ],
      });
    }
  });

  it('answers an empty list for an application never shared', async () => {
    const res = await request(ctx.app)
      .get(`/apis/applications/${bare.id}/feedback`)
      .set(await bearer(manager));
    expect(res.body).toEqual({ id: bare.id, up: 0, down: 0, items: [] });
  });

  it('tells the candidate, the other company and unknown ids that the application does not exist', async () => {
    for (const [who, id] of [
      [candidate, application.id],
      [otherManager, application.id],
      [manager, 999999],
      [manager, 'abc'],
    ] as const) {
      const res = await request(ctx.app)
        .get(`/apis/applications/${id}/feedback`)
        .set(await bearer(who));
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('application_not_found');
    }
    expect((await request(ctx.app).get(`/apis/applications/${application.id}/feedback`)).status).toBe(401);
  });
});
