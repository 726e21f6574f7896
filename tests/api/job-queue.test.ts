// The durable job queue (issue 12, docs/decisions/125-durable-job-queue.md), on the real database:
// leases, retries with backoff, failed jobs kept with their error, jobs surviving a restart, two
// processes never claiming the same job, recurring tasks once per period, and a worker process
// killed (kill -9) in the middle of a transcode: the job is retried and exactly one story is stored.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { pino } from 'pino';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { bearer } from '../helpers/auth.js';
import { makeVideo } from '../helpers/video.js';
import { stopChild } from '../helpers/processes.js';
import { BACKOFF_BASE_MS, claim, complete, defineJob, enqueue, enqueueRecurring, fail, renewLease, retryJob, startWorker } from '../../api/lib/job-queue.js';
import { AnswerUpload, Job } from '../../models/index.js';
import { ffmpegReadiness } from '../../api/integrations/ffmpeg.js';
import { sourceKeyOf } from '../../api/services/applications/video-answers.service.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
let ctx: TestContext;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe('leases', () => {
  it('a claimed job is the worker’s until its lease expires; then another worker takes it over', async () => {
    const job = (await enqueue('lease-test', { n: 1 }, { queue: 'lease', runAt: at(0) }))!;
    const a = (await claim('worker-a', ['lease'], at(1000), 10_000))!;
    expect(a.id).toBe(job.id);
    expect([a.state, a.attempts, a.locked_by]).toEqual(['running', 1, 'worker-a']);
    expect(await claim('worker-b', ['lease'], at(5000), 10_000)).toBeNull();
    // A renewed lease holds longer.
    expect(await renewLease(a, 'worker-a', at(8000), 10_000)).toBe(true);
    expect(await claim('worker-b', ['lease'], at(15_000), 10_000)).toBeNull();
    // worker-a dies: past the lease, worker-b takes the job, and worker-a can no longer finish it.
    const b = (await claim('worker-b', ['lease'], at(18_001), 10_000))!;
    expect([b.id, b.attempts, b.locked_by]).toEqual([job.id, 2, 'worker-b']);
    expect(await complete(a, 'worker-a', at(19_000))).toBe(false);
    expect(await complete(b, 'worker-b', at(19_000))).toBe(true);
    expect((await Job.findByPk(job.id))?.state).toBe('done');
  });

  it('a job not yet due waits for its run_at', async () => {
    await enqueue('later', {}, { queue: 'scheduled', runAt: at(60_000) });
    expect(await claim('w', ['scheduled'], at(59_999))).toBeNull();
    expect(await claim('w', ['scheduled'], at(60_000))).not.toBeNull();
  });
});

describe('retries', () => {
  it('a failure is retried with exponential backoff, then kept as failed with its last error; staff retry runs it again', async () => {
    const job = (await enqueue('flaky', {}, { queue: 'retry', runAt: at(0), maxAttempts: 3 }))!;
    let now = 0;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const claimed = (await claim('w', ['retry'], at(now)))!;
      expect(claimed.attempts).toBe(attempt);
      expect(await fail(claimed, 'w', new Error(`boom ${attempt}`), at(now))).toBe(attempt < 3 ? 'retry' : 'failed');
      const row = (await Job.findByPk(job.id))!;
      expect(row.last_error).toBe(`Error: boom ${attempt}`);
      if (attempt < 3) {
        const wait = row.run_at.getTime() - at(now).getTime();
        waits.push(wait);
        expect(await claim('w', ['retry'], new Date(row.run_at.getTime() - 1))).toBeNull();
        now += wait;
      }
    }
    expect(waits[0]).toBeGreaterThanOrEqual(BACKOFF_BASE_MS);
    expect(waits[0]).toBeLessThanOrEqual(BACKOFF_BASE_MS * 1.1);
    expect(waits[1]).toBeGreaterThanOrEqual(BACKOFF_BASE_MS * 4);
    const failed = (await Job.findByPk(job.id))!;
    expect([failed.state, failed.attempts, failed.last_error]).toEqual(['failed', 3, 'Error: boom 3']);
    expect(await claim('w', ['retry'], at(now + 24 * 3600_000))).toBeNull();
    await retryJob(job.id, at(now));
    expect((await claim('w', ['retry'], at(now)))?.attempts).toBe(1);
  });

  it('a worker runs handlers, retries a throwing one and keeps the failed job with its error', async () => {
    let calls = 0;
    defineJob('worker-ok', async () => {
      calls++;
    });
    defineJob('worker-bad', async () => {
      throw new Error('cannot do it');
    });
    const ok = (await enqueue('worker-ok', {}, { queue: 'w1' }))!;
    const bad = (await enqueue('worker-bad', {}, { queue: 'w1', maxAttempts: 1 }))!;
    const worker = startWorker({ queues: ['w1'], pollMs: 50, logger: silent });
    try {
      for (let i = 0; i < 400 && ((await Job.findByPk(ok.id))?.state !== 'done' || (await Job.findByPk(bad.id))?.state !== 'failed'); i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await worker.stop();
    }
    expect(calls).toBe(1);
    expect((await Job.findByPk(ok.id))?.state).toBe('done');
    expect(await Job.findByPk(bad.id)).toMatchObject({ state: 'failed', attempts: 1, last_error: 'Error: cannot do it' });
  });
});

