// The kept answers being sent, outside any one question's recorder (decision 445): the candidate
// goes on to the next question while the previous answers upload, one at a time in the order they
// were kept (on a slow connection two uploads at once would each take twice as long). Each entry
// shows its progress (tus-js-client's progress events) in the page's list of answers; a failed one
// waits there with its message until the candidate sends it again or records it again. The file
// waits in IndexedDB until the server has it all (lib/answer-upload.ts), so a closed tab loses
// nothing. The apply page loads this module once the application is started (it is not in the
// page's first scripts); answer-upload loads tus-js-client when the first upload starts.
import { dropPending, loadPending, savePending, uploadAnswer, type RunningUpload } from './answer-upload.js';

export interface QueuedAnswer {
  qid: string;
  file: File;
  state: 'waiting' | 'uploading' | 'failed';
  /** 0 to 100. */
  percent: number;
  /** The connection failed and tus-js-client tries again by itself. */
  retrying: boolean;
  /** When failed: the server's (or the network's) code and message. */
  code?: string;
  message?: string;
}

interface Target {
  applicationId: number;
  endpoint?: string;
  /** The server's unfinished upload of this answer, resumed when the same file comes back. */
  resumeUrl?: string | null;
}

type Done = (qid: string) => void;

let entries: QueuedAnswer[] = [];
const targets = new Map<string, Target>();
const listeners = new Set<() => void>();
let running: { qid: string; upload: RunningUpload | null } | null = null;
let onDone: Done | null = null;
let onRefused: Done | null = null;

function set(next: QueuedAnswer[]) {
  entries = next;
  listeners.forEach((l) => l());
}

function patch(qid: string, change: Partial<QueuedAnswer>) {
  set(entries.map((e) => (e.qid === qid ? { ...e, ...change } : e)));
}

/** The answers waiting, uploading or failed, in the order they were kept (for useSyncExternalStore). */
export const queuedAnswers = (): QueuedAnswer[] => entries;

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the page does when an answer is all on the server (read the status), or refused (its take came back). */
export function onQueueEvents(handlers: { done: Done; refused: Done }): void {
  onDone = handlers.done;
  onRefused = handlers.refused;
}

/** Starts the next waiting answer when none is uploading. */
function next() {
  if (running) return;
  const entry = entries.find((e) => e.state === 'waiting');
  if (!entry) return;
  const target = targets.get(entry.qid)!;
  const qid = entry.qid;
  running = { qid, upload: null };
  patch(qid, { state: 'uploading', percent: 0, retrying: false });
  const finish = () => {
    running = null;
    next();
  };
  void savePending(target.applicationId, qid, entry.file)
    .then(() =>
      uploadAnswer(
        entry.file,
        { applicationId: target.applicationId, questionId: qid, endpoint: target.endpoint, resumeUrl: target.resumeUrl },
        {
          onProgress: (sent, all) => patch(qid, { percent: all > 0 ? Math.floor((sent / all) * 100) : 0, retrying: false }),
          onRetrying: () => patch(qid, { retrying: true }),
          onSuccess: () => {
            void dropPending(target.applicationId, qid);
            set(entries.filter((e) => e.qid !== qid));
            targets.delete(qid);
            onDone?.(qid);
            finish();
          },
          onError: (code, message) => {
            patch(qid, { state: 'failed', code, message, retrying: false });
            // A refused file gave its take back on the server (decision 405).
            if (/^video_/.test(code)) onRefused?.(qid);
            finish();
          },
        },
      ),
    )
    .then((upload) => {
      if (running?.qid === qid) running.upload = upload;
    })
    .catch((e: unknown) => {
      patch(qid, { state: 'failed', code: 'network', message: e instanceof Error ? e.message : String(e) });
      finish();
    });
}

/** A kept answer joins the queue (replacing a failed one of the same question). */
export function enqueueAnswer(qid: string, file: File, target: Target): void {
  if (running?.qid === qid) return;
  targets.set(qid, target);
  set([...entries.filter((e) => e.qid !== qid), { qid, file, state: 'waiting', percent: 0, retrying: false }]);
  next();
}

/**
 * A failed answer is sent again (tus resumes at the server's offset).
 * @public (called by the apply page through its dynamic import, which knip does not follow)
 */
export function sendAgain(qid: string): void {
  const entry = entries.find((e) => e.qid === qid);
  if (!entry || entry.state !== 'failed') return;
  patch(qid, { state: 'waiting', code: undefined, message: undefined });
  next();
}

/**
 * A failed answer leaves the queue: the candidate records it again.
 * @public (called by the apply page through its dynamic import)
 */
export function dropAnswer(qid: string): void {
  const entry = entries.find((e) => e.qid === qid);
  if (!entry || entry.state !== 'failed') return;
  const target = targets.get(qid);
  if (target) void dropPending(target.applicationId, qid);
  targets.delete(qid);
  set(entries.filter((e) => e.qid !== qid));
}

/** Leaving the page: the running upload stops (the next visit resumes it from IndexedDB). */
export function stopQueue(): void {
  running?.upload?.abort();
  running = null;
  targets.clear();
  set([]);
}

/** The kept answers of an earlier visit (closed tab, lost connection) go on where they stopped. */
export function resumePending(applicationId: number, endpoint: string | undefined, answers: ReadonlyArray<{ qid: string; status: string; upload: { url: string; size: number } | null }>): void {
  for (const a of answers) {
    if (a.status !== 'missing' && a.status !== 'uploading') continue;
    void loadPending(applicationId, a.qid).then((file) => {
      if (file) enqueueAnswer(a.qid, file, { applicationId, endpoint, resumeUrl: a.upload && a.upload.size === file.size ? a.upload.url : null });
    });
  }
}
