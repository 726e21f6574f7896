// Video answers through the API (issue 12), with the real ffmpeg and a real SMTP server: start an
// application, upload answers over tus (resumed after a cut connection, byte for byte), files
// refused by content with nothing kept, transcoding by the queued job into private HLS, and the
// completion (state, wishlist, counters, the recruiter's e-mail).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { bearer } from '../helpers/auth.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { makeVideo } from '../helpers/video.js';
import { createHttpServer } from '../../api/http-server.js';
import { startJobs } from '../../api/jobs/index.js';
import type { Worker } from '../../api/lib/job-queue.js';
import { AnswerUpload, Application, User, WishlistEntry, type Offer } from '../../models/index.js';
import { purgeAbandonedUploads, sourceKeyOf } from '../../api/services/applications/video-answers.service.js';
import { userAudience } from '../../api/integrations/media-urls.js';
import { uploadStoreFor } from '../../api/integrations/upload-store.js';

let ctx: TestContext;
let smtp: TestSmtp;
let server: http.Server;
let base: string;
let recruiter: User;
let offer: Offer;
const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'vrp-answers-'));
let short: string;

const b64 = (s: string) => Buffer.from(s).toString('base64');
const meta = (applicationId: number, qid: string) => `application_id ${b64(String(applicationId))},qid ${b64(qid)},filetype ${b64('video/mp4')}`;

/** Every file under the storage's story/ folder and the tus folder. */
function storedFiles(): string[] {
  const walk = (d: string): string[] => (fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)])) : []);
  return [...walk(path.join(ctx.settings.storageDir, 'story')), ...walk(ctx.settings.video.uploadDir)];
}

async function candidateWithApplication() {
  const candidate = await makeUser({ profile: 'candidate' });
  const auth = await bearer(candidate);
  const res = await request(ctx.app).post('/apis/candidate/applications').set(auth).send({ job_code: offer.job_code });
  expect(res.status).toBe(201);
  return { candidate, auth, application: res.body as { id: number; answers: Array<{ qid: string; status: string }> } };
}

/** Creates a tus upload; answers the response. */
function create(auth: Record<string, string>, applicationId: number, qid: string, length: number) {
  return request(ctx.app).post('/apis/candidate/uploads').set(auth).set('Tus-Resumable', '1.0.0').set('Upload-Length', String(length)).set('Upload-Metadata', meta(applicationId, qid));
}

function patch(auth: Record<string, string>, location: string, offset: number, body: Buffer) {
  return request(ctx.app).patch(location).set(auth).set('Tus-Resumable', '1.0.0').set('Upload-Offset', String(offset)).set('Content-Type', 'application/offset+octet-stream').send(body);
}

/** Uploads a whole file in one PATCH; answers the last response. */
async function upload(auth: Record<string, string>, applicationId: number, qid: string, file: Buffer) {
  const created = await create(auth, applicationId, qid, file.length);
  expect(created.status, created.text).toBe(201);
  return patch(auth, created.headers.location, 0, file);
}

async function status(auth: Record<string, string>, id: number) {
  const res = await request(ctx.app).get(`/apis/candidate/applications/${id}`).set(auth);
  expect(res.status).toBe(200);
  return res.body as { state: string; submit_date: string | null; answers: Array<{ qid: string; status: string; error: { code: string } | null; upload: { offset: number; url: string } | null }> };
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ SMTP_URL: smtp.url, JOBS_POLL_MS: '100' });
  server = createHttpServer(ctx.app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  recruiter = await makeUser({ profile: 'recruiter', email: 'recruteur.video@example.test', name: 'Rita Recrue' });
  offer = await makeOffer(recruiter, { title: 'Barista H/F' });
  short = makeVideo({ seconds: 3 }, dir);
}, 60_000);

