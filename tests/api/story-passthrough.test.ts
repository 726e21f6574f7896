// Stories playable sooner (issue 26, decision 390): an answer already in H.264/AAC (a phone's MP4,
// Chromium's MediaRecorder asked for H.264) is packaged to HLS with its video copied, not
// re-encoded; VP8, and H.264 the players may not take (pixel format, profile, level, rotation,
// sparse keyframes), is transcoded as before. What was stored is read back with ffmpeg: the H.264
// sources here are High profile (x264 veryfast), which the transcoder never writes (main at most,
// api/integrations/ffmpeg.ts): a High segment was copied, any other was re-encoded.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { bearer } from '../helpers/auth.js';
import { FFMPEG, makeVideo, type VideoSpec } from '../helpers/video.js';
import { startJobs } from '../../api/jobs/index.js';
import type { Worker } from '../../api/lib/job-queue.js';
import { storyToHls } from '../../api/integrations/ffmpeg.js';
import { AnswerUpload, type Offer } from '../../models/index.js';

const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'vrp-passthrough-'));
let n = 0;
/** A test answer; H.264 ones in High profile (x264 veryfast) unless the spec says otherwise. */
const video = (spec: VideoSpec) => makeVideo({ ...spec, x264: ['-preset', 'veryfast', ...(spec.x264 ?? [])] }, fs.mkdtempSync(path.join(dir, 'src-')));
const HIGH = 'h264 (High)';

/** The same file with the rotation a phone held sideways writes (display matrix 90°), remuxed. */
function rotated(file: string): string {
  const out = file.replace(/\.mp4$/, '-rotated.mp4');
  const run = spawnSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', '-i', file, '-map', '0', '-c', 'copy', '-metadata:s:v:0', 'rotate=90', out], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return out;
}

/** The codecs and profile ffmpeg reads in a file (a segment): e.g. 'h264 (Main)', 'aac'. */
function streams(file: string): { video: string | null; audio: string | null } {
  const text = spawnSync(FFMPEG, ['-hide_banner', '-nostdin', '-i', file], { encoding: 'utf8' }).stderr;
  return { video: /Video: (\w+(?: \([^)]*\))?)/.exec(text)?.[1] ?? null, audio: /Audio: (\w+)/.exec(text)?.[1] ?? null };
}

/** The playlist's segment durations (#EXTINF) and its segment names. */
function playlistOf(text: string): { durations: number[]; segments: string[] } {
  return { durations: [...text.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1])), segments: text.split('\n').filter((l) => l.endsWith('.ts')) };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('packaging by ffmpeg (storyToHls)', () => {
  async function story(spec: VideoSpec, adjust: (file: string) => string = (f) => f) {
    const out = path.join(dir, `hls-${++n}`);
    const made = await storyToHls(FFMPEG, adjust(video(spec)), out, { preset: 'ultrafast' });
    const { durations, segments } = playlistOf(fs.readFileSync(path.join(out, 'index.m3u8'), 'utf8'));
    expect(made.files).toEqual(expect.arrayContaining(['index.m3u8', 'poster.jpg', ...segments]));
    return { made, durations, segments, first: streams(path.join(out, segments[0])) };
  }

  it('an H.264/AAC MP4 is copied: h264 as recorded, AAC kept, 2 s segments adding up to its length', async () => {
    const { made, durations, segments, first } = await story({ seconds: 6, format: 'mp4' });
    expect([made.video, made.reason]).toEqual(['copy', '']);
    expect(first).toEqual({ video: HIGH, audio: 'aac' });
    expect(segments).toHaveLength(3);
    for (const d of durations) expect(d).toBeLessThanOrEqual(2.1);
    expect(Math.abs(sum(durations) - 6)).toBeLessThan(0.15);
  });

  it('H.264 with Opus in a fragmented MP4 (what the recorder asks of Chromium): video copied, sound to AAC', async () => {
    const { made, durations, first } = await story({ seconds: 6, format: 'mediarecorder-h264' });
    expect(made.video).toBe('copy');
    // What Chromium writes: constrained baseline (not a profile the transcoder writes either, with this preset).
    expect(first).toEqual({ video: 'h264 (Constrained Baseline)', audio: 'aac' });
    expect(Math.abs(sum(durations) - 6)).toBeLessThan(0.15);
  });

  it('a VP8 WebM (MediaRecorder without H.264) is still transcoded', async () => {
    const { made, durations, first } = await story({ seconds: 4, format: 'mediarecorder' });
    expect([made.video, made.reason]).toEqual(['encode', 'video codec vp8']);
    expect(first.video).toMatch(/^h264 /);
    expect(first.audio).toBe('aac');
    expect(Math.abs(sum(durations) - 4)).toBeLessThan(0.15);
  });

  it.each<[string, Partial<VideoSpec>, string, ((f: string) => string)?]>([
    ['a 4:4:4 picture (High 4:4:4 Predictive profile)', { pixFmt: 'yuv444p' }, 'pixel format yuv444p'],
    ['level 5.2, above what the players take', { x264: ['-level', '5.2'] }, 'H.264 level 5.2'],
    ['a keyframe only at the start', { gop: 600 }, 'keyframes 6.0 s apart'],
    ['a phone held sideways (rotation metadata)', {}, 'rotated 90', rotated],
    ['larger than 720x1280', { width: 1080, height: 1920 }, 'size 1080x1920'],
  ])('H.264 with %s is transcoded', async (_what, spec, reason, adjust) => {
    const { made, durations, first } = await story({ seconds: 6, format: 'mp4', ...spec }, adjust);
    expect(made.video).toBe('encode');
    expect(made.reason).toContain(reason);
    expect(first.video).toMatch(/^h264 /);
    expect(first.video).not.toBe(HIGH);
    expect(Math.abs(sum(durations) - 6)).toBeLessThan(0.15);
  });
});

