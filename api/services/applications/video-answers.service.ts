// Video answers through the API (issue 12): a signed-in candidate starts (or resumes) an application
// to an offer by job code, uploads one video per question over tus, and reads each answer's status.
// A received file is checked by content (ffmpeg -i), copied to the private storage and transcoded
// to HLS by a queued job; when every answer is ready the application completes in one transaction
// (state, wishlist, counters) and the recruiter's e-mail is queued with it.
// docs/decisions/126-tus-answer-uploads.md, 127-transcoding.md, 128-application-completion.md.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Op, type Transaction } from 'sequelize';
import type { Logger } from 'pino';
import { AnswerUpload, Application, ApplicationAnswer, Offer, OfferQuestion, User, WishlistEntry, transaction, type UserRow } from '../../../models/index.js';
import { ANSWER_UPLOADS_PATH, MAX_VIDEO_BYTES, finishDeadline, type AnswerStatus, type VideoError } from '../../../models/rules/video.js';
import { DEFAULT_INTERVIEW, interviewOfColumns, maxAnswerSeconds, takesAllowed, type InterviewSettings } from '../../../models/rules/interview.js';
import { isAnswered, type QuestionType } from '../../../models/rules/questions.js';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import type { Storage } from '../../integrations/storage.js';
import type { UploadStore } from '../../integrations/upload-store.js';
import type { Mailer } from '../../integrations/mail.js';
import { probe, storyToHls } from '../../integrations/ffmpeg.js';
import { enqueue, type JobContext } from '../../lib/job-queue.js';
import { emitWebhookEvent } from '../webhooks/webhooks.service.js';
import { CounterChanges, counted, setWishlistState } from './user-counters.service.js';
import { scheduleConfirmation } from './candidate-news.service.js';
import { t as translate, DEFAULT_LANG, isLang, type Lang } from '../../../config/i18n/index.js';
import { isCandidate } from '../../auth/access.js';

/** The job that turns a received answer into an HLS story. */
export const TRANSCODE_JOB = 'transcode-answer';
/** The job that tells the recruiter an application is complete. */
export const COMPLETE_MAIL_JOB = 'application-complete-mail';
/** Answers are transcoded on their own queue so that e-mails and sweeps never wait behind them. */
export const VIDEO_QUEUE = 'video';

export interface AnswerView {
  qid: string;
  position: number;
  question: string;
  status: AnswerStatus;
  /** Why the last file was refused or failed (stable code and message), else null. */
  error: { code: string; message: string } | null;
  /** The upload in progress (status uploading): where to resume and how far it got. */
  upload: { id: string; url: string; size: number; offset: number } | null;
  /** Recordings counted for this answer (the first and its retakes), and how many more are allowed (null: no limit). */
  takes: number;
  takes_left: number | null;
  /** video, text or choice (decision 455); a choice question's options (labels only), the text given or the option chosen. */
  type: QuestionType;
  options?: string[];
  text: string | null;
  choice: number | null;
}

export interface ApplicationView {
  id: number;
  job_code: string;
  offer_title: string;
  company_name: string;
  state: Application['state'];
  start_date: Date | null;
  submit_date: Date | null;
  /** Until when an unfinished application may be finished (decision 283); null once complete. */
  deadline: Date | null;
  answers: AnswerView[];
  /** The offer's interview settings (decision 405): thinking time (null: until the candidate presses record), answer length, retakes (null: unlimited). */
  interview: InterviewSettings;
  /** The tus endpoint and the limits a file must meet (max_seconds: the answer length and its tolerance). */
  upload: { endpoint: string; max_bytes: number; max_seconds: number };
}

/** The interview settings of an offer row (the columns of migration 035). */
export const interviewOf = (offer: Pick<Offer, 'think_seconds' | 'answer_seconds' | 'retakes'>): InterviewSettings =>
  interviewOfColumns({ think_seconds: offer.think_seconds ?? null, answer_seconds: offer.answer_seconds ?? null, retakes: offer.retakes ?? null });

/** The interview settings of an application's offer. */
async function interviewOfApplication(applicationId: number, t?: Transaction): Promise<InterviewSettings> {
  const application = await Application.findByPk(applicationId, { attributes: ['offer_id'], transaction: t });
  const offer = application ? await Offer.findByPk(application.offer_id, { attributes: ['think_seconds', 'answer_seconds', 'retakes'], transaction: t }) : null;
  return offer ? interviewOf(offer) : DEFAULT_INTERVIEW;
}

