// tus requests of the answer uploads (docs/api/video-answers.md) as the API tests send them, and
// the candidate's side around them (an application to answer, an answer's status).
import request from 'supertest';
import { expect } from 'vitest';
import type { Express } from 'express';
import { bearer } from './auth.js';
import { makeUser } from './fixtures.js';
import type { Offer, User } from '../../models/index.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** The Upload-Metadata of an answer: which application and question. */
export const answerMetadata = (applicationId: number, qid: string) => `application_id ${b64(String(applicationId))},qid ${b64(qid)},filetype ${b64('video/mp4')}`;

/** Creates a tus upload (POST); its Location names it. */
export function createUpload(app: Express, auth: Record<string, string>, applicationId: number, qid: string, length: number) {
  return request(app).post('/apis/candidate/uploads').set(auth).set('Tus-Resumable', '1.0.0').set('Upload-Length', String(length)).set('Upload-Metadata', answerMetadata(applicationId, qid));
}

/** Sends bytes of an upload from `offset` (PATCH). */
export function patchUpload(app: Express, auth: Record<string, string>, location: string, offset: number, body: Buffer) {
  return request(app).patch(location).set(auth).set('Tus-Resumable', '1.0.0').set('Upload-Offset', String(offset)).set('Content-Type', 'application/offset+octet-stream').send(body);
}

/** The upload id at the end of a tus Location. */
export const uploadIdOf = (location: string) => location.split('/').pop()!;

/** A new candidate (bearer token) who started an application to the offer. */
export async function candidateWithApplication(app: Express, offer: Offer): Promise<{ candidate: User; auth: Record<string, string>; applicationId: number }> {
  const candidate = await makeUser({ profile: 'candidate' });
  const auth = await bearer(candidate);
  const res = await request(app).post('/apis/candidate/applications').set(auth).send({ job_code: offer.job_code });
  expect(res.status).toBe(201);
  return { candidate, auth, applicationId: res.body.id as number };
}

/** An upload of `qid` declared `length` bytes long, of which `sent` were received; answers its id and Location. */
export async function startedUpload(app: Express, auth: Record<string, string>, applicationId: number, qid: string, length: number, sent: Buffer) {
  const created = await createUpload(app, auth, applicationId, qid, length);
  expect(created.status, created.text).toBe(201);
  const location = String(created.headers.location);
  if (sent.length) expect((await patchUpload(app, auth, location, 0, sent)).status).toBe(204);
  return { id: uploadIdOf(location), location };
}

/** One answer's status as the candidate reads it. */
export async function answerStatus(app: Express, auth: Record<string, string>, applicationId: number, qid: string) {
  const res = await request(app).get(`/apis/candidate/applications/${applicationId}`).set(auth);
  expect(res.status).toBe(200);
  return (res.body.answers as Array<{ qid: string; status: string; error: { code: string } | null }>).find((a) => a.qid === qid)!;
}

/** Reads until `ok` (every 100 ms), or throws with the last value read. */
export async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