afterAll(async () => {
  server?.close();
  await smtp?.close();
  await ctx?.close().catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('starting an application', () => {
  it('creates one (201) with an empty answer per question, then resumes it (200); wishlist applying', async () => {
    const { candidate, auth, application } = await candidateWithApplication();
    expect(application.answers.map((a) => [a.qid, a.status])).toEqual([
      ['q1', 'missing'],
      ['q2', 'missing'],
      ['q3', 'missing'],
    ]);
    const again = await request(ctx.app).post('/apis/candidate/applications').set(auth).send({ job_code: offer.job_code.toLowerCase() });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(application.id);
    expect((await WishlistEntry.findOne({ where: { candidate_id: candidate.id, offer_id: offer.id } }))?.state).toBe('applying');
    // applications_count counts every application of the candidate (decision 078).
    expect((await User.findByPk(candidate.id))?.applications_count).toBe(1);
  });

  it('refuses non-candidates, unknown codes and other candidates’ applications', async () => {
    expect(
      (
        await request(ctx.app)
          .post('/apis/candidate/applications')
          .set(await bearer(recruiter))
          .send({ job_code: offer.job_code })
      ).body.error,
    ).toBe('candidates_only');
    const { auth, application } = await candidateWithApplication();
    expect((await request(ctx.app).post('/apis/candidate/applications').set(auth).send({ job_code: 'ZZZZZZ' })).status).toBe(404);
    const stranger = await bearer(await makeUser({ profile: 'candidate' }));
    expect((await request(ctx.app).get(`/apis/candidate/applications/${application.id}`).set(stranger)).status).toBe(404);
    expect((await create(stranger, application.id, 'q1', 100)).status).toBe(404);
  });
});

describe('uploads', () => {
  it('resume after a cut connection gives a byte-identical file', async () => {
    const { auth, application } = await candidateWithApplication();
    const file = fs.readFileSync(makeVideo({ seconds: 4, width: 480, height: 854 }, dir));
    const created = await create(auth, application.id, 'q1', file.length);
    expect(created.status).toBe(201);
    const location: string = created.headers.location;
    expect(location).toMatch(/^\/apis\/candidate\/uploads\/[a-f0-9]{32}$/);
    // A PATCH whose connection drops after part of its body.
    const cutAt = Math.floor(file.length / 2);
    await new Promise<void>((resolve) => {
      const req = http.request(`${base}${location}`, {
        method: 'PATCH',
        headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(file.length) },
      });
      req.on('error', () => resolve());
      req.write(file.subarray(0, cutAt), () => setTimeout(() => (req.destroy(), resolve()), 300));
    });
    await new Promise((r) => setTimeout(r, 300));
    const head = await request(ctx.app).head(location).set(auth).set('Tus-Resumable', '1.0.0');
    expect(head.status).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(cutAt);
    expect((await status(auth, application.id)).answers[0]).toMatchObject({ status: 'uploading', upload: { offset, url: location } });
    const rest = await patch(auth, location, offset, file.subarray(offset));
    expect(rest.status, rest.text).toBe(204);
    const id = location.split('/').pop()!;
    const stored = await ctx.deps.storage.get(sourceKeyOf(id));
    expect(stored && Buffer.compare(stored.body, file)).toBe(0);
    expect((await status(auth, application.id)).answers[0].status).toBe('processing');
    expect(fs.existsSync(path.join(ctx.settings.video.uploadDir, id))).toBe(false);
  });

  it('refuses a text file named .webm, a 3-minute video, a zero-length file and a claimed 1 GB upload, keeping nothing', async () => {
    const { auth, application } = await candidateWithApplication();
    const before = storedFiles();
    const text = await upload(auth, application.id, 'q1', Buffer.from('Ceci est un CV en texte, pas une vidéo.\n'.repeat(50)));
    expect(text.status).toBe(422);
    expect(JSON.parse(text.text)).toMatchObject({ error: 'video_not_a_video', message: expect.stringContaining('vidéo') });
    const long = await upload(auth, application.id, 'q2', fs.readFileSync(makeVideo({ seconds: 180, width: 64, height: 112, fps: 5 }, dir)));
    expect(long.status).toBe(422);
    expect(JSON.parse(long.text).error).toBe('video_too_long');
    const empty = await create(auth, application.id, 'q3', 0);
    expect(empty.status).toBe(422);
    expect(JSON.parse(empty.text).error).toBe('video_empty');
    const huge = await create(auth, application.id, 'q3', 1024 ** 3).set('Accept-Language', 'en');
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.text)).toMatchObject({ error: 'video_too_large', message: 'The video is larger than 200 MB.' });
    expect(storedFiles()).toEqual(before);
    const s = await status(auth, application.id);
    expect(s.answers.map((a) => [a.status, a.error?.code ?? null])).toEqual([
      ['failed', 'video_not_a_video'],
      ['failed', 'video_too_long'],
      ['missing', null],
    ]);
  }, 60_000);

  it('an upload left unfinished for a day is removed (bytes and row) by the hourly sweep', async () => {
    const { auth, application } = await candidateWithApplication();
    const created = await create(auth, application.id, 'q1', 5000);
    await patch(auth, created.headers.location, 0, Buffer.alloc(1000, 1));
    const id = String(created.headers.location).split('/').pop()!;
    expect(fs.existsSync(path.join(ctx.settings.video.uploadDir, id))).toBe(true);
    expect(await purgeAbandonedUploads(uploadStoreFor(ctx.settings), new Date(Date.now() + 3600_000))).toBe(0);
    expect(await purgeAbandonedUploads(uploadStoreFor(ctx.settings), new Date(Date.now() + 25 * 3600_000))).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(path.join(ctx.settings.video.uploadDir, id))).toBe(false);
    expect(await AnswerUpload.findByPk(id)).toBeNull();
    expect((await status(auth, application.id)).answers[0].status).toBe('missing');
  });

  it('a HEAD or PATCH on another candidate’s upload answers 404', async () => {
    const { auth, application } = await candidateWithApplication();
    const created = await create(auth, application.id, 'q1', 1000);
    const stranger = await bearer(await makeUser({ profile: 'candidate' }));
    expect((await request(ctx.app).head(created.headers.location).set(stranger).set('Tus-Resumable', '1.0.0')).status).toBe(404);
    expect((await patch(stranger, created.headers.location, 0, Buffer.alloc(10))).status).toBe(404);
  });
});