/** The limits a video error names: the largest file, the longest one and the answer length. */
const videoLimits = (s: Pick<InterviewSettings, 'answer_seconds'>) => ({ max_bytes: MAX_VIDEO_BYTES, max_seconds: maxAnswerSeconds(s), answer_seconds: s.answer_seconds });

/** Recordings left for an answer (null: no limit). */
const takesLeft = (s: InterviewSettings, takes: number): number | null => {
  const allowed = takesAllowed(s);
  return allowed === null ? null : Math.max(0, allowed - takes);
};

/** Only candidates answer offers. */
function assertCandidate(caller: UserRow | undefined): UserRow {
  if (!caller) throw unauthorized();
  if (!isCandidate(caller)) throw forbidden('candidates_only', 'candidates_only');
  return caller;
}

/** A video error as the API answers it: 4xx status, stable code, message in the caller's language. */
export function videoError(code: VideoError, settings: Pick<InterviewSettings, 'answer_seconds'> = DEFAULT_INTERVIEW): AppError {
  const status = code === 'video_too_large' ? 413 : 422;
  return new AppError(status, code, code, videoLimits(settings));
}

/**
 * Removes the bytes of these uploads (UploadStore: the folder's files, the bucket's objects and
 * unfinished multipart upload): the one place that deletes an upload's bytes (a refused or
 * accepted file, a retake, a deleted account, the sweeps). Bytes are removed only once their row
 * has left `uploading` (or is gone): a row still `uploading` always has its bytes.
 */
export async function removeUploadFiles(uploads: UploadStore, ids: Iterable<string>): Promise<void> {
  await uploads.remove(ids);
}

/** The status of every answer of an application (what the candidate and the app poll). */
export async function applicationView(application: Application, lang: Lang, uploads: UploadStore): Promise<ApplicationView> {
  const offer = (await Offer.findByPk(application.offer_id, { attributes: ['job_code', 'title', 'company_name', 'think_seconds', 'answer_seconds', 'retakes'] }))!;
  const interview = interviewOf(offer);
  const answers = await ApplicationAnswer.findAll({ where: { application_id: application.id }, order: [['position', 'ASC']] });
  const options = new Map(
    (await OfferQuestion.findAll({ where: { offer_id: application.offer_id, type: 'choice' }, attributes: ['qid', 'options'] })).map((q) => [q.qid, (q.options ?? []).map((o) => o.label)]),
  );
  const rows = await AnswerUpload.findAll({ where: { application_id: application.id }, order: [['created_at', 'DESC']] });
  const latest = new Map<number, AnswerUpload>();
  for (const u of rows) if (!latest.has(u.answer_id)) latest.set(u.answer_id, u);
  const views = await Promise.all(
    answers.map(async (a): Promise<AnswerView> => {
      const u = latest.get(a.id);
      const base = {
        qid: a.qid,
        position: a.position,
        question: a.question,
        error: null,
        upload: null,
        takes: a.takes,
        takes_left: takesLeft(interview, a.takes),
        type: a.type,
        text: null,
        choice: null,
      };
      // A written answer (text or choice) is ready once given.
      if (a.type !== 'video') {
        const given = { ...base, ...(a.type === 'choice' ? { options: options.get(a.qid) ?? [] } : {}), text: a.type === 'text' ? a.text_answer : null, choice: a.choice };
        return { ...given, status: isAnswered(a) ? 'ready' : 'missing' };
      }
      // An answer stored before uploads went through tus (demo, mobile app) is ready as it is.
      if (a.state === 'done' && a.upload_path && (!u || u.state === 'ready')) return { ...base, status: 'ready' };
      if (!u) return { ...base, status: 'missing' };
      if (u.state === 'uploading') {
        return { ...base, status: 'uploading', upload: { id: u.id, url: `${ANSWER_UPLOADS_PATH}/${u.id}`, size: Number(u.size), offset: await uploads.offset(u.id) } };
      }
      if (u.state === 'failed') {
        const code = u.error_code ?? 'video_processing_failed';
        return { ...base, status: 'failed', error: { code, message: translate(lang, code, videoLimits(interview)) } };
      }
      return { ...base, status: u.state === 'ready' ? 'ready' : 'processing' };
    }),
  );
  return {
    id: application.id,
    job_code: offer.job_code,
    offer_title: offer.title,
    company_name: offer.company_name,
    state: application.state,
    start_date: application.start_date,
    submit_date: application.submit_date,
    deadline: application.state === 'complete' ? null : finishDeadline(application.start_date),
    answers: views,
    interview,
    upload: { endpoint: ANSWER_UPLOADS_PATH, max_bytes: MAX_VIDEO_BYTES, max_seconds: maxAnswerSeconds(interview) },
  };
}

