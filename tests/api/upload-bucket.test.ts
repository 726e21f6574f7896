// Answer uploads kept in the bucket (STORAGE_URL=s3://… on s3rver, UPLOAD_STORE's default there:
// docs/decisions/406-uploads-in-the-bucket.md): a tus upload whose PATCHes of a few hundred KB go
// to two apps that share nothing but the bucket and the database (two nodes) is finished and
// transcoded; one refused leaves nothing; one resumed answers its offset; one removed (tus
// DELETE, the abandoned and stray sweeps) leaves no object under <prefix>/uploads/ and no
// multipart upload open. No byte ever goes to UPLOAD_TMP_DIR.
import fs from 'node:fs';
import path from 'node:path';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { GetObjectCommand, ListObjectsV2Command, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { makeVideo } from '../helpers/video.js';
import { FAKE_S3_BUCKET, startFakeS3, type FakeS3 } from '../helpers/s3.js';
import * as tusSide from '../helpers/tus.js';
import { patchUpload, waitFor } from '../helpers/tus.js';
import { createApp } from '../../api/app.js';
import { startJobs } from '../../api/jobs/index.js';
import type { Worker } from '../../api/lib/job-queue.js';
import { BucketUploadStore, uploadStoreFor } from '../../api/integrations/upload-store.js';
import { ffmpegPath } from '../../api/integrations/ffmpeg.js';
import { finishReceivedUploads, purgeAbandonedUploads, purgeStrayUploadFiles } from '../../api/services/applications/video-answers.service.js';
import { AnswerUpload, type Offer } from '../../models/index.js';

const PREFIX = 'api-uploads';
const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'vrp-upload-bucket-'));
let s3: FakeS3;
let ctx: TestContext;
/** A second app on the same settings (its own upload store and S3 client): another node. */
let nodeB: Express;
let worker: Worker;
let offer: Offer;
let video: Buffer;

beforeAll(async () => {
  s3 = await startFakeS3(dir);
  ctx = await createTestContext({ ...s3.env(PREFIX), JOBS_POLL_MS: '100' });
  nodeB = createApp({ ...ctx.deps, settings: { ...ctx.settings } });
  worker = startJobs(ctx.deps);
  offer = await makeOffer(await makeUser({ profile: 'recruiter' }));
  // About 1 MB (grain defeats compression): PATCHes of a few hundred KB, below S3's 5 MiB parts.
  video = fs.readFileSync(makeVideo({ seconds: 3, bitrate: '3M', grain: true }, dir));
  expect(video.length).toBeGreaterThan(600_000);
}, 60_000);

