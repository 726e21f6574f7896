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
import { AnswerUpload, Application, ApplicationAnswer, Offer, OfferQuestion, User, WishlistEntry, transaction } from '../../models/index.js';
import { ANSWER_UPLOADS_PATH, MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS, type AnswerStatus, type VideoError } from '../../models/rules/video.js';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../lib/errors.js';
import type { Storage } from '../integrations/storage.js';
import type { Mailer } from '../integrations/mail.js';
import { probe, transcodeToHls } from '../integrations/ffmpeg.js';
import { enqueue, type JobContext } from '../jobs/queue.js';
import { recountOffers, recountUsers } from './user-counters.service.js';
import { t as translate, DEFAULT_LANG, isLang, type Lang } from '../../config/i18n/index.js';

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
}

export interface ApplicationView {
  id: number;
  job_code: string;
  offer_title: string;
  company_name: string;
  state: Application['state'];
  start_date: Date | null;
  submit_date: Date | null;
  answers: AnswerView[];
  /** The tus endpoint and the limits a file must meet. */
  upload: { endpoint: string; max_bytes: number; max_seconds: number };
}

/** Only candidates answer offers. */
function assertCandidate(caller: User | undefined): User {
  if (!caller) throw unauthorized();
  if (caller.profile !== 'candidate') throw forbidden('candidates_only', 'candidates_only');
  return caller;
}

/** A video error as the API answers it: 4xx status, stable code, message in the caller's language. */
export function videoError(code: VideoError): AppError {
  const status = code === 'video_too_large' ? 413 : 422;
  return new AppError(status, code, code, { max_bytes: MAX_VIDEO_BYTES, max_seconds: MAX_VIDEO_SECONDS });
}

async function uploadedBytes(uploadDir: string, id: string): Promise<number> {
  const stat = await fs.stat(path.join(uploadDir, id)).catch(() => null);
  return stat?.size ?? 0;
}

