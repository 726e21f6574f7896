// The meeting room's calls (docs/decisions/160-meeting-room.md): who may join through
// GET /apis/meeting-flight/{recruiter}/{candidate}/{current}, the join answer of each provider
// (the Twilio access token decoded and verified offline), and the embedded call's signalling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import crypto from 'node:crypto';
import { addToTeam, makeApplication, makeOffer, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { createApp } from '../../api/app.js';
import { createSession } from '../../api/auth/sessions.js';
import { TWILIO_TOKEN_TTL_S } from '../../api/integrations/meeting.js';
import { MeetingSignal, type User } from '../../models/index.js';

let ctx: TestContext;
let recruiter: User;
let candidate: User;
let manager: User;
let staff: User;
let stranger: User;
let otherCandidate: User;
let neverApplied: User;

const flight = (r: User, c: User, current: User) => `/apis/meeting-flight/${r.id}/${c.id}/${current.id}`;
const signalPath = (r: User, c: User) => `/apis/meeting-signal/${r.id}/${c.id}`;

beforeAll(async () => {
  ctx = await createTestContext();
  recruiter = await makeUser({ profile: 'recruiter', name: 'Claire Recruteuse', picture: 'picture/claire.png' });
  candidate = await makeUser({ profile: 'candidate', name: 'Léa Dupont' });
  manager = await makeUser({ profile: 'manager', name: 'Marc Manager' });
  await addToTeam(manager, recruiter);
  staff = await makeUser({ profile: 'recruiter', is_admin: true });
  stranger = await makeUser({ profile: 'recruiter', name: 'Autre Recruteur' });
  otherCandidate = await makeUser({ profile: 'candidate' });
  neverApplied = await makeUser({ profile: 'candidate' });
  const offer = await makeOffer(recruiter);
  await makeApplication(candidate, offer);
  // The stranger has an offer too; otherCandidate applied to it only.
  await makeApplication(otherCandidate, await makeOffer(stranger));
});
afterAll(async () => ctx?.close());

describe('who joins', () => {
  it('lets the candidate in, facing the recruiter', async () => {
    const res = await request(ctx.app)
      .get(flight(recruiter, candidate, candidate))
      .set(await bearer(candidate));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      error: false,
      Meeting: { MeetingId: `meet-${recruiter.id}-${candidate.id}`, Provider: 'embedded', MediaPlacement: { SignalingURL: signalPath(recruiter, candidate) }, IceServers: [] },
      Attendee: { AttendeeId: candidate.id, ExternalUserId: candidate.id, Side: 'candidate', JoinToken: null, ExpiresAt: null },
      otherProfile: { name: 'Claire Recruteuse', picture: '/files/100x100/picture/claire.png' },
    });
    expect(typeof res.body.Meeting.SignalCursor).toBe('number');
  });

  it('lets the recruiter, their manager and staff in on the recruiter side, facing the candidate', async () => {
    for (const who of [recruiter, manager, staff]) {
      const res = await request(ctx.app)
        .get(flight(recruiter, candidate, who))
        .set(await bearer(who));
      expect(res.status, who.name).toBe(200);
      expect(res.body.Attendee).toMatchObject({ Side: 'recruiter', AttendeeId: who.id });
      expect(res.body.otherProfile).toEqual({ name: 'Léa Dupont', picture: null });
      // One room per pair, whoever of the recruiter's side joins.
      expect(res.body.Meeting.MeetingId).toBe(`meet-${recruiter.id}-${candidate.id}`);
    }
  });

  it('refuses a stranger, a candidate who never applied, someone posing as another, and a missing sign-in', async () => {
    const refusals: Array<[string, string, User | null]> = [
      ['another recruiter', flight(recruiter, candidate, stranger), stranger],
      ['another candidate', flight(recruiter, candidate, otherCandidate), otherCandidate],
      ['the candidate of another recruiter', flight(recruiter, otherCandidate, otherCandidate), otherCandidate],
      ['a candidate who never applied', flight(recruiter, neverApplied, neverApplied), neverApplied],
      ['a recruiter with a candidate who never applied', flight(recruiter, neverApplied, recruiter), recruiter],
      ['the candidate as current user of the recruiter', flight(recruiter, candidate, recruiter), candidate],
      ['the recruiter on the candidate side', flight(candidate, recruiter, recruiter), recruiter],
      ['a pair of one person', flight(recruiter, recruiter, recruiter), recruiter],
    ];
    for (const [label, url, who] of refusals) {
      const res = await request(ctx.app)
        .get(url)
        .set(who ? await bearer(who) : {});
      expect(res.status, label).toBe(403);
      expect(res.body, label).toEqual({ error: 'meeting_not_allowed', message: 'Vous n’avez pas accès à cette réunion.' });
    }
    const anonymous = await request(ctx.app)
      .get(flight(recruiter, candidate, candidate))
      .set('Accept-Language', 'en');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: 'unauthorized', message: 'Sign in to join this meeting.' });
  });

  it('answers 400 to ids that name nobody', async () => {
    const res = await request(ctx.app)
      .get(`/apis/meeting-flight/${recruiter.id}/${'x'.repeat(41)}/${candidate.id}`)
      .set(await bearer(candidate));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
  });
});