/**
 * Starts an application to the offer with this job code, or resumes the caller's existing one.
 * A new application has one empty answer per question of the offer; the wishlist entry becomes
 * applying (created when absent) and the counters follow, in the same transaction.
 */
export async function startApplication(caller: UserRow | undefined, jobCode: string, now: Date): Promise<{ application: Application; created: boolean }> {
  const candidate = assertCandidate(caller);
  const offer = await Offer.findOne({ where: { job_code: jobCode, state: 'available' } });
  if (!offer) throw notFound('offer_not_found', 'offer_not_found');
  const existing = await Application.findOne({ where: { candidate_id: candidate.id, offer_id: offer.id } });
  if (existing) return { application: existing, created: false };
  const questions = await OfferQuestion.findAll({ where: { offer_id: offer.id }, order: [['position', 'ASC']] });
  if (!questions.length) throw conflict('offer_has_no_questions', 'offer_has_no_questions');
  try {
    return await transaction(async (t) => {
      // The candidate's row first: their own starts wait for each other here, nobody else's do
      // (the recruiter's and the offer's counters count complete applications only).
      const counts = await new CounterChanges().lock(t, { users: [candidate.id] });
      const application = await Application.create(
        { candidate_id: candidate.id, offer_id: offer.id, recruiter_id: offer.recruiter_id, state: 'applying', recruiter_state: 'new', start_date: now, submit_date: null, cv_key: null },
        { transaction: t },
      );
      await ApplicationAnswer.bulkCreate(
        questions.map((q) => ({ application_id: application.id, qid: q.qid, position: q.position, question: q.question, type: q.type, upload_path: null, method: null, state: null })),
        { transaction: t },
      );
      counts.application(null, application);
      const entry = await WishlistEntry.findOne({ where: { candidate_id: candidate.id, offer_id: offer.id }, transaction: t, lock: t.LOCK.UPDATE });
      if (entry) {
        counts.wishlist({ candidate_id: candidate.id, state: entry.state }, { candidate_id: candidate.id, state: 'applying' });
        await entry.update({ state: 'applying' }, { transaction: t });
      } else {
        await WishlistEntry.create({ candidate_id: candidate.id, offer_id: offer.id, state: 'applying' }, { transaction: t });
        counts.wishlist(null, { candidate_id: candidate.id, state: 'applying' });
      }
      await counts.apply(t);
      return { application, created: true };
    });
  } catch (e) {
    // The same candidate starting twice at once: the unique (candidate, offer) index keeps one.
    if ((e as Error).name === 'SequelizeUniqueConstraintError') {
      const again = await Application.findOne({ where: { candidate_id: candidate.id, offer_id: offer.id } });
      if (again) return { application: again, created: false };
    }
    throw e;
  }
}

/** The caller's own application, or 404 (another candidate's ids answer as if they did not exist). */
export async function ownApplication(caller: UserRow | undefined, id: number): Promise<Application> {
  const candidate = assertCandidate(caller);
  const application = await Application.findByPk(id);
  if (!application || application.candidate_id !== candidate.id) throw notFound('application_not_found', 'application_not_found');
  return application;
}

/**
 * A new tus upload for one answer (tus creation): the caller's application, still applying, the
 * question exists, a length is declared and within the limit. Earlier unfinished or refused
 * uploads of that answer are replaced (their rows go, then their bytes).
 *
 * A retake racing the last byte of the previous upload (docs/decisions/230-...): the answer row is
 * locked, so this and the previous upload's finish (a conditional write on its row still
 * `uploading`) happen one after the other. The previous upload's finish committed first: it is
 * being transcoded and the retake answers 409 answer_processing. The retake came first: the previous
 * upload is replaced, and its finish, finding no row, answers 404 upload_not_found (never a refusal
 * of its file).
 */
