// Issue 22, "who may see an applicant": a draft's link may be handed to anyone, and whoever publishes
// with it (a candidate, another company's manager, another recruiter) gets nothing from it. The offer
// is the draft owner's; its applicants' media, reviewers' feedback, share links, moves and meetings
// are for the offer's side only: the owner, the owner's managers and staff (api/auth/access.ts,
// docs/decisions/190-who-may-see-an-applicant.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addToTeam, makeApplication, makeShareLink, makeUser, publishDraftAs } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { Application, AuditEntry, Feedback, ShareLink, ShareView, type Offer, type User } from '../../models/index.js';

let ctx: TestContext;
let owner: User;
let ownerManager: User;
let staff: User;
let applicant: User;
const KINDS = ['candidate', 'other company manager', 'other recruiter'] as const;
const holders = {} as Record<(typeof KINDS)[number], User>;
/** The offer each link holder published from one of the owner's drafts, and its one application. */
const published = new Map<User, { offer: Offer; application: Application }>();

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await makeUser({ profile: 'recruiter', name: 'Claire Recruteuse' });
  ownerManager = await makeUser({ profile: 'manager', name: 'Marc Manager' });
  await addToTeam(ownerManager, owner);
  staff = await makeUser({ profile: 'recruiter', is_admin: true });
  applicant = await makeUser({ profile: 'candidate', name: 'Léa Dupont', email: 'lea.dupont@example.test', phone: '0612345678' });
  holders.candidate = await makeUser({ profile: 'candidate', name: 'Paul Candidat' });
  holders['other company manager'] = await makeUser({ profile: 'manager', user_plan: 'bplan', name: 'Gérant Concurrent' });
  holders['other recruiter'] = await makeUser({ profile: 'recruiter', name: 'Autre Recruteur' });
  // The other company's manager has a team of their own.
  await addToTeam(holders['other company manager'], await makeUser({ profile: 'recruiter' }));
  for (const holder of Object.values(holders)) {
    const { offer } = await publishDraftAs(ctx.app, owner, holder);
    const application = await makeApplication(applicant, offer, { cv_key: 'picture/0123456789abcdef0123456789abcdef.pdf' });
    // A reviewer already voted on the owner's share link.
    const link = await makeShareLink(application, owner);
    const view = await ShareView.create({ view_id: `v${application.id}reviewview`, share_link_id: link.id, created_at: new Date() });
    await Feedback.create({ share_link_id: link.id, share_view_id: view.id, name: 'Alice Relectrice', feedback: 1, comment: 'Très bon contact.', created_at: new Date() });
    published.set(holder, { offer, application });
  }
});
afterAll(async () => ctx?.close());

const as = async (user: User) => bearer(user);
const media = (a: Application) => `/apis/applications/${a.id}/media`;
const feedback = (a: Application) => `/apis/applications/${a.id}/feedback`;
const shareAsk = (offer: Offer) => ({ recruiter_id: owner.id, job_code: offer.job_code, candidate_id: applicant.id });
const flight = (current: User) => `/apis/meeting-flight/${owner.id}/${applicant.id}/${current.id}`;

