// The browser's side of the video-answer API (helper 12core's endpoints, docs/api/): start or
// resume an application to an offer, read its status, and where each answer is uploaded (tus).
// The mobile app calls the same endpoints. One module, so the page holds no URL of its own.
import { postJson } from './api-client.js';

export type AnswerState = 'missing' | 'uploading' | 'processing' | 'ready' | 'failed';

export interface AnswerStatus {
  question_id: string;
  question: string;
  status: AnswerState;
  error?: string | null;
}

export interface ApplicationStatus {
  id: string;
  job_code: string;
  /** in_progress while answers are missing, complete once every answer is ready. */
  state: string;
  answers: AnswerStatus[];
}

/** The tus endpoint answers are uploaded to (creation, then PATCH/HEAD on the upload's URL). */
export const ANSWER_UPLOAD_ENDPOINT = '/apis/uploads/answers';
/** The largest answer file the server takes (checked again, by content, on the server). */
export const MAX_ANSWER_BYTES = 200 * 1024 * 1024;

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

type Wrapped = ApplicationStatus | { application: ApplicationStatus };
const unwrap = (body: Wrapped): ApplicationStatus => ('application' in body ? body.application : body);

/** Starts the caller's application to the offer, or returns the one already started. */
export async function startApplication(jobCode: string): Promise<ApplicationStatus> {
  return unwrap(await readJson<Wrapped>(await postJson('/apis/applications', { job_code: jobCode })));
}

export async function readApplication(id: string): Promise<ApplicationStatus> {
  return unwrap(await readJson<Wrapped>(await fetch(`/apis/applications/${encodeURIComponent(id)}`, { credentials: 'same-origin' })));
}

/** Every answer is in (uploaded: being prepared or ready). */
export const allAnswersIn = (app: ApplicationStatus) => app.answers.length > 0 && app.answers.every((a) => a.status === 'processing' || a.status === 'ready');
export const isComplete = (app: ApplicationStatus) => app.state === 'complete' || (app.answers.length > 0 && app.answers.every((a) => a.status === 'ready'));