export async function beginAnswerUpload(
  caller: User | undefined,
  meta: { application_id: string; qid: string },
  uploadId: string,
  size: number | undefined,
  uploads: UploadStore,
  now: Date,
): Promise<AnswerUpload> {
  const { application, answer } = await openAnswer(caller, Number(meta.application_id), meta.qid, now);
  const settings = await interviewOfApplication(application.id);
  if (size === undefined) throw new AppError(400, 'upload_length_required', 'upload_length_required');
  if (size === 0) throw videoError('video_empty', settings);
  if (size > MAX_VIDEO_BYTES) throw videoError('video_too_large', settings);
  const { created, replaced } = await transaction(async (t) => {
    const locked = (await ApplicationAnswer.findByPk(answer.id, { transaction: t, lock: t.LOCK.UPDATE }))!;
    const earlier = await AnswerUpload.findAll({ where: { answer_id: answer.id }, attributes: ['id', 'state', 'size'], transaction: t, lock: t.LOCK.UPDATE });
    if (earlier.some((e) => e.state === 'processing')) throw conflict('answer_processing', 'answer_processing');
    const replaced = earlier.filter((e) => e.state === 'uploading' || e.state === 'failed').map((e) => e.id);
    // The take this file is (decision 405): the one the recorder counted when it started recording;
    // else the same file sent again (an unfinished upload of the same length is replaced); else a
    // new take (a file chosen on the device), refused past the offer's retakes.
    const resent = earlier.some((e) => e.state === 'uploading' && Number(e.size) === size);
    if (locked.take_open) await locked.update({ take_open: false }, { transaction: t });
    else if (!resent) {
      if (takesLeft(settings, locked.takes) === 0) throw noRetakesLeft(settings);
      await locked.update({ takes: locked.takes + 1 }, { transaction: t });
    }
    if (replaced.length) await AnswerUpload.destroy({ where: { id: replaced }, transaction: t });
    const created = await AnswerUpload.create(
      {
        id: uploadId,
        application_id: application.id,
        answer_id: answer.id,
        candidate_id: application.candidate_id as string,
        size,
        upload_json: null,
        state: 'uploading',
        error_code: null,
        source_key: null,
        duration_ms: null,
      },
      { transaction: t },
    );
    return { created, replaced };
  });
  await removeUploadFiles(uploads, replaced);
  return created;
}

/** 409 no_retakes_left: every recording the offer allows for this answer was used. */
const noRetakesLeft = (s: InterviewSettings) => new AppError(409, 'no_retakes_left', 'no_retakes_left', { retakes: s.retakes ?? 0 });

/**
 * The caller's answer to a question of their own application, while it may still take recordings:
 * not complete (409), not past its deadline (decision 283: 409), the question exists (404).
 */
export async function openAnswer(caller: UserRow | undefined, applicationId: number, qid: string, now: Date, written = false): Promise<{ application: Application; answer: ApplicationAnswer }> {
  const application = await ownApplication(caller, applicationId);
  if (application.state === 'complete') throw conflict('application_complete', 'application_complete');
  const deadline = finishDeadline(application.start_date);
  if (deadline && deadline.getTime() < now.getTime()) throw new AppError(409, 'application_deadline_passed', 'application_deadline_passed', { deadline: deadline.toISOString().slice(0, 10) });
  const answer = await ApplicationAnswer.findOne({ where: { application_id: application.id, qid } });
  if (!answer) throw notFound('answer_not_found', 'answer_not_found');
  // A recording or a file answers a video question only; text and choice questions are answered by
  // PUT …/answers/{qid} (api/services/applications/written-answers.service.ts, decision 455).
  if (written !== (answer.type !== 'video')) throw answerTypeMismatch(answer.type);
  return { application, answer };
}

/** 422: this answer is of another type than what was sent (a file for a text question, a text for a video one). */
export const answerTypeMismatch = (type: QuestionType) => new AppError(422, 'answer_type_mismatch', 'answer_type_mismatch', { type });

export interface TakeView {
  qid: string;
  takes: number;
  takes_left: number | null;
}

/**
 * A recording starts (POST /apis/candidate/applications/{id}/answers/{qid}/takes, called by the
 * recorder): counted for the answer, or refused with 409 no_retakes_left past the offer's retakes.
 * The take stays open until a file is sent for it (beginAnswerUpload uses it then).
 */
export async function recordTake(caller: UserRow | undefined, applicationId: number, qid: string, now: Date): Promise<TakeView> {
  const { application, answer } = await openAnswer(caller, applicationId, qid, now);
  const settings = await interviewOfApplication(application.id);
  return transaction(async (t) => {
    const locked = (await ApplicationAnswer.findByPk(answer.id, { transaction: t, lock: t.LOCK.UPDATE }))!;
    if (takesLeft(settings, locked.takes) === 0) throw noRetakesLeft(settings);
    await locked.update({ takes: locked.takes + 1, take_open: true }, { transaction: t });
    return { qid, takes: locked.takes, takes_left: takesLeft(settings, locked.takes) };
  });
}