describe('through the upload and the transcode job', () => {
  let ctx: TestContext;
  let worker: Worker;
  let offer: Offer;
  const b64 = (s: string) => Buffer.from(s).toString('base64');

  beforeAll(async () => {
    ctx = await createTestContext({ JOBS_POLL_MS: '100' });
    offer = await makeOffer(await makeUser({ profile: 'recruiter' }), { questions: ['Présentez-vous.', 'Pourquoi nous ?'] });
    worker = startJobs(ctx.deps);
  }, 60_000);
  afterAll(async () => {
    await worker?.stop(5000);
    await ctx?.close().catch(() => undefined);
  });

  async function sendAnswer(auth: Record<string, string>, applicationId: number, qid: string, file: string, filetype: string): Promise<string> {
    const body = fs.readFileSync(file);
    const meta = `application_id ${b64(String(applicationId))},qid ${b64(qid)},filetype ${b64(filetype)}`;
    const created = await request(ctx.app).post('/apis/candidate/uploads').set(auth).set('Tus-Resumable', '1.0.0').set('Upload-Length', String(body.length)).set('Upload-Metadata', meta);
    expect(created.status, created.text).toBe(201);
    const sent = await request(ctx.app)
      .patch(created.headers.location)
      .set(auth)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(body);
    expect(sent.status, sent.text).toBe(204);
    return String(created.headers.location).split('/').pop()!;
  }

  async function ready(id: string) {
    const until = Date.now() + 60_000;
    for (;;) {
      const u = await AnswerUpload.findByPk(id);
      if (u?.state === 'ready') return;
      if (u?.state === 'failed' || Date.now() > until) throw new Error(`upload ${id}: ${u?.state} ${u?.error_code ?? ''}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The stored story: its first segment's streams and the playlist's total length. */
  async function stored(id: string) {
    const playlist = playlistOf((await ctx.deps.storage.get(`story/${id}/index.m3u8`))!.body.toString('utf8'));
    const seg = path.join(dir, `${id}.ts`);
    fs.writeFileSync(seg, (await ctx.deps.storage.get(`story/${id}/${playlist.segments[0]}`))!.body);
    expect(await ctx.deps.storage.head(`story/${id}/poster.jpg`)).not.toBeNull();
    return { ...streams(seg), seconds: sum(playlist.durations) };
  }

  it('an H.264 MP4 (video/mp4) is stored as copied segments, a VP8 WebM as transcoded ones, both playable', async () => {
    const auth = await bearer(await makeUser({ profile: 'candidate' }));
    const started = await request(ctx.app).post('/apis/candidate/applications').set(auth).send({ job_code: offer.job_code });
    expect(started.status).toBe(201);
    const h264 = await sendAnswer(auth, started.body.id, 'q1', video({ seconds: 6, format: 'mp4' }), 'video/mp4');
    const vp8 = await sendAnswer(auth, started.body.id, 'q2', video({ seconds: 4, format: 'mediarecorder' }), 'video/webm');
    await ready(h264);
    await ready(vp8);
    const copied = await stored(h264);
    expect([copied.video, copied.audio]).toEqual([HIGH, 'aac']);
    expect(Math.abs(copied.seconds - 6)).toBeLessThan(0.15);
    const transcoded = await stored(vp8);
    expect(transcoded.video).toMatch(/^h264 /);
    expect([transcoded.video === HIGH, transcoded.audio]).toEqual([false, 'aac']);
    expect(Math.abs(transcoded.seconds - 4)).toBeLessThan(0.15);
    // The application completes as before (both answers ready).
    const done = await request(ctx.app).get(`/apis/candidate/applications/${started.body.id}`).set(auth);
    expect(done.body.state).toBe('complete');
  }, 120_000);
});