describe('an offer published by whoever holds the draft link', () => {
  it("belongs to the draft's owner: recruiter and creator; the publisher is only in the audit log", async () => {
    for (const [holder, { offer }] of published) {
      expect(offer.recruiter_id).toBe(owner.id);
      expect(offer.created_by_id).toBe(owner.id);
      const entry = await AuditEntry.findOne({ where: { action: 'publish', resource: 'offers', record_id: String(offer.id) } });
      expect(entry?.actor_id).toBe(holder.id);
    }
  });

  describe.each(KINDS)('a link holder who published it (%s)', (kind) => {
    it("reads none of its applicants' media or feedback, shares nothing, moves nobody, joins no meeting", async () => {
      const holder = holders[kind];
      const { offer, application } = published.get(holder)!;
      const h = await as(holder);

      const seen = await request(ctx.app).get(media(application)).set(h);
      expect([seen.status, seen.body.error]).toEqual([404, 'application_not_found']);
      expect(JSON.stringify(seen.body)).not.toContain('story/');
      const reviews = await request(ctx.app).get(feedback(application)).set(h);
      expect([reviews.status, reviews.body.error]).toEqual([404, 'application_not_found']);
      expect(JSON.stringify(reviews.body)).not.toContain('Alice');

      const links = await ShareLink.count();
      const share = await request(ctx.app).post('/apis/share-apply').set(h).send(shareAsk(offer));
      expect([share.status, share.body.error]).toEqual([403, 'forbidden']);
      expect(share.body.shareURL).toBeUndefined();
      expect(await ShareLink.count()).toBe(links);

      // Candidates are refused the manager area's calls outright; company users see no such offer.
      const refused = kind === 'candidate' ? 403 : 404;
      const move = await request(ctx.app).post(`/apis/application/${offer.job_code}/${applicant.id}`).set(h).send({ recruiter_state: 'shortlist' });
      expect(move.status).toBe(refused);
      expect((await Application.findByPk(application.id))!.recruiter_state).toBe('view');
      for (const path of [`/apis/application/${offer.job_code}?fullStates=true`, `/apis/application/${offer.job_code}/${applicant.id}`]) {
        const res = await request(ctx.app).get(path).set(h);
        expect(res.status, path).toBe(refused);
        expect(JSON.stringify(res.body)).not.toContain(applicant.email);
      }
      const board = await request(ctx.app).get('/apis/application?state=all').set(h);
      expect(board.status).toBe(kind === 'candidate' ? 403 : 200);
      expect(JSON.stringify(board.body)).not.toContain(applicant.email);
      const console = await request(ctx.app).get(`/apis/console/offer-applications/${application.id}`).set(h);
      expect(console.status).toBe(kind === 'candidate' ? 403 : 404);
      const rows = await request(ctx.app)
        .get(`/apis/console/offer-applications?filter=${encodeURIComponent(JSON.stringify({ job_code: offer.job_code }))}`)
        .set(h);
      expect(JSON.stringify(rows.body)).not.toContain(applicant.email);

      const meeting = await request(ctx.app).get(flight(holder)).set(h);
      expect([meeting.status, meeting.body.error]).toEqual([403, 'meeting_not_allowed']);
    });
  });

  it('stays open to the owner, their manager and staff: media, feedback, share links, moves, meetings', async () => {
    const { offer, application } = published.get(holders['other company manager'])!;
    const states = ['shortlist', 'to_recruit', 'to_recruit'] as const;
    for (const [i, who] of [owner, ownerManager, staff].entries()) {
      const h = await as(who);
      const seen = await request(ctx.app).get(media(application)).set(h);
      expect(seen.status, who.name).toBe(200);
      expect(seen.body.cv).toContain('/media/');
      expect(seen.body.questions.every((q: { url: string | null }) => q.url?.includes('/media/'))).toBe(true);
      const reviews = await request(ctx.app).get(feedback(application)).set(h);
      expect([reviews.status, reviews.body.up, reviews.body.items[0]?.name]).toEqual([200, 1, 'Alice Relectrice']);
      const share = await request(ctx.app).post('/apis/share-apply').set(h).send(shareAsk(offer));
      expect(share.status, who.name).toBe(200);
      expect(share.body.shareURL).toMatch(/\/feedback\/[A-Za-z0-9_-]+$/);
      const move = await request(ctx.app).post(`/apis/application/${offer.job_code}/${applicant.id}`).set(h).send({ recruiter_state: states[i] });
      expect(move.status, who.name).toBe(200);
      expect(move.body.Item.recruiter_state).toBe(states[i]);
      const meeting = await request(ctx.app).get(flight(who)).set(h);
      expect([meeting.status, meeting.body.Attendee?.Side]).toEqual([200, 'recruiter']);
    }
    // The applicant still sees their own media and joins on their side.
    const own = await request(ctx.app)
      .get(media(application))
      .set(await as(applicant));
    expect(own.status).toBe(200);
    const join = await request(ctx.app)
      .get(flight(applicant))
      .set(await as(applicant));
    expect([join.status, join.body.Attendee?.Side]).toEqual([200, 'candidate']);
  });
});