afterAll(async () => {
  await worker?.stop(5000);
  await ctx?.close();
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const bucketClient = () => new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
/** The keys of the bucket under the uploads' prefix. */
async function uploadObjects(): Promise<string[]> {
  const client = bucketClient();
  const out = await client.send(new ListObjectsV2Command({ Bucket: FAKE_S3_BUCKET, Prefix: `${PREFIX}/uploads/` }));
  return (out.Contents ?? []).map((o) => o.Key!.slice(`${PREFIX}/uploads/`.length)).sort();
}
/** Multipart uploads s3rver holds open (its folder of parts per upload). */
const openMultipart = () => {
  const parts = path.join(dir, 's3', FAKE_S3_BUCKET, '._S3rver_uploads');
  return fs.existsSync(parts) ? fs.readdirSync(parts) : [];
};
const tusFolder = () => (fs.existsSync(ctx.settings.video.uploadDir) ? fs.readdirSync(ctx.settings.video.uploadDir) : []);
const head = (app: Express, auth: Record<string, string>, location: string) => request(app).head(location).set(auth).set('Tus-Resumable', '1.0.0');

describe('answer uploads in the bucket', () => {
  it('STORAGE_URL=s3://… keeps uploads in the bucket; UPLOAD_STORE=folder keeps them in UPLOAD_TMP_DIR', () => {
    expect(uploadStoreFor(ctx.settings)).toBeInstanceOf(BucketUploadStore);
    expect(uploadStoreFor(ctx.settings).kind).toBe('bucket');
    expect(uploadStoreFor({ ...ctx.settings, video: { ...ctx.settings.video, uploadStore: 'folder' } }).kind).toBe('folder');
  });

  it('PATCHes of a few hundred KB alternating between two nodes: resumed at the right offset, finished and transcoded', async () => {
    const { auth, applicationId } = await tusSide.candidateWithApplication(ctx.app, offer);
    const created = await tusSide.createUpload(ctx.app, auth, applicationId, 'q1', video.length);
    expect(created.status, created.text).toBe(201);
    const location = String(created.headers.location);
    const id = tusSide.uploadIdOf(location);
    const chunk = Math.ceil(video.length / 3);
    expect(chunk).toBeLessThan(5 * 1024 * 1024); // smaller than an S3 part: kept as the incomplete part
    const nodes = [ctx.app, nodeB];
    for (let offset = 0, i = 0; offset < video.length; offset += chunk, i++) {
      const node = nodes[i % 2];
      // Resumed on the other node: it reads the offset from the bucket.
      expect(Number((await head(node, auth, location)).headers['upload-offset'])).toBe(offset);
      if (offset) {
        expect(await uploadObjects()).toEqual([`${id}.info`, `${id}.part`]);
        expect((await tusSide.answerStatus(node, auth, applicationId, 'q1')).status).toBe('uploading');
        const view = await request(node).get(`/apis/candidate/applications/${applicationId}`).set(auth);
        expect(view.body.answers.find((a: { qid: string }) => a.qid === 'q1').upload.offset).toBe(offset);
      }
      const res = await patchUpload(node, auth, location, offset, video.subarray(offset, offset + chunk));
      expect(res.status, res.text).toBe(204);
    }
    expect(tusFolder()).toEqual([]);
    expect(await uploadObjects()).toEqual([]);
    expect(openMultipart()).toEqual([]);
    const status = await waitFor(
      () => tusSide.answerStatus(ctx.app, auth, applicationId, 'q1'),
      (s) => s.status === 'ready' || s.status === 'failed',
    );
    expect(status.status).toBe('ready');
    expect((await AnswerUpload.findByPk(id))?.state).toBe('ready');
  });

  it('a refused file (not a video) leaves nothing in the bucket', async () => {
    const { auth, applicationId } = await tusSide.candidateWithApplication(ctx.app, offer);
    const junk = Buffer.alloc(300_000, 7);
    const { location } = await tusSide.startedUpload(ctx.app, auth, applicationId, 'q1', junk.length * 2, junk);
    const res = await patchUpload(nodeB, auth, location, junk.length, junk);
    expect([res.status, JSON.parse(res.text).error]).toEqual([422, 'video_not_a_video']);
    expect(await uploadObjects()).toEqual([]);
    expect(openMultipart()).toEqual([]);
  });

  it('removed: by tus DELETE, by the abandoned-upload sweep and by the stray sweep, multipart upload aborted', async () => {
    const { auth, applicationId } = await tusSide.candidateWithApplication(ctx.app, offer);
    const part = video.subarray(0, 200_000);
    // DELETE on the other node.
    const first = await tusSide.startedUpload(ctx.app, auth, applicationId, 'q1', video.length, part);
    expect(await uploadObjects()).toEqual([`${first.id}.info`, `${first.id}.part`]);
    expect(openMultipart()).toHaveLength(1);
    expect((await request(nodeB).delete(first.location).set(auth).set('Tus-Resumable', '1.0.0')).status).toBe(204);
    expect(await uploadObjects()).toEqual([]);
    expect(openMultipart()).toEqual([]);

    // Abandoned: still uploading a day later.
    const second = await tusSide.startedUpload(ctx.app, auth, applicationId, 'q2', video.length, part);
    const uploads = uploadStoreFor(ctx.settings);
    expect(await uploads.offset(second.id)).toBe(part.length);
    expect(await purgeAbandonedUploads(uploads, new Date(Date.now() + 25 * 3600_000))).toBe(1);
    expect(await AnswerUpload.findByPk(second.id)).toBeNull();
    expect(await uploadObjects()).toEqual([]);
    expect(openMultipart()).toEqual([]);

    // Stray: bytes whose row went (a crash between the two), an hour later.
    const third = await tusSide.startedUpload(ctx.app, auth, applicationId, 'q3', video.length, part);
    expect(await purgeStrayUploadFiles(uploads, new Date(Date.now() + 2 * 3600_000))).toBe(0); // still uploading: kept
    await AnswerUpload.destroy({ where: { id: third.id } });
    expect(await purgeStrayUploadFiles(uploads, new Date())).toBe(0); // too young
    expect(await purgeStrayUploadFiles(uploads, new Date(Date.now() + 2 * 3600_000))).toBe(2);
    expect(await uploadObjects()).toEqual([]);
    expect(openMultipart()).toEqual([]);
    expect(tusFolder()).toEqual([]);
  });

  it('every byte in the parts but the multipart upload never completed (a node died in between): the recovery completes, checks and queues it', async () => {
    const { auth, applicationId } = await tusSide.candidateWithApplication(ctx.app, offer);
    const created = await tusSide.createUpload(ctx.app, auth, applicationId, 'q1', video.length);
    expect(created.status).toBe(201);
    const id = tusSide.uploadIdOf(String(created.headers.location));
    // What the node had done when it died: the whole video sent as one part, no CompleteMultipartUpload.
    const client = bucketClient();
    const info = await client.send(new GetObjectCommand({ Bucket: FAKE_S3_BUCKET, Key: `${PREFIX}/uploads/${id}.info` }));
    await client.send(new UploadPartCommand({ Bucket: FAKE_S3_BUCKET, Key: `${PREFIX}/uploads/${id}`, UploadId: info.Metadata!['upload-id'], PartNumber: 1, Body: video }));
    expect(await uploadObjects()).toEqual([`${id}.info`]);
    const uploads = uploadStoreFor(ctx.settings);
    expect(await uploads.offset(id)).toBe(video.length);
    const deps = { storage: ctx.deps.storage, ffmpeg: () => ffmpegPath(ctx.settings), logger: ctx.deps.logger };
    expect(await finishReceivedUploads(deps, uploads, new Date())).toBe(1);
    expect((await AnswerUpload.findByPk(id))?.state).not.toBe('uploading');
    expect((await AnswerUpload.findByPk(id))?.error_code ?? null).toBeNull();
    expect(await uploadObjects()).toEqual([]);
    expect(openMultipart()).toEqual([]);
  });
});
