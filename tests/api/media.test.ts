// Private media (issue 10, finding 1): CVs and stories are served only through short-lived signed
// addresses, to those who may read them, with byte ranges (docs/decisions/085-private-media-signed-urls.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addToTeam, makeApplication, makeOffer, makeShareLink, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { MEDIA_URL_LIFETIME_MS, MediaUrls, generatedSecretFile, mediaSecret, scopeOf, shareAudience, userAudience } from '../../api/integrations/media-urls.js';
import { parseRange } from '../../api/routes/media.routes.js';
import { ApplicationAnswer, ShareLink, type Application, type User } from '../../models/index.js';

let ctx: TestContext;
let candidate: User;
let recruiter: User;
let manager: User;
let otherRecruiter: User;
let otherManager: User;
let admin: User;
let application: Application;
let cvKey: string;
let story: string;
/** 0..255 twice: any byte range is easy to check. */
const CV = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256))]);
const SEGMENT = Buffer.alloc(4000, 0x47);

const pathOf = (url: string) => new URL(url).pathname;
const get = (url: string) => request(ctx.app).get(url.startsWith('http') ? pathOf(url) : url);

beforeAll(async () => {
  ctx = await createTestContext();
  candidate = await makeUser({ profile: 'candidate' });
  recruiter = await makeUser({ profile: 'recruiter' });
  manager = await makeUser({ profile: 'manager' });
  otherRecruiter = await makeUser({ profile: 'recruiter' });
  otherManager = await makeUser({ profile: 'manager' });
  admin = await makeUser({ profile: 'recruiter', is_admin: true });
  await addToTeam(manager, recruiter);
  await addToTeam(otherManager, otherRecruiter);
  cvKey = `picture/${'c'.repeat(32)}.pdf`;
  await ctx.deps.storage.put(cvKey, CV, 'application/pdf');
  application = await makeApplication(candidate, await makeOffer(recruiter), { cv_key: cvKey });
  const answers = await ApplicationAnswer.findAll({ where: { application_id: application.id }, order: [['position', 'ASC']] });
  story = answers[0].upload_path!;
  const dir = story.slice(0, -'index.m3u8'.length);
  await ctx.deps.storage.put(story, Buffer.from('#EXTM3U\n#EXTINF:2.0,\nseg0.ts\n#EXT-X-ENDLIST\n'), 'application/vnd.apple.mpegurl');
  await ctx.deps.storage.put(`${dir}seg0.ts`, SEGMENT, 'video/mp2t');
});
afterAll(async () => ctx?.close());