describe('embedded call signalling', () => {
  it('carries one side’s messages to the other side only, in order, after the join cursor', async () => {
    const asCandidate = await bearer(candidate);
    const asRecruiter = await bearer(recruiter);
    const join = await request(ctx.app)
      .get(flight(recruiter, candidate, candidate))
      .set(asCandidate);
    const cursor = join.body.Meeting.SignalCursor as number;

    const hello = await request(ctx.app).post(signalPath(recruiter, candidate)).set(asRecruiter).send({ peer: 'recruiter-page-1', type: 'hello' });
    expect(hello.status).toBe(201);
    await request(ctx.app)
      .post(signalPath(recruiter, candidate))
      .set(asRecruiter)
      .send({ peer: 'recruiter-page-1', type: 'offer', data: { type: 'offer', sdp: 'v=0\r\n' } });
    // The recruiter's own messages never come back to the recruiter's side.
    const own = await request(ctx.app)
      .get(`${signalPath(recruiter, candidate)}?after=${cursor}`)
      .set(asRecruiter);
    expect(own.body.messages).toEqual([]);

    const got = await request(ctx.app)
      .get(`${signalPath(recruiter, candidate)}?after=${cursor}`)
      .set(asCandidate);
    expect(got.status).toBe(200);
    expect(got.body.messages.map((m: { type: string; from: string; data: unknown }) => [m.type, m.from, m.data])).toEqual([
      ['hello', 'recruiter-page-1', null],
      ['offer', 'recruiter-page-1', { type: 'offer', sdp: 'v=0\r\n' }],
    ]);
    expect(got.body.cursor).toBe(got.body.messages[1].id);
    // Read from the cursor on: nothing new.
    const again = await request(ctx.app)
      .get(`${signalPath(recruiter, candidate)}?after=${got.body.cursor}`)
      .set(asCandidate);
    expect(again.body).toEqual({ messages: [], cursor: got.body.cursor });
  });

  it('holds a read until a message arrives (long polling), and answers empty when the wait ends', async () => {
    const asCandidate = await bearer(candidate);
    const asManager = await bearer(manager);
    const last = ((await MeetingSignal.max('id')) as number | null) ?? 0;
    const started = Date.now();
    const waiting = request(ctx.app)
      .get(`${signalPath(recruiter, candidate)}?after=${last}&wait=10000`)
      .set(asCandidate)
      .then((r) => r);
    await new Promise((r) => setTimeout(r, 400));
    // The manager joins on the recruiter's side: the candidate hears them.
    await request(ctx.app).post(signalPath(recruiter, candidate)).set(asManager).send({ peer: 'manager-page-1', type: 'hello' }).expect(201);
    const res = await waiting;
    expect(res.body.messages.map((m: { type: string }) => m.type)).toEqual(['hello']);
    expect(Date.now() - started).toBeLessThan(5000);

    const t0 = Date.now();
    const empty = await request(ctx.app)
      .get(`${signalPath(recruiter, candidate)}?after=${res.body.cursor}&wait=600`)
      .set(asCandidate);
    expect(empty.body.messages).toEqual([]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(550);
  });

  it('refuses strangers, anonymous callers, bad messages and another site’s page', async () => {
    const path = signalPath(recruiter, candidate);
    expect(
      (
        await request(ctx.app)
          .post(path)
          .set(await bearer(stranger))
          .send({ peer: 'stranger-page', type: 'hello' })
      ).status,
    ).toBe(403);
    expect(
      (
        await request(ctx.app)
          .get(path)
          .set(await bearer(neverApplied))
      ).status,
    ).toBe(403);
    expect((await request(ctx.app).post(path).send({ peer: 'anonymous-page', type: 'hello' })).status).toBe(401);
    expect((await request(ctx.app).get(path)).status).toBe(401);
    const asRecruiter = await bearer(recruiter);
    const badType = await request(ctx.app).post(path).set(asRecruiter).send({ peer: 'recruiter-page-1', type: 'shout' });
    expect([badType.status, badType.body.error]).toEqual([400, 'validation_error']);
    const badPeer = await request(ctx.app).post(path).set(asRecruiter).send({ peer: 'x', type: 'hello' });
    expect(badPeer.status).toBe(400);
    const huge = await request(ctx.app)
      .post(path)
      .set(asRecruiter)
      .send({ peer: 'recruiter-page-1', type: 'offer', data: { sdp: 'a'.repeat(40_000) } });
    expect([huge.status, huge.body.error]).toEqual([400, 'signal_too_large']);
    expect((await request(ctx.app).get(`${path}?wait=99999`).set(asRecruiter)).status).toBe(400);

    // With the session cookie: another site's page may neither post (CSRF guard) nor read.
    const cookie = `sid=${await createSession(candidate.id, 'cookie', new Date())}`;
    expect((await request(ctx.app).get(path).set('Cookie', cookie).set('Origin', 'https://evil.example')).status).toBe(403);
    expect((await request(ctx.app).get(path).set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site')).status).toBe(403);
    expect((await request(ctx.app).post(path).set('Cookie', cookie).set('Origin', 'https://evil.example').send({ peer: 'candidate-page', type: 'hello' })).status).toBe(403);
    expect((await request(ctx.app).get(path).set('Cookie', cookie).set('Sec-Fetch-Site', 'same-origin')).status).toBe(200);
    expect((await request(ctx.app).post(path).set('Cookie', cookie).set('Origin', 'http://127.0.0.1:3999').send({ peer: 'candidate-page', type: 'hello' })).status).toBe(201);
  });
});

describe('Twilio Video provider', () => {
  const TWILIO = { accountSid: 'AC' + 'a'.repeat(32), apiKey: 'SK' + 'b'.repeat(32), apiSecret: 'twilio-api-secret-for-tests' };

  it('answers an access token for the pair’s room, the caller as identity, verified offline', async () => {
    const app = createApp({ ...ctx.deps, settings: { ...ctx.settings, twilio: TWILIO } });
    const before = Math.floor(Date.now() / 1000);
    const res = await request(app)
      .get(flight(recruiter, candidate, manager))
      .set(await bearer(manager));
    expect(res.status).toBe(200);
    expect(res.body.Meeting).toMatchObject({ Provider: 'twilio', MediaPlacement: { SignalingURL: null }, SignalCursor: null, IceServers: [] });
    expect(res.body.Attendee).toMatchObject({ Side: 'recruiter', AttendeeId: manager.id });

    const token = res.body.Attendee.JoinToken as string;
    const [head, payload, signature] = token.split('.');
    const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
    // Signed with the API secret (HS256), as Twilio checks it.
    const hmac = (secret: string) => crypto.createHmac('sha256', secret).update(`${head}.${payload}`).digest('base64url');
    expect(signature).toBe(hmac(TWILIO.apiSecret));
    expect(signature).not.toBe(hmac('another-secret'));
    expect(json(head)).toEqual({ alg: 'HS256', typ: 'JWT', cty: 'twilio-fpa;v=1' });
    const claims = json(payload) as { iss: string; sub: string; jti: string; iat: number; exp: number; grants: unknown };
    expect(claims.iss).toBe(TWILIO.apiKey);
    expect(claims.sub).toBe(TWILIO.accountSid);
    expect(claims.jti.startsWith(`${TWILIO.apiKey}-`)).toBe(true);
    expect(claims.grants).toEqual({ identity: manager.id, video: { room: `meet-${recruiter.id}-${candidate.id}` } });
    expect(claims.exp - claims.iat).toBe(TWILIO_TOKEN_TTL_S);
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.iat).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(new Date(res.body.Attendee.ExpiresAt).getTime()).toBeGreaterThan(Date.now() + (TWILIO_TOKEN_TTL_S - 60) * 1000);
    // The same refusals apply whatever the provider.
    expect(
      (
        await request(app)
          .get(flight(recruiter, neverApplied, neverApplied))
          .set(await bearer(neverApplied))
      ).status,
    ).toBe(403);
  });
});
