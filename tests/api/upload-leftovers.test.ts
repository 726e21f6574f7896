// No data left behind, no stuck upload (issue 22, docs/decisions/230-no-upload-left-behind.md), with
// the real ffmpeg (behind a wrapper that can hold a check at its start) and the real job queue:
// - every deletion of an account (staff's two, the person's own, the inactivity sweep; a recruiter's
//   takes their candidates' applications) removes the tus files of its unfinished uploads and the
//   story folders;
// - the hourly sweep removes tus files no upload in progress refers to and empty story folders, and
//   finishes uploads whose last byte is on disk (so does the job queued at every start:
//   tests/api/upload-recovery.test.ts);
// - a retake racing the previous upload's last byte: the retake wins, the previous upload's PATCH
//   answers 404 upload_not_found (never video_not_a_video), and the valid video becomes the answer.
// The same with a real server process killed (kill -9) at the check: tests/e2e/upload-recovery-process.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { makeApplication, makeOffer, makeUser } from '../helpers/fixtures.js';
import { bearer } from '../helpers/auth.js';
import { storeStory } from '../helpers/lifecycle.js';
import { heldFfmpeg, makeVideo } from '../helpers/video.js';
import * as tusSide from '../helpers/tus.js';
import { createUpload, patchUpload, uploadIdOf, waitFor } from '../helpers/tus.js';
import { startJobs } from '../../api/jobs/index.js';
import { enqueue, type Worker } from '../../api/lib/job-queue.js';
import { runLifecycleJob } from '../../api/jobs/lifecycle.js';
import { sourceKeyOf, storyKeyOf } from '../../api/services/applications/video-answers.service.js';
import { AnswerUpload, ApplicationAnswer, Job, Session, User, type Offer } from '../../models/index.js';

const HOUR = 3600_000;
const held = heldFfmpeg();
const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'vrp-leftovers-'));
let ctx: TestContext;
let worker: Worker;
let recruiter: User;
let offer: Offer;
let video: Buffer;
let otherVideo: Buffer;

beforeAll(async () => {
  ctx = await createTestContext({ FFMPEG_PATH: held.bin, JOBS_POLL_MS: '100' });
  worker = startJobs(ctx.deps);
  recruiter = await makeUser({ profile: 'recruiter' });
  offer = await makeOffer(recruiter);
  video = fs.readFileSync(makeVideo({ seconds: 2 }, dir));
  otherVideo = fs.readFileSync(makeVideo({ seconds: 3, width: 320, height: 568 }, dir));
}, 60_000);

