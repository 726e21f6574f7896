// `npm run worker` as the README shows it, run through npm on this test's database (SQLite, or
// MariaDB in the api-mariadb project): a candidate's answer uploaded over tus is left to the queue
// (no worker in this process), the npm-started worker transcodes it into a playable story and the
// application completes; then SIGTERM, sent to the process group we started by its pid, stops it
// cleanly (exit 0) after the job in hand.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { bearer } from '../helpers/auth.js';
import { makeVideo } from '../helpers/video.js';
import { AnswerUpload, Application, Job } from '../../models/index.js';
import { TRANSCODE_JOB } from '../../api/services/applications/video-answers.service.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
let ctx: TestContext;
let dir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  ctx = await createTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-worker-cmd-'));
});
afterAll(async () => {
  // Whatever happened, nothing we started outlives the test: npm, its shell and the worker are one
  // process group, ended by the pid we started.
  if (child && child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
  await ctx?.close();
});

describe('npm run worker', () => {
  it('processes a queued transcode and stops on SIGTERM', async () => {
    const recruiter = await makeUser({ profile: 'recruiter' });
    const offer = await makeOffer(recruiter, { questions: ['Présentez-vous.'] });
    const auth = await bearer(await makeUser({ profile: 'candidate' }));
    const started = await request(ctx.app).post('/apis/candidate/applications').set(auth).send({ job_code: offer.job_code });
    expect(started.status, started.text).toBe(201);
    const file = fs.readFileSync(makeVideo({ seconds: 3 }, dir));
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    const created = await request(ctx.app)
      .post('/apis/candidate/uploads')
      .set(auth)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Length', String(file.length))
      .set('Upload-Metadata', `application_id ${b64(String(started.body.id))},qid ${b64('q1')}`);
    expect(created.status, created.text).toBe(201);
    const sent = await request(ctx.app)
      .patch(created.headers.location)
      .set(auth)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(file);
    expect(sent.status, sent.text).toBe(204);
    const uploadId = String(created.headers.location).split('/').pop()!;
    // No worker runs in this process: the job waits in the table.
    const job = (await Job.findOne({ where: { name: TRANSCODE_JOB }, order: [['id', 'DESC']] }))!;
    expect(job.state).toBe('ready');
    expect((await AnswerUpload.findByPk(uploadId))?.state).toBe('processing');

    // The developer's shell, not the test runner's: no NODE_ENV/VITEST, the settings of this database and storage.
    const { NODE_ENV: _mode, VITEST: _vitest, ...shell } = process.env;
    let output = '';
    const worker = spawn('npm', ['run', 'worker'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...shell,
        DATABASE_URL: ctx.db.database.url,
        STORAGE_DIR: ctx.settings.storageDir,
        UPLOAD_TMP_DIR: ctx.settings.video.uploadDir,
        MAIL_DIR: path.join(dir, 'mail'),
        JOBS_POLL_MS: '200',
        LOG_LEVEL: 'info',
      } as unknown as NodeJS.ProcessEnv,
    });
    child = worker;
    worker.stdout!.on('data', (d) => (output += d));
    worker.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 120_000;
    // The handler marks the upload ready, then the worker marks its job done: wait for both.
    const settled = async () => (await AnswerUpload.findByPk(uploadId))?.state === 'ready' && (await Job.findByPk(job.id))?.state === 'done';
    while (!(await settled()) && Date.now() < deadline) {
      if (worker.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await AnswerUpload.findByPk(uploadId))?.state, output).toBe('ready');
    const done = (await Job.findByPk(job.id))!;
    expect(done.state).toBe('done');
    expect(output).toContain('job worker started');
    // The story is in storage and the one-question application is complete.
    expect(fs.existsSync(path.join(ctx.settings.storageDir, 'story', uploadId, 'index.m3u8'))).toBe(true);
    expect((await Application.findByPk(started.body.id))?.state).toBe('complete');

    // Stopped by the pid we started: SIGTERM to its process group, as Ctrl-C sends SIGINT to the
    // terminal's. npm and its shell end by the signal (npm re-raises it), the worker cleanly: no job
    // is cut in hand (a claim made while stopping is waited for) or left running.
    const stoppedAt = output.length;
    // 'close': every process holding the output pipes (npm, sh, the worker) has ended.
    const exited = new Promise<[number | null, string | null]>((r) => worker.once('close', (code, signal) => r([code, signal])));
    process.kill(-worker.pid!, 'SIGTERM');
    const [code, signal] = await exited;
    expect(code === 0 || signal === 'SIGTERM', `${code} ${signal}`).toBe(true);
    // Under a heavy load the worker's last line did not always reach the pipe before npm and tsx
    // were gone; when it is there, no job was cut.
    const after = output.slice(stoppedAt);
    expect(after, output).not.toContain('job failed');
    expect(await Job.count({ where: { state: 'running' } })).toBe(0);
  }, 180_000);
});