/** A refused or failed file gives its take back (decision 405), in the transaction that records the refusal. */
async function giveTakeBack(answerId: number, t: Transaction): Promise<void> {
  await ApplicationAnswer.decrement('takes', { by: 1, where: { id: answerId, takes: { [Op.gt]: 0 } }, transaction: t });
}

/** The caller's upload in progress, or 404. */
export async function ownUpload(caller: User | undefined, uploadId: string): Promise<AnswerUpload> {
  const candidate = assertCandidate(caller);
  const upload = /^[a-f0-9]{32}$/.test(uploadId) ? await AnswerUpload.findByPk(uploadId) : null;
  if (!upload || upload.candidate_id !== candidate.id) throw notFound('upload_not_found', 'upload_not_found');
  return upload;
}

export interface VideoDeps {
  storage: Storage;
  ffmpeg: () => string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** Where a received file waits for the transcoder: private (story/ prefix), beside its story. */
export const sourceKeyOf = (uploadId: string) => `story/${uploadId}/source`;
/** The story's playlist; segments (seg000.ts…) and poster.jpg sit beside it. */
export const storyKeyOf = (uploadId: string) => `story/${uploadId}/index.m3u8`;

/**
 * What a finish answers when the upload was settled by someone else meanwhile (another process's
 * finish, the recovery job) or replaced (a retake, a deleted account): the recorded outcome.
 */
async function settledOutcome(upload: AnswerUpload | null): Promise<void> {
  if (!upload || upload.state === 'uploading') throw notFound('upload_not_found', 'upload_not_found');
  if (upload.state === 'failed') throw videoError((upload.error_code ?? 'video_processing_failed') as VideoError, await interviewOfApplication(upload.application_id));
}

const isMissingFile = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/** The check by content of a received file: the refusal, or the file and its duration. */
async function checkReceivedFile(deps: VideoDeps, file: string, settings: InterviewSettings): Promise<{ refusal: VideoError } | { body: Buffer; durationMs: number | null }> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat || stat.size === 0) return { refusal: 'video_empty' };
  if (stat.size > MAX_VIDEO_BYTES) return { refusal: 'video_too_large' };
  const info = await probe(deps.ffmpeg(), file);
  if (!info.video || info.durationMs === null) return { refusal: 'video_not_a_video' };
  // The offer's answer length, with a tolerance for the recorder's stop and the container's rounding.
  if (info.durationMs > maxAnswerSeconds(settings) * 1000) return { refusal: 'video_too_long' };
  return { body: await fs.readFile(file), durationMs: info.durationMs };
}

/**
 * The last byte has arrived: check the file by content. Refused (not a video, too long, empty):
 * the upload is marked failed with its code, the bytes removed, and the error thrown for tus to
 * answer. Accepted: the file goes to storage, the transcode job is queued in the same transaction
 * that marks the answer processing, and the local bytes are removed.
 *
 * Safe to run twice at once (two processes, the recovery job beside the last PATCH): the check
 * writes nothing, and the outcome is recorded only while the row is still `uploading`, so one
 * finish records it and queues one transcode; the other answers what was recorded. A row replaced
 * by a retake or deleted with its account meanwhile is never refused nor queued: 404.
 */
export async function finishAnswerUpload(deps: VideoDeps, uploads: UploadStore, uploadId: string, now: Date): Promise<void> {
  const upload = await AnswerUpload.findByPk(uploadId);
  if (!upload || upload.state !== 'uploading') return settledOutcome(upload);
  const stillUploading = { where: { id: upload.id, state: 'uploading' as const } };
  const settings = await interviewOfApplication(upload.application_id);
  let verdict: Awaited<ReturnType<typeof checkReceivedFile>>;
  try {
    verdict = await uploads.withFinishedFile(upload.id, (file) => checkReceivedFile(deps, file, settings));
  } catch (e) {
    // The bytes went while they were checked: the row went first (retake, deleted account).
    if (!isMissingFile(e)) throw e;
    verdict = { refusal: 'video_empty' };
  }
  if ('refusal' in verdict) {
    const refusal = verdict.refusal;
    const refused = await transaction(async (t) => {
      const [n] = await AnswerUpload.update({ state: 'failed', error_code: refusal, upload_json: null }, { ...stillUploading, transaction: t });
      if (n) await giveTakeBack(upload.answer_id, t);
      return n > 0;
    });
    if (!refused) return settledOutcome(await AnswerUpload.findByPk(upload.id));
    await removeUploadFiles(uploads, [upload.id]);
    throw videoError(refusal, settings);
  }
  const key = sourceKeyOf(upload.id);
  await deps.storage.put(key, verdict.body, 'application/octet-stream');
  const accepted = await transaction(async (t) => {
    const [n] = await AnswerUpload.update({ state: 'processing', source_key: key, duration_ms: verdict.durationMs, upload_json: null }, { ...stillUploading, transaction: t });
    if (n) await enqueue(TRANSCODE_JOB, { upload_id: upload.id }, { queue: VIDEO_QUEUE, transaction: t, maxAttempts: 3, runAt: now });
    return n > 0;
  });
  if (!accepted) {
    // Settled elsewhere: the source just stored is needed only by an upload being transcoded (the
    // transcoder deletes it when done, after that state was written).
    const current = await AnswerUpload.findByPk(upload.id);
    if (current?.state !== 'processing') await deps.storage.delete(key);
    return settledOutcome(current);
  }
  await removeUploadFiles(uploads, [upload.id]);
}

