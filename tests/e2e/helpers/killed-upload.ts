// The scenario of tests/e2e/upload-recovery-process*.test.ts (one file per database: a process binds
// its models to one database): the real server, as `npm start` runs it, receives every byte of a
// video answer; its check is held at its start (an ffmpeg wrapper, tests/helpers/video.ts) and the
// process is killed with SIGKILL there. The bytes are whole on disk, the answer still "uploading",
// and tus-js-client, seeing offset = length, would send nothing more. The next start must finish the
// upload by itself: the answer becomes ready while the client sends nothing (the test only reads the
// database). docs/decisions/230-no-upload-left-behind.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { buildIfStale } from '../../../scripts/build-if-stale.js';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { createTestDatabase } from '../../helpers/db.js';
import { makeOffer, makeUser } from '../../helpers/fixtures.js';
import { bearer } from '../../helpers/auth.js';
import { answerMetadata, waitFor } from '../../helpers/tus.js';
import { heldFfmpeg, makeVideo } from '../../helpers/video.js';
import { storyKeyOf } from '../../../api/services/applications/video-answers.service.js';
import { AnswerUpload, ApplicationAnswer } from '../../../models/index.js';

/** Ends the held checks (the wrappers this test's server started), by pid; one already gone is fine. */
function stop(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // exited already
    }
  }
}

export const KILLED_UPLOAD_TIMEOUT_MS = 240_000;

/** Runs the scenario on a fresh database of this dialect. */
export async function killedAtTheCheck(dialect: 'sqlite' | 'mysql'): Promise<void> {
  buildIfStale(() => {});
  const db = await createTestDatabase({ dialect });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-killed-upload-'));
  const held = heldFfmpeg(fs.mkdtempSync(path.join(dir, 'ffmpeg-')));
  const servers: RunningServer[] = [];
  let checks: number[] = [];
  try {
    const offer = await makeOffer(await makeUser({ profile: 'recruiter' }));
    const auth = await bearer(await makeUser({ profile: 'candidate' }));
    const video = fs.readFileSync(makeVideo({ seconds: 2 }, dir));
    const env = {
      DATABASE_URL: db.database.url,
      DEMO_DATA: '0',
      STORAGE_DIR: path.join(dir, 'storage'),
      UPLOAD_TMP_DIR: path.join(dir, 'tus'),
      FFMPEG_PATH: held.bin,
      JOBS_POLL_MS: '100',
    };
    const first = await startServer(env);
    servers.push(first);
    const started = await fetch(`${first.baseUrl}/apis/candidate/applications`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ job_code: offer.job_code }),
    });
    expect(started.status).toBe(201);
    const applicationId = ((await started.json()) as { id: number }).id;
    const tus = { ...auth, 'Tus-Resumable': '1.0.0' };
    const created = await fetch(`${first.baseUrl}/apis/candidate/uploads`, {
      method: 'POST',
      headers: { ...tus, 'Upload-Length': String(video.length), 'Upload-Metadata': answerMetadata(applicationId, 'q1') },
    });
    expect(created.status, await created.text()).toBe(201);
    const uploadId = created.headers.get('location')!.split('/').pop()!;

    // Every byte, in the last PATCH; its check is held at its start, and the server killed there.
    held.hold();
    const last = fetch(`${first.baseUrl}/apis/candidate/uploads/${uploadId}`, {
      method: 'PATCH',
      headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: video,
    }).then(
      (r) => r.status,
      () => 'connection lost',
    );
    checks = await held.started('check');
    expect(fs.statSync(path.join(env.UPLOAD_TMP_DIR, uploadId)).size).toBe(video.length);
    process.kill(first.pid, 'SIGKILL');
    expect(await first.exited).toBeNull();
    expect(await last).toBe('connection lost');
    stop(checks);
    checks = [];
    held.release();
    // What the client finds on resume: every byte there, the answer still uploading.
    expect((await AnswerUpload.findByPk(uploadId))?.state).toBe('uploading');

    // The next start, and nothing from the client.
    servers.push(await startServer(env));
    const answer = await waitFor(
      async () => {
        const upload = await AnswerUpload.findByPk(uploadId);
        const row = await ApplicationAnswer.findOne({ where: { application_id: applicationId, qid: 'q1' } });
        return { upload: upload?.state ?? null, error: upload?.error_code ?? null, upload_path: row?.upload_path ?? null };
      },
      (a) => a.upload === 'ready' || a.upload === 'failed',
      120_000,
    );
    expect(answer).toEqual({ upload: 'ready', error: null, upload_path: storyKeyOf(uploadId) });
    expect(fs.existsSync(path.join(env.UPLOAD_TMP_DIR, uploadId))).toBe(false);
    expect(fs.existsSync(path.join(env.STORAGE_DIR, storyKeyOf(uploadId)))).toBe(true);
  } finally {
    stop(checks);
    held.release();
    for (const s of servers) await s.stop();
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