describe('the Jobs console resource', () => {
  it('staff list failed jobs with their error and retry one; others are refused', async () => {
    const job = (await enqueue('console-visible', {}, { queue: 'console', maxAttempts: 1 }))!;
    const claimed = (await claim('w', ['console'], new Date()))!;
    await fail(claimed, 'w', new Error('smtp down'), new Date());
    const admin = await bearer(await makeUser({ profile: 'recruiter', is_admin: true }));
    const list = await request(ctx.app)
      .get('/apis/console/jobs')
      .query({ filter: JSON.stringify({ state: 'failed', queue: 'console' }) })
      .set(admin);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: job.id, name: 'console-visible', state: 'failed', attempts: 1, last_error: 'Error: smtp down' })]);
    const recruiter = await bearer(await makeUser({ profile: 'recruiter' }));
    expect((await request(ctx.app).post(`/apis/console/jobs/${job.id}/retry`).set(recruiter)).status).toBe(403);
    const retried = await request(ctx.app).post(`/apis/console/jobs/${job.id}/retry`).set(admin);
    expect(retried.status).toBe(200);
    expect(await Job.findByPk(job.id)).toMatchObject({ state: 'ready', attempts: 0 });
    expect((await request(ctx.app).post('/apis/console/jobs/999999/retry').set(admin)).status).toBe(404);
  });
});

describe('once per period', () => {
  it('a recurring task is enqueued once per period however many processes ask', async () => {
    const task = { name: 'hourly-sweep', everyMs: 3600_000 };
    await Promise.all([enqueueRecurring([task], at(10)), enqueueRecurring([task], at(20)), enqueueRecurring([task], at(3599_000))]);
    expect(await Job.count({ where: { name: 'hourly-sweep' } })).toBe(1);
    await enqueueRecurring([task], at(3600_000));
    expect(await Job.count({ where: { name: 'hourly-sweep' } })).toBe(2);
  });
});