/** The status of every answer of an application (what the candidate and the app poll). */
export async function applicationView(application: Application, lang: Lang, uploadDir: string): Promise<ApplicationView> {
  const offer = (await Offer.findByPk(application.offer_id, { attributes: ['job_code', 'title', 'company_name'] }))!;
  const answers = await ApplicationAnswer.findAll({ where: { application_id: application.id }, order: [['position', 'ASC']] });
  const uploads = await AnswerUpload.findAll({ where: { application_id: application.id }, order: [['created_at', 'DESC']] });
  const latest = new Map<number, AnswerUpload>();
  for (const u of uploads) if (!latest.has(u.answer_id)) latest.set(u.answer_id, u);
  const views = await Promise.all(
    answers.map(async (a): Promise<AnswerView> => {
      const u = latest.get(a.id);
      const base = { qid: a.qid, position: a.position, question: a.question, error: null, upload: null };
      // An answer stored before uploads went through tus (demo, mobile app) is ready as it is.
      if (a.state === 'done' && a.upload_path && (!u || u.state === 'ready')) return { ...base, status: 'ready' };
      if (!u) return { ...base, status: 'missing' };
      if (u.state === 'uploading') {
        return { ...base, status: 'uploading', upload: { id: u.id, url: `${ANSWER_UPLOADS_PATH}/${u.id}`, size: Number(u.size), offset: await uploadedBytes(uploadDir, u.id) } };
      }
      if (u.state === 'failed') {
        const code = u.error_code ?? 'video_processing_failed';
        return { ...base, status: 'failed', error: { code, message: translate(lang, code) } };
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
    answers: views,
    upload: { endpoint: ANSWER_UPLOADS_PATH, max_bytes: MAX_VIDEO_BYTES, max_seconds: MAX_VIDEO_SECONDS },
  };
}

/**
 * Starts an application to the offer with this job code, or resumes the caller's existing one.
 * A new application has one empty answer per question of the offer; the wishlist entry becomes
 * applying (created when absent) and the counters follow, in the same transaction.
 */
export async function startApplication(caller: User | undefined, jobCode: string, now: Date): Promise<{ application: Application; created: boolean }> {
  const candidate = assertCandidate(caller);
  const offer = await Offer.findOne({ where: { job_code: jobCode, state: 'available' } });
  if (!offer) throw notFound('offer_not_found', 'offer_not_found');
  const existing = await Application.findOne({ where: { candidate_id: candidate.id, offer_id: offer.id } });
  if (existing) return { application: existing, created: false };
  const questions = await OfferQuestion.findAll({ where: { offer_id: offer.id }, order: [['position', 'ASC']] });
  if (!questions.length) throw conflict('offer_has_no_questions', 'offer_has_no_questions');
  try {
    return await transaction(async (t) => {
      const application = await Application.create(
        { candidate_id: candidate.id, offer_id: offer.id, recruiter_id: offer.recruiter_id, state: 'applying', recruiter_state: 'new', start_date: now, submit_date: null, cv_key: null },
        { transaction: t },
      );
      await ApplicationAnswer.bulkCreate(
        questions.map((q) => ({ application_id: application.id, qid: q.qid, position: q.position, question: q.question, upload_path: null, method: null, state: null })),
        { transaction: t },
      );
      const entry = await WishlistEntry.findOne({ where: { candidate_id: candidate.id, offer_id: offer.id }, transaction: t, lock: t.LOCK.UPDATE });
      if (entry) await entry.update({ state: 'applying' }, { transaction: t });
      else await WishlistEntry.create({ candidate_id: candidate.id, offer_id: offer.id, state: 'applying' }, { transaction: t });
      await recountUsers([candidate.id, offer.recruiter_id as string], t);
      await recountOffers([offer.id], t);
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
export async function ownApplication(caller: User | undefined, id: number): Promise<Application> {
  const candidate = assertCandidate(caller);
  const application = await Application.findByPk(id);
  if (!application || application.candidate_id !== candidate.id) throw notFound('application_not_found', 'application_not_found');
  return application;
}

/**
 * A new tus upload for one answer (tus creation): the caller's application, still applying, the
 * question exists, a length is declared and within the limit. Earlier unfinished or refused
 * uploads of that answer are forgotten (their bytes removed by `removeBytes`).
 */
export async function beginAnswerUpload(
  caller: User | undefined,
  meta: { application_id: string; qid: string },
  uploadId: string,
  size: number | undefined,
  removeBytes: (id: string) => Promise<void>,
): Promise<AnswerUpload> {
  const application = await ownApplication(caller, Number(meta.application_id));
  if (application.state === 'complete') throw conflict('application_complete', 'application_complete');
  const answer = await ApplicationAnswer.findOne({ where: { application_id: application.id, qid: meta.qid } });
  if (!answer) throw notFound('answer_not_found', 'answer_not_found');
  if (size === undefined) throw new AppError(400, 'upload_length_required', 'upload_length_required');
  if (size === 0) throw videoError('video_empty');
  if (size > MAX_VIDEO_BYTES) throw videoError('video_too_large');
  const earlier = await AnswerUpload.findAll({ where: { answer_id: answer.id, state: { [Op.in]: ['uploading', 'failed'] } } });
  for (const e of earlier) {
    await removeBytes(e.id);
    await e.destroy();
  }
  if (await AnswerUpload.count({ where: { answer_id: answer.id, state: 'processing' } })) throw conflict('answer_processing', 'answer_processing');
  return AnswerUpload.create({
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
  });
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
 * The last byte has arrived: check the file by content. Refused (not a video, too long, empty):
 * the bytes are removed, the upload is marked failed with its code, and the error is thrown for
 * tus to answer. Accepted: the file goes to storage, the transcode job is queued in the same
 * transaction that marks the answer processing, and the local bytes are removed.
 */
export async function finishAnswerUpload(deps: VideoDeps, uploadId: string, file: string, now: Date): Promise<void> {
  const upload = await AnswerUpload.findByPk(uploadId);
  if (!upload) throw notFound('upload_not_found', 'upload_not_found');
  let refusal: VideoError | null = null;
  const stat = await fs.stat(file).catch(() => null);
  let durationMs: number | null = null;
  if (!stat || stat.size === 0) refusal = 'video_empty';
  else if (stat.size > MAX_VIDEO_BYTES) refusal = 'video_too_large';
  else {
    const info = await probe(deps.ffmpeg(), file);
    durationMs = info.durationMs;
    if (!info.video || info.durationMs === null) refusal = 'video_not_a_video';
    else if (info.durationMs > MAX_VIDEO_SECONDS * 1000) refusal = 'video_too_long';
  }
  if (refusal) {
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.json`, { force: true });
    await upload.update({ state: 'failed', error_code: refusal, upload_json: null });
    throw videoError(refusal);
  }
  const key = sourceKeyOf(upload.id);
  await deps.storage.put(key, await fs.readFile(file), 'application/octet-stream');
  await transaction(async (t) => {
    await upload.update({ state: 'processing', source_key: key, duration_ms: durationMs, upload_json: null }, { transaction: t });
    await enqueue(TRANSCODE_JOB, { upload_id: upload.id }, { queue: VIDEO_QUEUE, transaction: t, maxAttempts: 3, runAt: now });
  });
  await fs.rm(file, { force: true });
}

/** An upload still unfinished this long after it started is abandoned: its bytes and row are removed. */
export const ABANDONED_UPLOAD_MS = 24 * 3600_000;

/** Removes abandoned uploads (bytes in uploadDir, then the row); answers how many. */
export async function purgeAbandonedUploads(uploadDir: string, now: Date): Promise<number> {
  const old = await AnswerUpload.findAll({ where: { state: 'uploading', created_at: { [Op.lt]: new Date(now.getTime() - ABANDONED_UPLOAD_MS) } }, limit: 500 });
  for (const u of old) {
    await fs.rm(path.join(uploadDir, u.id), { force: true });
    await u.destroy();
  }
  return old.length;
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
  try {
    const input = path.join(work, 'source');
    await fs.writeFile(input, source.body);
    const out = path.join(work, 'hls');
    const fetched = Date.now();
    const files = await transcodeToHls(deps.ffmpeg(), input, out, { preset: deps.preset, signal: ctx.signal });
    const transcoded = Date.now();
    const dir = storyKeyOf(upload.id).slice(0, -'index.m3u8'.length);
    const type = (f: string) => (f.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : f.endsWith('.jpg') ? 'image/jpeg' : 'video/mp2t');
    for (const f of files.filter((x) => x !== 'index.m3u8')) await deps.storage.put(dir + f, await fs.readFile(path.join(out, f)), type(f));
    await deps.storage.put(dir + 'index.m3u8', await fs.readFile(path.join(out, 'index.m3u8')), type('index.m3u8'));
    // Where the time goes (bench:stories reads this line): source from storage, ffmpeg, story to storage.
    deps.logger.info(
      { upload: upload.id, preset: deps.preset, ms: { fetch: fetched - started, ffmpeg: transcoded - fetched, store: Date.now() - transcoded }, duration_ms: upload.duration_ms },
      'answer transcoded',
    );
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
  ctx.signal.throwIfAborted();
  const replaced = await transaction(async (t) => {
    const fresh = await AnswerUpload.findByPk(upload.id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!fresh || fresh.state !== 'processing') return null;
    const answer = (await ApplicationAnswer.findByPk(fresh.answer_id, { transaction: t, lock: t.LOCK.UPDATE }))!;
    const previous = answer.upload_path && answer.upload_path !== storyKeyOf(fresh.id) ? answer.upload_path : null;
    await answer.update({ upload_path: storyKeyOf(fresh.id), state: 'done', method: 'storage' }, { transaction: t });
    await fresh.update({ state: 'ready', source_key: null }, { transaction: t });
    // Uploads of this answer that were replaced by this one are history: forget them.
    await AnswerUpload.destroy({ where: { answer_id: answer.id, id: { [Op.ne]: fresh.id }, state: { [Op.in]: ['ready', 'failed'] } }, transaction: t });
    await completeIfAllReady(fresh.application_id, t, now());
    return previous;
  });
  await deps.storage.delete(sourceKeyOf(upload.id));
  if (replaced) for (const key of await storyKeys(deps.storage, replaced)) await deps.storage.delete(key);
}

/** After the transcoder gave up: the answer is failed (the candidate records again), the source removed. */
export async function markTranscodeFailed(storage: Storage, uploadId: string): Promise<void> {
  const upload = await AnswerUpload.findByPk(uploadId);
  if (!upload || upload.state !== 'processing') return;
  await upload.update({ state: 'failed', error_code: 'video_processing_failed', source_key: null });
  await storage.delete(sourceKeyOf(uploadId));
}

/**
 * Completion: every answer done -> the application is complete and new for the recruiter, the
 * wishlist entry done, the counters recounted and the recruiter's e-mail queued, all in `t`.
 */
export async function completeIfAllReady(applicationId: number, t: Transaction, now: Date): Promise<boolean> {
  const application = await Application.findByPk(applicationId, { transaction: t, lock: t.LOCK.UPDATE });
  if (!application || application.state === 'complete') return false;
  const answers = await ApplicationAnswer.findAll({ where: { application_id: application.id }, transaction: t });
  if (!answers.length || answers.some((a) => a.state !== 'done' || !a.upload_path)) return false;
  await application.update({ state: 'complete', recruiter_state: 'new', submit_date: now }, { transaction: t });
  await WishlistEntry.update({ state: 'done' }, { where: { candidate_id: application.candidate_id, offer_id: application.offer_id }, transaction: t });
  await recountUsers([application.candidate_id as string, application.recruiter_id as string], t);
  await recountOffers([application.offer_id], t);
  await enqueue(COMPLETE_MAIL_JOB, { application_id: application.id }, { transaction: t, uniqueKey: `complete-mail:${application.id}` });
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