describe('private keys', () => {
  it('are never served under /files, whatever the key shape', async () => {
    await ctx.deps.storage.put('picture/dc000001.pdf', CV, 'application/pdf');
    await ctx.deps.storage.put('story/demo/12/q1/index.m3u8', Buffer.from('#EXTM3U\n'), 'application/vnd.apple.mpegurl');
    for (const key of [cvKey, story, 'picture/dc000001.pdf', 'story/demo/12/q1/index.m3u8']) {
      expect((await request(ctx.app).get(`/files/${key}`)).status, key).toBe(404);
    }
    // Keys of the old short shape keep working, through a signed address only.
    const old = ctx.deps.media!.sign('picture/dc000001.pdf', userAudience(candidate.id), new Date());
    expect((await get(old).set(await bearer(candidate))).status).toBe(200);
  });

  it('are served to the holder of a signed address, with private caching, nosniff and byte ranges', async () => {
    const url = ctx.deps.media!.sign(cvKey, userAudience(candidate.id), new Date());
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3999\/media\/\d+\.u[0-9a-f-]+\.[A-Za-z0-9_-]{43}\/picture\/c{32}\.pdf$/);
    const auth = await bearer(candidate);
    const whole = await get(url).set(auth).buffer(true);
    expect(whole.status).toBe(200);
    expect(Buffer.from(whole.body as Buffer).equals(CV)).toBe(true);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['cache-control']).toMatch(/^private/);
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['accept-ranges']).toBe('bytes');

    const part = await get(url).set(auth).set('Range', 'bytes=100-199').buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${CV.length}`);
    expect(Buffer.from(part.body as Buffer).equals(CV.subarray(100, 200))).toBe(true);

    const tail = await get(url).set(auth).set('Range', 'bytes=-10').buffer(true);
    expect(tail.status).toBe(206);
    expect(Buffer.from(tail.body as Buffer).equals(CV.subarray(CV.length - 10))).toBe(true);
    const open = await get(url)
      .set(auth)
      .set('Range', `bytes=${CV.length - 3}-`)
      .buffer(true);
    expect(open.headers['content-range']).toBe(`bytes ${CV.length - 3}-${CV.length - 1}/${CV.length}`);

    const beyond = await get(url).set(auth).set('Range', `bytes=${CV.length}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${CV.length}`);
  });

  it('refuse expired, tampered, other-key and other-audience addresses with 403', async () => {
    const media = ctx.deps.media!;
    const auth = await bearer(candidate);
    const now = new Date();
    const expired = media.sign(cvKey, userAudience(candidate.id), new Date(now.getTime() - MEDIA_URL_LIFETIME_MS - 1000));
    expect((await get(expired).set(auth)).status).toBe(403);
    const good = pathOf(media.sign(cvKey, userAudience(candidate.id), now));
    const [, , token] = good.split('/');
    const [exp, aud, sig] = token.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const bad of [
      good.replace(token, `${Number(exp) + 3600}.${aud}.${sig}`), // a later expiry
      good.replace(token, `${exp}.u${otherRecruiter.id}.${sig}`), // another audience
      good.replace(token, `${exp}.${aud}.${flip(sig)}`), // another signature
      good.replace(cvKey, `picture/${'d'.repeat(32)}.pdf`), // another key
      good.replace(token, 'not-a-token'),
    ]) {
      const res = await get(bad).set(auth);
      expect(res.status, bad).toBe(403);
      expect(res.body.error).toBe('media_link_invalid');
    }
    // Signed for the candidate: nobody else, and nobody signed out, reads it.
    expect((await get(good)).status).toBe(403);
    expect((await get(good).set(await bearer(otherRecruiter))).status).toBe(403);
    expect((await get(good).set(auth)).status).toBe(200);
    // A secret other than the app's signs nothing it accepts.
    const forged = new MediaUrls(Buffer.alloc(32, 7)).sign(cvKey, userAudience(candidate.id), now);
    expect((await get(forged).set(auth)).status).toBe(403);
  });

  it('lets a playlist token cover its own folder only', async () => {
    expect(scopeOf('story/abc/q1/index.m3u8')).toBe('story/abc/q1/');
    expect(scopeOf(cvKey)).toBe(cvKey);
    const playlist = pathOf(ctx.deps.media!.sign(story, shareAudience(999_999), new Date()));
    const link = await makeShareLink(application, recruiter);
    const url = pathOf(ctx.deps.media!.sign(story, shareAudience(link.id), new Date()));
    expect((await get(playlist)).status).toBe(403); // a link that does not exist
    const res = await get(url);
    expect(res.status).toBe(200);
    const segment = await get(new URL('seg0.ts', `http://x${url}`).pathname).buffer(true);
    expect(segment.status).toBe(200);
    expect(Buffer.from(segment.body as Buffer).equals(SEGMENT)).toBe(true);
    // Not the CV, nor a file of another folder, nor a file of the folder the transcoder did not
    // write (the raw upload waits there as story/<id>/source while it is processed).
    const token = url.split('/')[2];
    const source = `${story.slice(0, -'index.m3u8'.length)}source`;
    await ctx.deps.storage.put(source, SEGMENT, 'application/octet-stream');
    expect((await get(`/media/${token}/${source}`)).status).toBe(403);
    expect((await get(pathOf(ctx.deps.media!.sign(source, shareAudience(link.id), new Date())))).status).toBe(200);
    expect((await get(`/media/${token}/${cvKey}`)).status).toBe(403);
    expect((await get(`/media/${token}/story/other/q1/seg0.ts`)).status).toBe(403);
  });
});