/**
 * Uploads whose last byte is on disk but whose finish never ran (the process died between the two,
 * or the finish failed on something else than the file): tus-js-client sees offset = length when it
 * resumes and sends nothing more, so the server finishes them itself, as the last PATCH does. Run
 * at every start (a queued job, api/jobs/index.ts) and by the hourly sweep. Answers how many were
 * settled (accepted or refused); the first unexpected error is thrown once all were tried.
 */
export async function finishReceivedUploads(deps: VideoDeps, uploads: UploadStore, now: Date): Promise<number> {
  let settled = 0;
  let failure: unknown = null;
  let after = '';
  for (;;) {
    const page = await AnswerUpload.findAll({ where: { state: 'uploading', id: { [Op.gt]: after } }, attributes: ['id', 'size'], order: [['id', 'ASC']], limit: 200 });
    if (!page.length) break;
    after = page[page.length - 1].id;
    for (const u of page) {
      if ((await uploads.offset(u.id)) !== Number(u.size)) continue;
      try {
        await finishAnswerUpload(deps, uploads, u.id, now);
        settled++;
      } catch (e) {
        if (e instanceof AppError) settled++;
        else {
          deps.logger.warn({ err: e, upload: u.id }, 'received upload not finished');
          failure ??= e;
        }
      }
    }
  }
  if (failure) throw failure;
  return settled;
}

/** An upload still unfinished this long after it started is abandoned: its bytes and row are removed. */
export const ABANDONED_UPLOAD_MS = 24 * 3600_000;

/**
 * Removes abandoned uploads: still `uploading` a day after they started, their bytes incomplete
 * (complete ones are finished by finishReceivedUploads). The row first, while it is still
 * `uploading`, then the bytes: a crash between the two leaves files that purgeStrayUploadFiles
 * removes. Answers how many went.
 */
export async function purgeAbandonedUploads(uploads: UploadStore, now: Date): Promise<number> {
  const old = await AnswerUpload.findAll({ where: { state: 'uploading', created_at: { [Op.lt]: new Date(now.getTime() - ABANDONED_UPLOAD_MS) } }, limit: 500 });
  let removed = 0;
  for (const u of old) {
    if ((await uploads.offset(u.id)) === Number(u.size)) continue;
    if (!(await AnswerUpload.destroy({ where: { id: u.id, state: 'uploading' } }))) continue;
    await removeUploadFiles(uploads, [u.id]);
    removed++;
  }
  return removed;
}

/** A file in UPLOAD_TMP_DIR that no upload in progress refers to is removed once it is this old. */
export const STRAY_UPLOAD_FILE_MS = 3600_000;

/**
 * Removes the bytes that no upload in progress refers to (no row, or a row that left `uploading`:
 * bytes a crash left behind after a check, a deletion, a sweep), once unchanged for
 * STRAY_UPLOAD_FILE_MS; the bytes of an upload still `uploading` are never touched. Only names as
 * tus makes them (TUS_FILE) in the folder or under the bucket's <prefix>/uploads/: anything else
 * is not ours. Answers how many files (objects) went.
 */