describe('transcoding and completion', () => {
  let worker: Worker;
  beforeAll(() => {
    worker = startJobs(ctx.deps);
  });
  afterAll(async () => worker?.stop(5000));

  it('every answer ready completes the application: state, wishlist, counters and the recruiter’s e-mail', async () => {
    const { candidate, auth, application } = await candidateWithApplication();
    const file = fs.readFileSync(short);
    for (const qid of ['q1', 'q2', 'q3']) expect((await upload(auth, application.id, qid, file)).status).toBe(204);
    const done = await waitFor(
      () => status(auth, application.id),
      (s) => s.state === 'complete',
    );
    expect(done.answers.map((a) => a.status)).toEqual(['ready', 'ready', 'ready']);
    expect(done.submit_date).not.toBeNull();
    const candidateBefore = (await User.findByPk(candidate.id))!.applications_count;
    const app = (await Application.findByPk(application.id))!;
    expect([app.state, app.recruiter_state]).toEqual(['complete', 'new']);
    expect((await WishlistEntry.findOne({ where: { candidate_id: candidate.id, offer_id: offer.id } }))?.state).toBe('done');
    expect(candidateBefore).toBe(1);
    // candidates_count counts the recruiter's complete applications: this one is the first.
    expect((await User.findByPk(recruiter.id))?.candidates_count).toBe(1);
    const mail = await smtp.next('recruteur.video@example.test', 20_000);
    expect(mail.text).toContain('Barista H/F');
    expect(mail.text).toContain(`/dashboard?application=${application.id}`);

    // The story is private HLS: 9:16 within 720x1280, ~2 s segments, a poster; not readable without a signed address.
    const uploads = await AnswerUpload.findAll({ where: { application_id: application.id } });
    const playlistKey = `story/${uploads[0].id}/index.m3u8`;
    const playlist = (await ctx.deps.storage.get(playlistKey))!.body.toString();
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const segments = playlist.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    for (const d of [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]))) expect(d).toBeLessThanOrEqual(2.6);
    expect(await ctx.deps.storage.head(`story/${uploads[0].id}/poster.jpg`)).not.toBeNull();
    expect(await ctx.deps.storage.head(sourceKeyOf(uploads[0].id))).toBeNull();
    const segKey = `story/${uploads[0].id}/${segments[0]}`;
    expect((await request(ctx.app).get(`/files/${segKey}`)).status).toBe(404);
    expect((await request(ctx.app).get(`/media/${segKey}`)).status).toBe(403);
    const signed = ctx.deps.media!.sign(playlistKey, userAudience(recruiter.id), new Date());
    const token = /\/media\/([^/]+)\//.exec(signed)![1];
    const forged = `${token.slice(0, -3)}AAA`;
    const good = await request(ctx.app)
      .get(`/media/${token}/${segKey}`)
      .set(await bearer(recruiter));
    expect(good.status).toBe(200);
    expect(
      (
        await request(ctx.app)
          .get(`/media/${forged}/${segKey}`)
          .set(await bearer(recruiter))
      ).status,
    ).toBe(403);
    // The recruiter's media list signs the stories.
    const media = await request(ctx.app)
      .get(`/apis/applications/${application.id}/media`)
      .set(await bearer(recruiter));
    expect(media.body.questions.every((q: { url: string | null }) => q.url && q.url.includes('/index.m3u8'))).toBe(true);
  }, 120_000);
});
