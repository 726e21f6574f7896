// One storage contract, run on the local disk and on S3 (s3rver, the fake S3 server, on a free
// loopback port and a temporary folder, started and stopped here). Then the app itself on S3:
// public files through /files, private ones through /media and presigned GETs
// (docs/decisions/086-s3-storage.md), and the console's CSP that lets it frame those GETs
// (docs/decisions/181-s3-cv-frames.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { LocalDiskStorage, S3Storage, createStorage, type Storage } from '../../api/integrations/storage.js';
import { loadSettings } from '../../config/settings.js';
import { FAKE_S3_BUCKET, startFakeS3, type FakeS3 } from '../helpers/s3.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { makeApplication, makeOffer, makeUser } from '../helpers/fixtures.js';
import { bearer } from '../helpers/auth.js';
import { userAudience } from '../../api/integrations/media-urls.js';
import { createApp } from '../../api/app.js';
import type { AppDeps } from '../../api/deps.js';
import { adminConsole } from '../../api/admin-console.js';

const BUCKET = FAKE_S3_BUCKET;
let tmp: string;
let s3: FakeS3;
let endpoint: string;

const s3Env = (prefix: string) => s3.env(prefix);

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-s3-'));
  s3 = await startFakeS3(tmp);
  endpoint = s3.endpoint;
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const BYTES = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));

const kinds: Array<[string, () => Storage]> = [
  ['local disk', () => new LocalDiskStorage(path.join(tmp, 'disk'), 'http://app.test/files')],
  ['S3 (s3rver)', () => createStorage(loadSettings({ ...s3Env('contract/run'), PUBLIC_URL: 'http://app.test' }))],
];

describe.each(kinds)('storage contract: %s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('answers ping', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('stores, reads back with its type, sizes and deletes an object', async () => {
    await storage.put('picture/0123abcd.png', BYTES, 'image/png');
    const got = await storage.get('picture/0123abcd.png');
    expect(got!.contentType).toBe('image/png');
    expect(got!.body.equals(BYTES)).toBe(true);
    expect(await storage.head('picture/0123abcd.png')).toEqual({ size: BYTES.length, contentType: 'image/png' });
    await storage.put('picture/0123abcd.png', Buffer.from('again'), 'image/png');
    expect((await storage.get('picture/0123abcd.png'))!.body.toString()).toBe('again');
    await storage.delete('picture/0123abcd.png');
    expect(await storage.get('picture/0123abcd.png')).toBeNull();
  });

  it('answers null for a missing object and deletes one quietly', async () => {
    expect(await storage.get('picture/missing.pdf')).toBeNull();
    expect(await storage.head('picture/missing.pdf')).toBeNull();
    await expect(storage.delete('picture/missing.pdf')).resolves.toBeUndefined();
  });

  it('keeps the types of HLS playlists and segments under nested keys', async () => {
    await storage.put('story/f00d/q1/index.m3u8', Buffer.from('#EXTM3U\n'), 'application/vnd.apple.mpegurl');
    await storage.put('story/f00d/q1/seg0.ts', Buffer.alloc(10, 0x47), 'video/mp2t');
    expect((await storage.head('story/f00d/q1/index.m3u8'))!.contentType).toBe('application/vnd.apple.mpegurl');
    expect((await storage.get('story/f00d/q1/seg0.ts'))!.contentType).toBe('video/mp2t');
  });

  it('reads byte ranges', async () => {
    await storage.put('story/f00d/q2/seg0.ts', BYTES, 'video/mp2t');
    expect((await storage.get('story/f00d/q2/seg0.ts', { start: 0, end: 0 }))!.body.equals(BYTES.subarray(0, 1))).toBe(true);
    expect((await storage.get('story/f00d/q2/seg0.ts', { start: 1000, end: 1999 }))!.body.equals(BYTES.subarray(1000, 2000))).toBe(true);
    expect((await storage.get('story/f00d/q2/seg0.ts', { start: 2990, end: 2999 }))!.body.equals(BYTES.subarray(2990))).toBe(true);
  });

  it('refuses keys that could leave its root, before any I/O', async () => {
    for (const key of ['../etc/passwd', '/abs/key', 'a//b', 'a/./b', 'a/../b', '', '.hidden', 'a b']) {
      await expect(storage.put(key, BYTES, 'text/plain'), key).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/unsafe storage key/);
    }
  });

  it('gives public objects an address under the app /files', () => {
    expect(storage.url('picture/0123abcd.png')).toBe('http://app.test/files/picture/0123abcd.png');
  });

  it('gives a presigned address straight at the store on S3, none on the local disk', async () => {
    await storage.put('picture/feedbeef.pdf', BYTES, 'application/pdf');
    const direct = await storage.directUrl('picture/feedbeef.pdf', 60);
    if (storage instanceof LocalDiskStorage) {
      expect(direct).toBeNull();
      expect(storage.privateReadOrigin).toBeNull();
      return;
    }
    expect(direct).toMatch(/X-Amz-Signature=/);
    // The origin the consoles' CSP lets them frame (decision 181) is the presigned one.
    expect(storage.privateReadOrigin).toBe(new URL(direct!).origin);
    expect(storage.privateReadOrigin).toBe(endpoint);
    const res = await fetch(direct!);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(BYTES)).toBe(true);
    const ranged = await fetch(direct!, { headers: { Range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(BYTES.subarray(10, 20))).toBe(true);
    // The lifetime asked for is the one the store enforces (s3rver checks expiry; it does not
    // check V4 signatures, so tampering cannot be shown here).
    const brief = await storage.directUrl('picture/feedbeef.pdf', 1);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(brief!)).status).toBe(403);
  });
});