export async function purgeStrayUploadFiles(uploads: UploadStore, now: Date): Promise<number> {
  const old = await uploads.changedBefore(new Date(now.getTime() - STRAY_UPLOAD_FILE_MS));
  let removed = 0;
  const ids = [...old.keys()];
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    const live = new Set((await AnswerUpload.findAll({ where: { id: chunk, state: 'uploading' }, attributes: ['id'], raw: true })).map((u) => u.id));
    const stray = chunk.filter((x) => !live.has(x));
    await uploads.remove(stray);
    for (const id of stray) removed += old.get(id)!;
  }
  return removed;
}

/** An empty story folder (local disk) is removed once unchanged this long: a younger one may be about to receive a file. */
export const EMPTY_STORY_FOLDER_MS = 10 * 60_000;

/**
 * The hourly sweep of answer uploads (the queued job abandoned-answer-uploads): uploads whose last
 * byte arrived are finished, abandoned ones removed, stray tus files removed, and the story folders
 * left empty by deletions removed (local disk; S3 has none). Answers what each step did.
 */
export async function sweepAnswerUploads(deps: VideoDeps, uploads: UploadStore, now: Date): Promise<{ finished: number; abandoned: number; strayFiles: number; emptyFolders: number }> {
  const finished = await finishReceivedUploads(deps, uploads, now);
  const abandoned = await purgeAbandonedUploads(uploads, now);
  const strayFiles = await purgeStrayUploadFiles(uploads, now);
  const emptyFolders = await deps.storage.removeEmptyFolders('story', new Date(now.getTime() - EMPTY_STORY_FOLDER_MS));
  return { finished, abandoned, strayFiles, emptyFolders };
}

/** Keys of a stored story: its playlist, the segments it names, the poster. */
export async function storyKeys(storage: Storage, playlistKey: string): Promise<string[]> {
  const dir = playlistKey.slice(0, playlistKey.lastIndexOf('/') + 1);
  const playlist = await storage.get(playlistKey);
  const segments = playlist
    ? playlist.body
        .toString('utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => dir + l.trim())
    : [];
  return [playlistKey, ...segments, `${dir}poster.jpg`];
}

/**
 * The transcode job: the stored source becomes story/<upload id>/index.m3u8 + segments + poster
 * (the playlist written last, so a half-written story is never playable), the answer points at
 * it, and the application completes when this was the last answer. Safe to run again: a retry
 * after a killed worker writes the same keys, so exactly one story is stored.
 */
export async function transcodeAnswer(deps: VideoDeps & { preset: string }, uploadId: string, ctx: Pick<JobContext, 'signal'>, now: () => Date): Promise<void> {
  const upload = await AnswerUpload.findByPk(uploadId);
  if (!upload || upload.state !== 'processing' || !upload.source_key) return; // already done, or replaced
  const started = Date.now();
  const source = await deps.storage.get(upload.source_key);
  if (!source) throw new Error(`source ${upload.source_key} is missing`);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'vrp-transcode-'));
  const written: string[] = [];
  try {
    const input = path.join(work, 'source');
    await fs.writeFile(input, source.body);
    const out = path.join(work, 'hls');
    const fetched = Date.now();
    const made = await storyToHls(deps.ffmpeg(), input, out, { preset: deps.preset, signal: ctx.signal });
    const files = made.files;
    const transcoded = Date.now();
    const dir = storyKeyOf(upload.id).slice(0, -'index.m3u8'.length);
    const type = (f: string) => (f.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : f.endsWith('.jpg') ? 'image/jpeg' : 'video/mp2t');
    for (const f of [...files.filter((x) => x !== 'index.m3u8'), 'index.m3u8']) {
      written.push(dir + f);
      await deps.storage.put(dir + f, await fs.readFile(path.join(out, f)), type(f));
    }
    // Where the time goes (bench:stories reads this line): source from storage, ffmpeg, story to
    // storage; and whether the video was copied as it came (decision 390) or re-encoded, and why.
    deps.logger.info(
      {
        upload: upload.id,
        preset: deps.preset,
        video: made.video,
        ...(made.reason ? { encoded_because: made.reason } : {}),
        ms: { fetch: fetched - started, ffmpeg: transcoded - fetched, store: Date.now() - transcoded },
        duration_ms: upload.duration_ms,
      },
      'answer transcoded',
    );
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
  ctx.signal.throwIfAborted();
  const outcome = await transaction(async (t): Promise<{ gone: boolean; replaced: string | null }> => {
    const fresh = await AnswerUpload.findByPk(upload.id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!fresh || fresh.state !== 'processing') return { gone: !fresh, replaced: null };
    const answer = (await ApplicationAnswer.findByPk(fresh.answer_id, { transaction: t, lock: t.LOCK.UPDATE }))!;
    const previous = answer.upload_path && answer.upload_path !== storyKeyOf(fresh.id) ? answer.upload_path : null;
    await answer.update({ upload_path: storyKeyOf(fresh.id), state: 'done', method: 'storage' }, { transaction: t });
    await fresh.update({ state: 'ready', source_key: null }, { transaction: t });
    // Uploads of this answer that were replaced by this one are history: forget them.
    await AnswerUpload.destroy({ where: { answer_id: answer.id, id: { [Op.ne]: fresh.id }, state: { [Op.in]: ['ready', 'failed'] } }, transaction: t });
    await completeIfAllReady(fresh.application_id, t, now());
    return { gone: false, replaced: previous };
  });
  await deps.storage.delete(sourceKeyOf(upload.id));
  if (outcome.replaced) for (const key of await storyKeys(deps.storage, outcome.replaced)) await deps.storage.delete(key);
  // The upload went while it was transcoded (its account deleted): the story just stored is no one's.
  if (outcome.gone) for (const key of written) await deps.storage.delete(key);
}

