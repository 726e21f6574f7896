// The browser's side of the video-answer API (docs/api/video-answers.md): start or resume an
// application to an offer, read its status, and where each answer is uploaded (tus). The mobile
// app calls the same endpoints. One module, so the page holds no URL of its own.
import { postJson } from './api-client.js';
import { ANSWER_UPLOADS_PATH, MAX_VIDEO_BYTES, type AnswerStatus as AnswerState } from '../../../models/rules/video.js';
// The server's own response types (type-only: the bundler erases them, no server code comes along).
import type { ApplicationView } from '../../../api/services/applications/video-answers.service.js';

export { MAX_VIDEO_BYTES, type AnswerState };

/** What the recording page reads of an application (the response's dates are left out: JSON makes them strings). */
export type ApplicationStatus = Pick<ApplicationView, 'id' | 'job_code' | 'state' | 'answers' | 'upload' | 'interview'>;

/** The tus endpoint answers are uploaded to (creation, then PATCH/HEAD on the upload's URL). */
export const ANSWER_UPLOAD_ENDPOINT = ANSWER_UPLOADS_PATH;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function readJson<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as T & { error?: string; message?: string };
  if (!res.ok) throw new ApiError(res.status, body.error ?? String(res.status), body.message ?? String(res.status));
  return body;
}

/** Starts the caller's application to the offer, or returns the one already started. */
export async function startApplication(jobCode: string): Promise<ApplicationStatus> {
  return readJson<ApplicationStatus>(await postJson('/apis/candidate/applications', { job_code: jobCode }));
}

/** A recording starts: the server counts the take (409 no_retakes_left past the offer's retakes, decision 405). */
export async function startTake(applicationId: number, qid: string): Promise<{ qid: string; takes: number; takes_left: number | null }> {
  return readJson(await postJson(`/apis/candidate/applications/${encodeURIComponent(String(applicationId))}/answers/${encodeURIComponent(qid)}/takes`, {}));
}

/** A text or choice answer (decision 455): the application as it is after it. */
export async function giveWrittenAnswer(applicationId: number, qid: string, body: { text: string } | { choice: number }): Promise<ApplicationStatus> {
  const res = await fetch(`/apis/candidate/applications/${encodeURIComponent(String(applicationId))}/answers/${encodeURIComponent(qid)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return readJson<ApplicationStatus>(res);
}

export async function readApplication(id: number): Promise<ApplicationStatus> {
  return readJson<ApplicationStatus>(await fetch(`/apis/candidate/applications/${encodeURIComponent(String(id))}`, { credentials: 'same-origin' }));
}

/** Every answer is in (uploaded: being prepared or ready). */
export const allAnswersIn = (app: ApplicationStatus) => app.answers.length > 0 && app.answers.every((a) => a.status === 'processing' || a.status === 'ready');
export const isComplete = (app: ApplicationStatus) => app.state === 'complete';