describe('GET /apis/applications/:id/media', () => {
  it('hands the candidate, the recruiter, their manager and staff working addresses', async () => {
    for (const who of [candidate, recruiter, manager, admin]) {
      const auth = await bearer(who);
      const res = await request(ctx.app).get(`/apis/applications/${application.id}/media`).set(auth);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body.cv).toContain(`.u${who.id}.`);
      const cv = await get(res.body.cv).set(auth).buffer(true);
      expect(cv.status).toBe(200);
      expect(Buffer.from(cv.body as Buffer).equals(CV)).toBe(true);
      expect(res.body.questions[0].url).toContain(story);
      expect((await get(res.body.questions[0].url).set(auth)).status).toBe(200);
    }
  });

  it('tells another company and other candidates that the application does not exist', async () => {
    for (const who of [otherRecruiter, otherManager, await makeUser({ profile: 'candidate' })]) {
      const res = await request(ctx.app)
        .get(`/apis/applications/${application.id}/media`)
        .set(await bearer(who));
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('application_not_found');
    }
    expect((await request(ctx.app).get(`/apis/applications/${application.id}/media`)).status).toBe(401);
    for (const id of ['0', 'abc', '99999999', '1e3']) {
      expect(
        (
          await request(ctx.app)
            .get(`/apis/applications/${id}/media`)
            .set(await bearer(admin))
        ).status,
      ).toBe(404);
    }
  });

  it('puts the addresses on the console rows of the applications too', async () => {
    const res = await request(ctx.app)
      .get(`/apis/console/applications/${application.id}`)
      .set(await bearer(candidate));
    expect(res.status).toBe(200);
    expect(res.body.cv_url).toContain(`/media/`);
    expect((await get(res.body.cv_url).set(await bearer(candidate))).status).toBe(200);
    expect(res.body.questions[0].url).toContain(story);
  });
});

describe('share links', () => {
  it('hand out signed story addresses while within the cap, and none past it', async () => {
    const link = await makeShareLink(application, recruiter, { views: 48 });
    const first = await request(ctx.app).get(`/apis/share-apply/${link.share_id}`);
    expect(first.status).toBe(200);
    const url: string = first.body.application.questions[0].url;
    expect(url).toContain(`/media/`);
    expect(url).toContain(`.s${link.id}.`);
    expect((await get(url)).status).toBe(200);
    expect((await request(ctx.app).get(`/apis/share-apply/${link.share_id}`)).status).toBe(200); // the 50th
    const past = await request(ctx.app).get(`/apis/share-apply/${link.share_id}`);
    expect(past.status).toBe(403);
    expect(past.body.message).toBe('MaxViewLimit');
    expect(JSON.stringify(past.body)).not.toContain('/media/');
    // A deleted link stops its addresses at once.
    await ShareLink.destroy({ where: { id: link.id } });
    expect((await get(url)).status).toBe(403);
  });
});

describe('the signing secret', () => {
  it('comes from SESSION_SECRET when set, else from a file written once and read back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-secret-'));
    try {
      const settings = { storageDir: path.join(dir, 'storage'), sessionSecret: undefined };
      const first = mediaSecret(settings);
      expect(first.length).toBe(32);
      expect(fs.statSync(generatedSecretFile(settings)).mode & 0o077).toBe(0);
      expect(mediaSecret(settings).equals(first)).toBe(true);
      const fromEnv = mediaSecret({ ...settings, sessionSecret: 'a-long-session-secret' });
      expect(fromEnv.equals(first)).toBe(false);
      expect(mediaSecret({ ...settings, sessionSecret: 'a-long-session-secret' }).equals(fromEnv)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads Range headers as HTTP says', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,4-5', 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
  });
});