afterAll(async () => {
  held.release();
  await worker?.stop(5000);
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const tusFile = (id: string) => path.join(ctx.settings.video.uploadDir, id);
const storyFolder = (playlistKey: string) => path.join(ctx.settings.storageDir, path.dirname(playlistKey));

const candidateWithApplication = (forOffer: Offer = offer) => tusSide.candidateWithApplication(ctx.app, forOffer);
const startedUpload = (auth: Record<string, string>, applicationId: number, qid: string, length: number, sent: Buffer) => tusSide.startedUpload(ctx.app, auth, applicationId, qid, length, sent);
const answerStatus = (auth: Record<string, string>, applicationId: number, qid: string) => tusSide.answerStatus(ctx.app, auth, applicationId, qid);

/** Queues a job and waits until a worker has done it. */
async function runJob(name: string): Promise<void> {
  const job = (await enqueue(name, {}))!;
  const done = await waitFor(
    () => Job.findByPk(job.id),
    (j) => j?.state === 'done' || j?.state === 'failed' || (j?.attempts ?? 0) > 1,
  );
  expect([done?.state, done?.last_error]).toEqual(['done', null]);
}

/** Backdates a file or folder (its last change) by `ms`. */
const age = (p: string, ms: number) => fs.utimesSync(p, new Date(Date.now() - ms), new Date(Date.now() - ms));

describe('deleting an account', () => {
  const staff = async () => bearer(await makeUser({ profile: 'recruiter', is_admin: true }));
  const paths: Array<[string, (candidate: User, auth: Record<string, string>) => Promise<void>]> = [
    [
      'staff, console',
      async (c) => {
        expect(
          (
            await request(ctx.app)
              .delete(`/apis/console/users/${c.id}`)
              .set(await staff())
          ).status,
        ).toBe(200);
      },
    ],
    [
      'staff, /apis/delete-user',
      async (c) => {
        expect(
          (
            await request(ctx.app)
              .delete(`/apis/delete-user?user=${c.id}`)
              .set(await staff())
          ).status,
        ).toBe(200);
      },
    ],
    [
      'the person, /apis/privacy/delete',
      async (_c, auth) => {
        expect((await request(ctx.app).post('/apis/privacy/delete').set(auth).send({ confirm: true })).status).toBe(200);
      },
    ],
    [
      'the inactivity sweep',
      async (c) => {
        // Inactive for years, warned 31 days ago, no session left.
        const now = new Date();
        await Session.destroy({ where: { user_id: c.id } });
        await User.update({ last_co: new Date(now.getTime() - 4 * 365 * 24 * HOUR), inactivity_warned_at: new Date(now.getTime() - 31 * 24 * HOUR) }, { where: { id: c.id } });
        const deps = { settings: ctx.settings, storage: ctx.deps.storage, mailer: ctx.deps.mailer, logger: ctx.deps.logger, clock: () => now };
        expect((await runLifecycleJob(deps, 'lifecycle-inactive-delete')).ids).toContain(c.id);
      },
    ],
  ];

  it.each(paths)('by %s removes the tus files of its unfinished uploads and its story folders', async (_name, remove) => {
    const { candidate, auth, applicationId } = await candidateWithApplication();
    const unfinished = await startedUpload(auth, applicationId, 'q1', 5000, Buffer.alloc(1000, 7));
    expect(fs.statSync(tusFile(unfinished.id)).size).toBe(1000);
    // A story already stored for another answer.
    const playlist = storyKeyOf('5'.repeat(32));
    await storeStory(ctx.deps.storage, playlist);
    await ApplicationAnswer.update({ upload_path: playlist, state: 'done', method: 'storage' }, { where: { application_id: applicationId, qid: 'q2' } });

    await remove(candidate, auth);
    expect(await User.count({ where: { id: candidate.id } })).toBe(0);
    expect(await AnswerUpload.count({ where: { id: unfinished.id } })).toBe(0);
    expect(fs.existsSync(tusFile(unfinished.id))).toBe(false);
    expect(fs.existsSync(storyFolder(playlist))).toBe(false);
  });

  it("of a recruiter removes the files of the applications to their offers (their candidates' uploads and stories)", async () => {
    const leaving = await makeUser({ profile: 'recruiter' });
    const theirOffer = await makeOffer(leaving);
    const { auth, applicationId } = await candidateWithApplication(theirOffer);
    const unfinished = await startedUpload(auth, applicationId, 'q1', 4000, Buffer.alloc(500, 3));
    const complete = await makeApplication(await makeUser(), theirOffer);
    const playlists = (await ApplicationAnswer.findAll({ where: { application_id: complete.id } })).map((a) => a.upload_path!);
    for (const p of playlists) await storeStory(ctx.deps.storage, p);

    expect(
      (
        await request(ctx.app)
          .delete(`/apis/delete-user?user=${leaving.id}`)
          .set(await staff())
      ).status,
    ).toBe(200);
    expect(fs.existsSync(tusFile(unfinished.id))).toBe(false);
    for (const p of playlists) expect(fs.existsSync(path.dirname(storyFolder(p))), p).toBe(false);
  });

  it('while its answer is being transcoded removes the story the transcode stores after it', async () => {
    const { candidate, auth, applicationId } = await candidateWithApplication();
    const { id, location } = await startedUpload(auth, applicationId, 'q1', video.length, Buffer.alloc(0));
    held.hold('transcode');
    try {
      expect((await patchUpload(ctx.app, auth, location, 0, video)).status).toBe(204);
      // The worker fetched the source and runs ffmpeg: the account goes meanwhile.
      await held.started('transcode');
      expect((await request(ctx.app).post('/apis/privacy/delete').set(auth).send({ confirm: true })).status).toBe(200);
      expect(await User.count({ where: { id: candidate.id } })).toBe(0);
      held.release('transcode');
      const job = await waitFor(
        () => Job.findOne({ where: { name: 'transcode-answer', payload: JSON.stringify({ upload_id: id }) } }),
        (j) => j?.state === 'done' || j?.state === 'failed',
      );
      expect(job?.state).toBe('done');
      expect(fs.existsSync(path.join(ctx.settings.storageDir, 'story', id))).toBe(false);
    } finally {
      held.release('transcode');
    }
  }, 90_000);
});

describe('the hourly sweep of answer uploads', () => {
  it('removes old tus files no upload in progress refers to and old empty story folders, and nothing else', async () => {
    const { auth, applicationId } = await candidateWithApplication();
    const inProgress = await startedUpload(auth, applicationId, 'q1', 5000, Buffer.alloc(1000, 1));
    age(tusFile(inProgress.id), 3 * HOUR);
    const upDir = ctx.settings.video.uploadDir;
    const stray = (name: string, ms: number) => {
      fs.writeFileSync(path.join(upDir, name), 'leftover bytes');
      age(path.join(upDir, name), ms);
      return name;
    };
    const noRow = stray('a'.repeat(32), 2 * HOUR);
    const noRowMeta = stray(`${'a'.repeat(32)}.json`, 2 * HOUR);
    const tusdMeta = stray(`${'b'.repeat(32)}.info`, 2 * HOUR);
    const young = stray('c'.repeat(32), 10 * 60_000);
    const notOurs = stray('notes.txt', 2 * HOUR);
    // Bytes a crash left behind after the check: the row is no longer uploading.
    const checked = await startedUpload(auth, applicationId, 'q2', 5000, Buffer.alloc(10, 2));
    await AnswerUpload.update({ state: 'failed', error_code: 'video_not_a_video' }, { where: { id: checked.id } });
    age(tusFile(checked.id), 2 * HOUR);

    const story = path.join(ctx.settings.storageDir, 'story');
    const emptyOld = path.join(story, 'd'.repeat(32));
    const nestedOld = path.join(story, 'e'.repeat(32), 'q1');
    const emptyYoung = path.join(story, 'f'.repeat(32));
    for (const d of [emptyOld, nestedOld, emptyYoung]) fs.mkdirSync(d, { recursive: true });
    const kept = storyKeyOf('9'.repeat(32));
    await storeStory(ctx.deps.storage, kept);
    for (const d of [emptyOld, nestedOld, path.dirname(nestedOld), storyFolder(kept)]) age(d, HOUR);

    await runJob('abandoned-answer-uploads');
    const left = fs.readdirSync(upDir);
    for (const gone of [noRow, noRowMeta, tusdMeta, checked.id]) expect(left, gone).not.toContain(gone);
    for (const stays of [inProgress.id, young, notOurs]) expect(left, stays).toContain(stays);
    expect([emptyOld, nestedOld, path.dirname(nestedOld)].filter((d) => fs.existsSync(d))).toEqual([]);
    expect(fs.existsSync(emptyYoung)).toBe(true);
    expect(fs.readdirSync(storyFolder(kept)).length).toBeGreaterThan(0);
    // The upload in progress goes on.
    expect((await patchUpload(ctx.app, auth, inProgress.location, 1000, Buffer.alloc(100, 1))).status).toBe(204);
  });

  it('finishes an upload whose last byte is on disk but was never checked, as the last PATCH does', async () => {
    const { auth, applicationId } = await candidateWithApplication();
    // The bytes arrived, then the process died before the check: the file is whole, the row uploading.
    const { id } = await startedUpload(auth, applicationId, 'q1', video.length, Buffer.alloc(0));
    fs.writeFileSync(tusFile(id), video);
    expect((await answerStatus(auth, applicationId, 'q1')).status).toBe('uploading');

    await runJob('abandoned-answer-uploads');
    await waitFor(
      () => answerStatus(auth, applicationId, 'q1'),
      (a) => a.status === 'ready',
    );
    expect((await ApplicationAnswer.findOne({ where: { application_id: applicationId, qid: 'q1' } }))?.upload_path).toBe(storyKeyOf(id));
    expect(fs.existsSync(tusFile(id))).toBe(false);
    expect(await Job.count({ where: { name: 'transcode-answer', payload: JSON.stringify({ upload_id: id }) } })).toBe(1);
  }, 90_000);

  it('refuses a received file that is not a video, as the last PATCH does', async () => {
    const { auth, applicationId } = await candidateWithApplication();
    const text = Buffer.from('Ceci n’est pas une vidéo.\n'.repeat(40));
    const { id } = await startedUpload(auth, applicationId, 'q1', text.length, Buffer.alloc(0));
    fs.writeFileSync(tusFile(id), text);
    await runJob('abandoned-answer-uploads');
    expect(await answerStatus(auth, applicationId, 'q1')).toMatchObject({ status: 'failed', error: { code: 'video_not_a_video' } });
    expect(fs.existsSync(tusFile(id))).toBe(false);
  });
});

describe('a retake racing the previous upload’s last byte', () => {
  it('started while the last PATCH is being checked: the retake wins, the previous PATCH answers 404 (not video_not_a_video), the valid video is the answer', async () => {
    const { auth, applicationId } = await candidateWithApplication();
    const first = await startedUpload(auth, applicationId, 'q1', video.length, video.subarray(0, 1000));
    held.hold();
    let last: Promise<request.Response>;
    try {
      // The last bytes of the first recording: received, and its check begins.
      last = patchUpload(ctx.app, auth, first.location, 1000, video.subarray(1000)).then((r) => r);
      await held.started('check');
      // The candidate records again meanwhile: the retake starts.
      const retake = await createUpload(ctx.app, auth, applicationId, 'q1', otherVideo.length);
      expect(retake.status, retake.text).toBe(201);
      expect(await AnswerUpload.findByPk(first.id)).toBeNull();
      held.release();
      const previous = await last;
      expect([previous.status, JSON.parse(previous.text).error]).toEqual([404, 'upload_not_found']);
      // The retake goes through and becomes the answer.
      expect((await patchUpload(ctx.app, auth, String(retake.headers.location), 0, otherVideo)).status).toBe(204);
      const second = uploadIdOf(String(retake.headers.location));
      await waitFor(
        () => answerStatus(auth, applicationId, 'q1'),
        (a) => a.status === 'ready',
      );
      expect((await ApplicationAnswer.findOne({ where: { application_id: applicationId, qid: 'q1' } }))?.upload_path).toBe(storyKeyOf(second));
      // Nothing of the first upload is left.
      expect(fs.existsSync(tusFile(first.id))).toBe(false);
      expect(await ctx.deps.storage.head(sourceKeyOf(first.id))).toBeNull();
      expect(fs.existsSync(path.join(ctx.settings.storageDir, 'story', first.id))).toBe(false);
      expect(await Job.count({ where: { name: 'transcode-answer', payload: JSON.stringify({ upload_id: first.id }) } })).toBe(0);
    } finally {
      held.release();
    }
  }, 90_000);

  it('started once the previous upload’s check was recorded: the retake waits (409 answer_processing), the previous video is the answer', async () => {
    const { auth, applicationId } = await candidateWithApplication();
    const first = await startedUpload(auth, applicationId, 'q1', video.length, Buffer.alloc(0));
    expect((await patchUpload(ctx.app, auth, first.location, 0, video)).status).toBe(204);
    const retake = await createUpload(ctx.app, auth, applicationId, 'q1', otherVideo.length);
    expect([retake.status, JSON.parse(retake.text).error]).toEqual([409, 'answer_processing']);
    await waitFor(
      () => answerStatus(auth, applicationId, 'q1'),
      (a) => a.status === 'ready',
    );
    expect((await ApplicationAnswer.findOne({ where: { application_id: applicationId, qid: 'q1' } }))?.upload_path).toBe(storyKeyOf(first.id));
  }, 90_000);
});
