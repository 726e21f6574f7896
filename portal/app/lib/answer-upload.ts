// Uploading one answer on tus (tus-js-client, loaded only when an answer is sent). A lost
// connection retries and resumes at the server's offset; a closed tab resumes too: the kept
// recording waits in IndexedDB (pending-answers below) and tus-js-client remembers the upload's
// URL under a fingerprint of (application, question, size), so the next visit continues it.
import { ANSWER_UPLOAD_ENDPOINT } from './video-answers.js';

/** Sent in PATCH requests of this size (the server takes at most 10 MB per request, each within
 *  2 minutes): a cut connection loses at most one chunk. */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

export interface UploadHandlers {
  onProgress(sent: number, total: number): void;
  /** The connection failed; tus-js-client will try again by itself. */
  onRetrying(): void;
  onSuccess(): void;
  onError(code: string, message: string): void;
}

export interface RunningUpload {
  abort(): void;
}

function serverError(err: unknown): { code: string; message: string } {
  const res = (err as { originalResponse?: { getBody(): string; getStatus(): number } | null }).originalResponse;
  if (res) {
    try {
      const body = JSON.parse(res.getBody()) as { error?: string; message?: string };
      if (body.message) return { code: body.error ?? String(res.getStatus()), message: body.message };
    } catch {
      // not JSON: the status below
    }
    return { code: String(res.getStatus()), message: res.getBody() || String(res.getStatus()) };
  }
  return { code: 'network', message: err instanceof Error ? err.message : String(err) };
}

export async function uploadAnswer(
  file: File,
  target: { applicationId: number; questionId: string; endpoint?: string; /** The server's address of this answer's unfinished upload (status). */ resumeUrl?: string | null },
  handlers: UploadHandlers,
): Promise<RunningUpload> {
  const { Upload } = await import('tus-js-client');
  const upload = new Upload(file, {
    endpoint: target.endpoint ?? ANSWER_UPLOAD_ENDPOINT,
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream', application_id: String(target.applicationId), qid: target.questionId },
    fingerprint: () => Promise.resolve(`answer:${target.applicationId}:${target.questionId}:${file.size}`),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // Cookies go with the requests (same origin): the session proves who uploads.
    onProgress: (sent, total) => handlers.onProgress(sent, total),
    onShouldRetry: (err, _attempt, options) => {
      const status = (err as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0;
      // A refusal (4xx but 409/423/429) is final; a lost connection or a 5xx is tried again.
      const retry = status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
      if (retry && options.retryDelays) handlers.onRetrying();
      return retry;
    },
    onSuccess: () => handlers.onSuccess(),
    onError: (err) => {
      const { code, message } = serverError(err);
      handlers.onError(code, message);
    },
  });
  const previous = await upload.findPreviousUploads();
  if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]);
  else if (target.resumeUrl) upload.url = target.resumeUrl;
  upload.start();
  return { abort: () => void upload.abort() };
}

// ---- Kept recordings waiting to be sent (IndexedDB), so that a closed tab loses nothing. ----

const DB = 'video-answers';
const STORE = 'pending';

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await openDb();
  if (!db) return undefined;
  try {
    return await new Promise<T | undefined>((resolve) => {
      const req = run(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(undefined);
    });
  } finally {
    db.close();
  }
}

const pendingKey = (applicationId: number, questionId: string) => `${applicationId}:${questionId}`;

export const savePending = (applicationId: number, questionId: string, file: File) => withStore('readwrite', (s) => s.put(file, pendingKey(applicationId, questionId))).then(() => undefined);
export const loadPending = (applicationId: number, questionId: string) => withStore<File | undefined>('readonly', (s) => s.get(pendingKey(applicationId, questionId)) as IDBRequest<File | undefined>);
export const dropPending = (applicationId: number, questionId: string) => withStore('readwrite', (s) => s.delete(pendingKey(applicationId, questionId))).then(() => undefined);

// ---- A recording made and not yet kept (decision 468): its take is counted on the server and stays
// open until a file is sent, so with no retake left it is the candidate's only answer. It waits
// here from the end of the recording until it is kept (then pending, above) or redone, so that a
// tab closed or reloaded during the replay offers the same take again.
const recordedKey = (applicationId: number, questionId: string) => `${applicationId}:${questionId}:recorded`;

export const saveRecorded = (applicationId: number, questionId: string, file: File) => withStore('readwrite', (s) => s.put(file, recordedKey(applicationId, questionId))).then(() => undefined);
export const loadRecorded = (applicationId: number, questionId: string) =>
  withStore<File | undefined>('readonly', (s) => s.get(recordedKey(applicationId, questionId)) as IDBRequest<File | undefined>);
export const dropRecorded = (applicationId: number, questionId: string) => withStore('readwrite', (s) => s.delete(recordedKey(applicationId, questionId))).then(() => undefined);