/** After the transcoder gave up: the answer is failed (the candidate records again), the source removed. */
export async function markTranscodeFailed(storage: Storage, uploadId: string): Promise<void> {
  const upload = await AnswerUpload.findByPk(uploadId);
  if (!upload || upload.state !== 'processing') return;
  const failed = await transaction(async (t) => {
    const [n] = await AnswerUpload.update({ state: 'failed', error_code: 'video_processing_failed', source_key: null }, { where: { id: uploadId, state: 'processing' }, transaction: t });
    if (n) await giveTakeBack(upload.answer_id, t);
    return n > 0;
  });
  if (failed) await storage.delete(sourceKeyOf(uploadId));
}

/**
 * Completion: every answer done -> the application is complete and new for the recruiter, the
 * wishlist entry done, the counters recounted and the recruiter's e-mail queued, all in `t`.
 */
export async function completeIfAllReady(applicationId: number, t: Transaction, now: Date): Promise<boolean> {
  const application = await Application.findByPk(applicationId, { transaction: t, lock: t.LOCK.UPDATE });
  if (!application || application.state === 'complete') return false;
  const answers = await ApplicationAnswer.findAll({ where: { application_id: application.id }, transaction: t });
  if (!answers.length || !answers.every(isAnswered)) return false;
  const counts = (await new CounterChanges().lock(t, { offers: [application.offer_id] })).application(counted(application), null);
  await application.update({ state: 'complete', recruiter_state: 'new', submit_date: now }, { transaction: t });
  counts.application(null, counted(application));
  await setWishlistState(application.candidate_id as string, application.offer_id, 'done', t, counts);
  await counts.apply(t);
  await enqueue(COMPLETE_MAIL_JOB, { application_id: application.id }, { transaction: t, uniqueKey: `complete-mail:${application.id}` });
  // The candidate's confirmation too (decision 281).
  await scheduleConfirmation(application.id, t);
  // The company's systems (decision 480): identifiers only, the candidate read through the API.
  const offer = await Offer.findByPk(application.offer_id, { attributes: ['job_code'], transaction: t });
  await emitWebhookEvent(
    t,
    'application.completed',
    { recruiterId: application.recruiter_id as string },
    { application_id: application.id, job_code: offer?.job_code ?? null, candidate_sub: application.candidate_id, recruiter_state: 'new', submit_date: now.toISOString() },
    now,
  );
  return true;
}

/** The recruiter's e-mail for a complete application, with a link to the candidate. */
export async function sendCompletionMail(mailer: Mailer, publicUrl: string, applicationId: number): Promise<void> {
  const application = await Application.findByPk(applicationId);
  if (!application || application.state !== 'complete') return;
  const [recruiter, candidate, offer] = await Promise.all([User.findByPk(application.recruiter_id as string), User.findByPk(application.candidate_id as string), Offer.findByPk(application.offer_id)]);
  if (!recruiter?.email || !candidate || !offer) return;
  const lang: Lang = isLang(offer.lang) ? offer.lang : DEFAULT_LANG;
  const link = `${publicUrl}/dashboard?application=${application.id}`;
  const vars = { recruiter: recruiter.name ?? '', candidate: candidate.name ?? candidate.email ?? '', title: offer.title, job_code: offer.job_code, link };
  await mailer.send({ to: recruiter.email, subject: translate(lang, 'application_complete_mail_subject', vars), text: translate(lang, 'application_complete_mail_text', vars) });
}