describe('S3 settings and selection', () => {
  it('reads STORAGE_URL and the S3_ variables, and refuses a malformed one naming it', () => {
    const s = loadSettings({ ...s3Env('a/b/'), S3_REGION: 'eu-west-3' });
    expect(s.s3).toEqual({ bucket: BUCKET, prefix: 'a/b', endpoint, region: 'eu-west-3', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    expect(loadSettings({ STORAGE_URL: 's3://bucket' }).s3).toMatchObject({ bucket: 'bucket', prefix: '', forcePathStyle: false });
    expect(loadSettings({}).s3).toBeUndefined();
    expect(createStorage(loadSettings({}))).toBeInstanceOf(LocalDiskStorage);
    expect(createStorage(s)).toBeInstanceOf(S3Storage);
    expect(() => loadSettings({ STORAGE_URL: 'http://bucket' })).toThrow(/STORAGE_URL/);
  });

  it('keeps objects under the prefix inside the bucket', async () => {
    const storage = createStorage(loadSettings({ ...s3Env('tenant/one'), PUBLIC_URL: 'http://app.test' })) as S3Storage;
    await storage.put('picture/abcdef01.png', BYTES, 'image/png');
    const other = createStorage(loadSettings({ ...s3Env('tenant/two'), PUBLIC_URL: 'http://app.test' }));
    expect(await other.get('picture/abcdef01.png')).toBeNull();
    const root = createStorage(loadSettings({ ...s3Env(''), STORAGE_URL: `s3://${BUCKET}`, PUBLIC_URL: 'http://app.test' }));
    expect((await root.get('tenant/one/picture/abcdef01.png'))!.body.equals(BYTES)).toBe(true);
  });

  it("names the presigned addresses' origin for every addressing style the SDK picks", async () => {
    // Presigning is local (static keys, no request): these stores need not exist. Virtual-hosted
    // on AWS; path-style when asked; an IP endpoint and a bucket with dots stay path-style even
    // without S3_FORCE_PATH_STYLE (decision 181).
    const cases: Array<[Record<string, string>, string]> = [
      [{ STORAGE_URL: 's3://vrp-media/cv', S3_REGION: 'eu-west-3' }, 'https://vrp-media.s3.eu-west-3.amazonaws.com'],
      [{ STORAGE_URL: 's3://vrp-media/cv', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: '1' }, 'https://s3.eu-west-3.amazonaws.com'],
      [{ STORAGE_URL: 's3://media.example.com/cv', S3_REGION: 'eu-west-3' }, 'https://s3.eu-west-3.amazonaws.com'],
      [{ STORAGE_URL: 's3://vrp-media/cv', S3_ENDPOINT: 'https://minio.example.com:9000', S3_FORCE_PATH_STYLE: '0' }, 'https://vrp-media.minio.example.com:9000'],
      [{ STORAGE_URL: 's3://vrp-media/cv', S3_ENDPOINT: 'https://minio.example.com:9000' }, 'https://minio.example.com:9000'],
      [{ STORAGE_URL: 's3://vrp-media/cv', S3_ENDPOINT: 'http://10.0.0.5:9000', S3_FORCE_PATH_STYLE: '0' }, 'http://10.0.0.5:9000'],
    ];
    for (const [env, origin] of cases) {
      const storage = createStorage(loadSettings({ ...env, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }));
      const direct = (await storage.directUrl('picture/feedbeef.pdf', 60))!;
      expect(new URL(direct).origin, JSON.stringify(env)).toBe(origin);
      expect(storage.privateReadOrigin, JSON.stringify(env)).toBe(origin);
    }
  });

  it('fails ping for a bucket that does not exist', async () => {
    const storage = createStorage(loadSettings({ ...s3Env('x'), STORAGE_URL: 's3://no-such-bucket/x' }));
    await expect(storage.ping()).rejects.toBeTruthy();
  });
});

describe('the app on S3', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(s3Env('app'));
  });
  afterAll(async () => ctx?.close());

  it('serves public pictures through /files, and private media through /media: stories proxied, CVs by presigned redirect', async () => {
    expect(ctx.deps.storage).toBeInstanceOf(S3Storage);
    await ctx.deps.storage.put('picture/0badcafe.png', BYTES, 'image/png');
    const logo = await request(ctx.app).get('/files/picture/0badcafe.png').buffer(true);
    expect(logo.status).toBe(200);
    expect(Buffer.from(logo.body as Buffer).equals(BYTES)).toBe(true);

    const candidate = await makeUser({ profile: 'candidate' });
    const cvKey = `picture/${'e'.repeat(32)}.pdf`;
    await ctx.deps.storage.put(cvKey, BYTES, 'application/pdf');
    const application = await makeApplication(candidate, await makeOffer(await makeUser({ profile: 'recruiter' })), { cv_key: cvKey });
    expect((await request(ctx.app).get(`/files/${cvKey}`)).status).toBe(404);
    const auth = await bearer(candidate);
    const links = await request(ctx.app).get(`/apis/applications/${application.id}/media`).set(auth);
    expect(links.status).toBe(200);
    const cv = await request(ctx.app).get(new URL(links.body.cv).pathname).set(auth);
    expect(cv.status).toBe(302);
    expect(cv.headers['cache-control']).toBe('private, no-store');
    const bytes = await fetch(cv.headers.location);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(BYTES)).toBe(true);
    // Signed for someone else: no redirect.
    const stranger = await request(ctx.app)
      .get(new URL(ctx.deps.media!.sign(cvKey, userAudience(candidate.id), new Date())).pathname)
      .set(await bearer(await makeUser({ profile: 'candidate' })));
    expect(stranger.status).toBe(403);

    const playlistKey: string = new URL(links.body.questions[0].url).pathname;
    const story = playlistKey.slice(playlistKey.indexOf('/story/') + 1);
    await ctx.deps.storage.put(story, Buffer.from('#EXTM3U\nseg0.ts\n'), 'application/vnd.apple.mpegurl');
    await ctx.deps.storage.put(story.replace('index.m3u8', 'seg0.ts'), BYTES, 'video/mp2t');
    const playlist = await request(ctx.app).get(playlistKey).set(auth);
    expect(playlist.status).toBe(200);
    expect(playlist.text).toBe('#EXTM3U\nseg0.ts\n');
    // Segments are proxied with their ranges: the player stays on the page's origin.
    const segment = await request(ctx.app).get(playlistKey.replace('index.m3u8', 'seg0.ts')).set(auth).set('Range', 'bytes=100-299').buffer(true);
    expect(segment.status).toBe(206);
    expect(segment.headers['content-range']).toBe(`bytes 100-299/${BYTES.length}`);
    expect(Buffer.from(segment.body as Buffer).equals(BYTES.subarray(100, 300))).toBe(true);
  });

  it("lets the console frame the bucket's origin, where a CV's /media address redirects, and nothing more on the local disk", async () => {
    const build = fs.mkdtempSync(path.join(tmp, 'admin-build-'));
    fs.writeFileSync(path.join(build, 'index.html'), '<!doctype html><div id="root"></div>');
    const frameSrc = async (deps: AppDeps) => {
      const page = await request(createApp(deps, [adminConsole(build)])).get('/dashboard');
      expect(page.status).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      // An upgraded redirect to an http bucket would fail whatever frame-src says.
      expect(csp).not.toContain('upgrade-insecure-requests');
      return /(?:^|;)\s*frame-src ([^;]*)/.exec(csp)?.[1].split(' ');
    };

    const candidate = await makeUser({ profile: 'candidate' });
    const cvKey = `picture/${'c'.repeat(32)}.pdf`;
    await ctx.deps.storage.put(cvKey, BYTES, 'application/pdf');
    const cv = await request(ctx.app)
      .get(new URL(ctx.deps.media!.sign(cvKey, userAudience(candidate.id), new Date())).pathname)
      .set(await bearer(candidate));
    expect(cv.status).toBe(302);
    const onS3 = await frameSrc(ctx.deps);
    expect(onS3).toEqual(["'self'", endpoint]);
    expect(onS3).toContain(new URL(cv.headers.location).origin);

    const local = await frameSrc({ ...ctx.deps, storage: new LocalDiskStorage(path.join(tmp, 'disk'), 'http://app.test/files') });
    expect(local).toEqual(["'self'"]);
  });
});
