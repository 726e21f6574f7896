// Uploads received but never checked (issue 22, docs/decisions/230-no-upload-left-behind.md): when
// a process dies after an upload's last byte reached disk but before its check, tus-js-client sees
// offset = length on resume and sends nothing more. The job queued at every start finishes them
// (one waiting at a time however many processes start together), and two processes finishing the same
// uploads at once record one outcome each (one transcode job, one refusal). The hourly sweep does
// the same (tests/api/upload-leftovers.test.ts); a real server killed at the check:
// tests/e2e/upload-recovery-process.test.ts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { makeVideo } from '../helpers/video.js';
import { answerStatus, candidateWithApplication, startedUpload, waitFor } from '../helpers/tus.js';
import { RECEIVED_UPLOADS_JOB, enqueueStartupJobs, startJobs } from '../../api/jobs/index.js';
import type { Worker } from '../../api/lib/job-queue.js';
import { sourceKeyOf, storyKeyOf } from '../../api/services/applications/video-answers.service.js';
import { AnswerUpload, ApplicationAnswer, Job, type Offer } from '../../models/index.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'vrp-recovery-'));
let ctx: TestContext;
let offer: Offer;
let video: Buffer;

beforeAll(async () => {
  ctx = await createTestContext({ JOBS_POLL_MS: '100' });
  offer = await makeOffer(await makeUser({ profile: 'recruiter' }));
  video = fs.readFileSync(makeVideo({ seconds: 2 }, dir));
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const tusFile = (id: string) => path.join(ctx.settings.video.uploadDir, id);

/** An upload whose every byte is on disk and that was never checked: the state a crash at the check leaves. */
async function receivedUpload(auth: Record<string, string>, applicationId: number, qid: string, bytes: Buffer) {
  const { id } = await startedUpload(ctx.app, auth, applicationId, qid, bytes.length, Buffer.alloc(0));
  fs.writeFileSync(tusFile(id), bytes);
  expect((await answerStatus(ctx.app, auth, applicationId, qid)).status).toBe('uploading');
  return id;
}

describe('at every start', () => {
  it('processes starting together queue one job, which finishes the received uploads; a later start queues another', async () => {
    const { auth, applicationId } = await candidateWithApplication(ctx.app, offer);
    const id = await receivedUpload(auth, applicationId, 'q1', video);
    // Three processes starting at once, before any worker runs.
    await Promise.all([0, 0, 1].map((ms) => enqueueStartupJobs(new Date(Date.now() + ms))));
    const jobs = await Job.findAll({ where: { name: RECEIVED_UPLOADS_JOB } });
    expect(jobs).toHaveLength(1);
    const worker: Worker = startJobs(ctx.deps);
    try {
      await waitFor(
        () => answerStatus(ctx.app, auth, applicationId, 'q1'),
        (a) => a.status === 'ready',
      );
      expect((await ApplicationAnswer.findOne({ where: { application_id: applicationId, qid: 'q1' } }))?.upload_path).toBe(storyKeyOf(id));
      expect((await Job.findByPk(jobs[0].id))?.state).toBe('done');
      expect(fs.existsSync(tusFile(id))).toBe(false);
      // A process restarting a moment later (after a crash) queues the recovery again.
      const again = await receivedUpload(auth, applicationId, 'q2', video);
      await enqueueStartupJobs(new Date());
      expect(await Job.count({ where: { name: RECEIVED_UPLOADS_JOB } })).toBe(2);
      await waitFor(
        () => answerStatus(ctx.app, auth, applicationId, 'q2'),
        (a) => a.status === 'ready',
      );
      expect(fs.existsSync(tusFile(again))).toBe(false);
    } finally {
      await worker.stop(5000);
    }
  }, 120_000);

  it('two processes finishing the same received uploads at once record one outcome each: one transcode, one refusal', async () => {
    const { auth, applicationId } = await candidateWithApplication(ctx.app, offer);
    const good = await receivedUpload(auth, applicationId, 'q1', video);
    const text = Buffer.from('pas une vidéo\n'.repeat(30));
    const bad = await receivedUpload(auth, applicationId, 'q2', text);

    const start = () => {
      const child = spawn(TSX, ['tests/helpers/finish-received.ts', ctx.db.database.url, ctx.settings.storageDir, ctx.settings.video.uploadDir], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (err += d));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const ready = (async () => {
        while (!out.includes('ready')) {
          if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${err}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      return { child, ready, done: exited.then((code) => ({ code, out, err })) };
    };
    const a = start();
    const b = start();
    // Both connected: they start on the same line.
    await Promise.all([a.ready, b.ready]);
    a.child.stdin!.write('go\n');
    b.child.stdin!.write('go\n');
    for (const r of await Promise.all([a.done, b.done])) {
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(/\{"settled":[0-2]\}/);
    }

    expect((await AnswerUpload.findByPk(good))?.state).toBe('processing');
    expect(await Job.count({ where: { name: 'transcode-answer', payload: JSON.stringify({ upload_id: good }) } })).toBe(1);
    expect(Buffer.compare((await ctx.deps.storage.get(sourceKeyOf(good)))!.body, video)).toBe(0);
    expect(await AnswerUpload.findByPk(bad)).toMatchObject({ state: 'failed', error_code: 'video_not_a_video' });
    expect(await ctx.deps.storage.head(sourceKeyOf(bad))).toBeNull();
    for (const id of [good, bad]) expect(fs.existsSync(tusFile(id))).toBe(false);
    expect((await answerStatus(ctx.app, auth, applicationId, 'q2')).error?.code).toBe('video_not_a_video');
  }, 120_000);
});