describe('across processes', () => {
  it('two processes claiming from one queue never claim the same job', async () => {
    const N = 120;
    for (let i = 0; i < N; i++) await enqueue('race', { i }, { queue: 'race', runAt: at(0) });
    // Each claimer connects and says "ready"; both are told to start at once.
    const start = () => {
      const child = spawn(TSX, ['tests/helpers/claim-jobs.ts', ctx.db.database.url, 'race'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      let markReady: () => void;
      const ready = new Promise<void>((r) => (markReady = r));
      child.stdout.on('data', (d) => {
        out += d;
        if (out.startsWith('ready\n')) markReady();
      });
      child.stderr.on('data', (d) => (err += d));
      // A claimer that died before "go" must fail the test by its exit, not by a broken pipe.
      child.stdin.on('error', () => {});
      const ids = new Promise<number[]>((resolve, reject) =>
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!) as number[]) : reject(new Error(`claimer exited ${code}: ${err}`)))),
      );
      ids.catch(() => markReady());
      return { child, ready, ids };
    };
    const claimers = [start(), start()];
    await Promise.all(claimers.map((c) => c.ready));
    for (const c of claimers) c.child.stdin.end('go\n');
    const [a, b] = await Promise.all(claimers.map((c) => c.ids));
    const all = [...a, ...b];
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(N);
    // Both did work (otherwise the test shows nothing about two processes).
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(await Job.count({ where: { queue: 'race', state: 'done' } })).toBe(N);
  }, 120_000);

  it('a worker process killed (kill -9) mid-transcode: the job is retried by the next worker and exactly one story is stored', async () => {
    const recruiter = await makeUser({ profile: 'recruiter' });
    const offer = await makeOffer(recruiter, { questions: ['Présentez-vous.', 'Pourquoi nous ?', 'Disponibilités ?'] });
    const candidate = await makeUser({ profile: 'candidate' });
    const auth = await bearer(candidate);
    const started = await request(ctx.app).post('/apis/candidate/applications').set(auth).send({ job_code: offer.job_code });
    const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'vrp-kill-'));
    // Long enough that the transcode is still running when the worker is killed: VP8, which is
    // transcoded (an H.264 answer is packaged with its video copied in a fraction of a second,
    // decision 390, and would be done before the kill).
    const file = fs.readFileSync(makeVideo({ seconds: 12, width: 720, height: 1280, format: 'webm' }, dir));
    const meta = `application_id ${Buffer.from(String(started.body.id)).toString('base64')},qid ${Buffer.from('q1').toString('base64')}`;
    const created = await request(ctx.app).post('/apis/candidate/uploads').set(auth).set('Tus-Resumable', '1.0.0').set('Upload-Length', String(file.length)).set('Upload-Metadata', meta);
    const done = await request(ctx.app)
      .patch(created.headers.location)
      .set(auth)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(file);
    expect(done.status, done.text).toBe(204);
    const uploadId = String(created.headers.location).split('/').pop()!;
    const job = (await Job.findOne({ where: { name: 'transcode-answer' }, order: [['id', 'DESC']] }))!;

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: ctx.db.database.url,
      STORAGE_DIR: ctx.settings.storageDir,
      UPLOAD_TMP_DIR: ctx.settings.video.uploadDir,
      MAIL_DIR: path.join(dir, 'mail'),
      JOBS_POLL_MS: '100',
      JOBS_LEASE_MS: '2000',
      X264_PRESET: 'veryfast',
    };
    let stderr = '';
    const worker = (): ChildProcess => {
      const child = spawn(TSX, ['scripts/worker.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      child.stderr!.on('data', (d) => (stderr += d));
      child.stdout!.on('data', (d) => (stderr += d));
      return child;
    };
    const kill = (child: ChildProcess) => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    };
    const first = worker();
    try {
      // Wait until the first worker holds the job, then give ffmpeg a moment and kill the worker and its ffmpeg.
      for (let i = 0; i < 1200 && (await Job.findByPk(job.id))?.state !== 'running'; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await Job.findByPk(job.id))?.state, stderr).toBe('running');
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      kill(first);
    }
    await new Promise((r) => (first.exitCode !== null || first.signalCode !== null ? r(null) : first.once('exit', r)));
    expect(first.signalCode, stderr).toBe('SIGKILL');
    expect((await AnswerUpload.findByPk(uploadId))?.state).toBe('processing');
    const second = worker();
    try {
      for (let i = 0; i < 1500 && (await AnswerUpload.findByPk(uploadId))?.state !== 'ready'; i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await stopChild(second);
    }
    expect((await AnswerUpload.findByPk(uploadId))?.state, `${stderr}\n${JSON.stringify(await Job.findByPk(job.id))}`).toBe('ready');
    const finished = (await Job.findByPk(job.id))!;
    expect([finished.state, finished.attempts]).toEqual(['done', 2]);
    // Exactly one story: the playlist, the segments it names, the poster, nothing else (no source, no second folder).
    const folder = path.join(ctx.settings.storageDir, 'story', uploadId);
    const playlist = fs.readFileSync(path.join(folder, 'index.m3u8'), 'utf8');
    const segments = playlist.split('\n').filter((l) => l.endsWith('.ts'));
    const files = fs.readdirSync(folder).filter((f) => !f.endsWith('.type'));
    expect(files.sort()).toEqual(['index.m3u8', 'poster.jpg', ...segments].sort());
    expect(await ctx.deps.storage.head(sourceKeyOf(uploadId))).toBeNull();
    const storyFolders = fs.readdirSync(path.join(ctx.settings.storageDir, 'story'));
    expect(storyFolders.filter((f) => f === uploadId)).toHaveLength(1);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 240_000);
});

describe('ffmpeg missing', () => {
  it('is a clear error on /readyz’s check and stops `npm run worker` at start', async () => {
    const check = ffmpegReadiness({ video: { ffmpegPath: '/nonexistent/ffmpeg' } });
    await expect(check()).rejects.toThrow(/ffmpeg cannot run at \/nonexistent\/ffmpeg/);
    const child = spawn(TSX, ['scripts/worker.ts'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: ctx.db.database.url, FFMPEG_PATH: '/nonexistent/ffmpeg' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(1);
    expect(err).toContain('ffmpeg is not usable');
  }, 90_000);
});
