// The job registry: every queued job of the product (what each name does, run by the engine in
// api/lib/job-queue.ts), and the workers that run them: inside `npm start` (unless JOBS_WORKER=0)
// and in `npm run worker` (scripts/worker.ts). docs/decisions/125-durable-job-queue.md.
import type { Logger } from 'pino';
import type { Settings } from '../../config/settings.js';
import type { Storage } from '../integrations/storage.js';
import type { Mailer } from '../integrations/mail.js';
import { createSms, type SmsSender } from '../integrations/sms.js';
import { ffmpegPath } from '../integrations/ffmpeg.js';
import { registerQueueDepth } from '../lib/metrics.js';
import { defineJob, enqueue, purgeDoneJobs, queueDepth, releaseUniqueKey, startWorker, type RecurringTask, type Worker } from '../lib/job-queue.js';
import { purgeUnreferencedUploads } from './upload-cleanup.js';
import {
  COMPLETE_MAIL_JOB,
  TRANSCODE_JOB,
  VIDEO_QUEUE,
  finishReceivedUploads,
  markTranscodeFailed,
  sendCompletionMail,
  sweepAnswerUploads,
  transcodeAnswer,
} from '../services/applications/video-answers.service.js';
import { LEAD_NOTIF_JOB, notifyLead, resendFailed } from '../services/applications/lead-notif.service.js';
import {
  CONFIRM_MAIL_JOB,
  REJECTED_MAIL_JOB,
  REJECT_JOB,
  REJECT_SWEEP_JOB,
  rejectAllDue,
  rejectIfDue,
  sendConfirmationMail,
  sendRejectedMail,
  sendTakeBackMail,
} from '../services/applications/candidate-news.service.js';
import { TAKE_BACK_MAIL_JOB } from '../services/applications/take-backs.service.js';
import { MEETING_MESSAGE_JOB, sendMeetingMessage } from '../services/meetings/meeting-invites.service.js';
import { LIFECYCLE_QUEUE, LIFECYCLE_RECURRING, runLifecycleJob } from './lifecycle.js';
import { BOOST_END_JOB, endBoosts } from '../services/offers/manager-offers.service.js';
import { uploadStoreFor } from '../integrations/upload-store.js';
import { INVITATION_MESSAGE_JOB, INVITATION_REMINDER_SWEEP_JOB, queueDueReminders, sendInvitationMessage } from '../services/invitations/invitations.service.js';
import { createInvitationLinks } from '../services/invitations/invitation-links.js';
import { WEBHOOK_ATTEMPT_JOB, WEBHOOK_DISABLED_MAIL_JOB, WEBHOOK_QUEUE, purgeOldDeliveries, runAttempt, sendDisabledMail } from '../services/webhooks/webhooks.service.js';
import type { Resolve } from '../integrations/webhook-http.js';

export interface JobDeps {
  settings: Settings;
  storage: Storage;
  mailer: Mailer;
  /** SMS to leads; made from the settings when absent (Twilio Messaging or files under SMS_DIR). */
  sms?: SmsSender;
  logger: Logger;
  clock: () => Date;
  /** How webhook URLs' names are resolved (the system's DNS when absent). */
  webhookResolve?: Resolve;
}

/** Hourly: every boost whose period is over ends (each boost also has its own job at its end). */
export const BOOST_SWEEP_JOB = 'boost-expiry';

export const QUEUES = ['default', VIDEO_QUEUE, LIFECYCLE_QUEUE, WEBHOOK_QUEUE];

/** Hourly and daily tasks: each enqueued once per period across every process. */
export const RECURRING: RecurringTask[] = [
  { name: 'upload-cleanup', everyMs: 3600_000 },
  // Interview invitations' reminders that have come (decision 430): each recorded once.
  { name: INVITATION_REMINDER_SWEEP_JOB, everyMs: 10 * 60_000 },
  { name: 'purge-done-jobs', everyMs: 24 * 3600_000 },
  // Webhook deliveries' logs older than 30 days (decision 480).
  { name: 'webhook-deliveries-purge', everyMs: 24 * 3600_000 },
  { name: 'abandoned-answer-uploads', everyMs: 3600_000 },
  // Rejections whose delay is over, should their own job be lost (decision 281).
  { name: REJECT_SWEEP_JOB, everyMs: 3600_000 },
  // Boosts whose end job was lost or ran early (decision 251).
  { name: BOOST_SWEEP_JOB, everyMs: 3600_000 },
  // The data lifecycle (subscription expiry among it): daily, on its own queue (api/jobs/lifecycle.ts).
  ...LIFECYCLE_RECURRING,
];

/** At every start: the answer uploads whose last byte arrived but were never checked are finished. */
export const RECEIVED_UPLOADS_JOB = 'received-answer-uploads';

/**
 * Queues the jobs a process start calls for (after the migrations), run by whichever worker claims
 * them. At most one is waiting at a time: processes starting together (a deploy, every node
 * restarting) queue one; a start once it has begun queues another (docs/decisions/230-no-upload-left-behind.md).
 */
export async function enqueueStartupJobs(now: Date): Promise<void> {
  await enqueue(RECEIVED_UPLOADS_JOB, {}, { uniqueKey: `${RECEIVED_UPLOADS_JOB}@waiting`, maxAttempts: 3, runAt: now });
}

/** Registers what each job name does (idempotent). */
export function defineJobs(deps: JobDeps): void {
  const video = { storage: deps.storage, ffmpeg: () => ffmpegPath(deps.settings), logger: deps.logger, preset: deps.settings.video.x264Preset };
  defineJob(TRANSCODE_JOB, async (payload, ctx) => {
    const uploadId = String(payload.upload_id);
    try {
      await transcodeAnswer(video, uploadId, ctx, deps.clock);
    } catch (e) {
      // Out of attempts: the candidate sees the answer failed and records again.
      if (ctx.job.attempts >= ctx.job.max_attempts) await markTranscodeFailed(deps.storage, uploadId);
      throw e;
    }
  });
  defineJob(COMPLETE_MAIL_JOB, async (payload) => {
    await sendCompletionMail(deps.mailer, deps.settings.publicUrl, Number(payload.application_id));
  });
  // Candidates told where they stand (decision 281): complete, turned down.
  const news = { mailer: deps.mailer, publicUrl: deps.settings.publicUrl };
  defineJob(CONFIRM_MAIL_JOB, async (payload) => {
    await sendConfirmationMail(news, Number(payload.application_id));
  });
  defineJob(REJECTED_MAIL_JOB, async (payload) => {
    await sendRejectedMail(news, Number(payload.application_id));
  });
  defineJob(TAKE_BACK_MAIL_JOB, async (payload) => {
    await sendTakeBackMail(news, Number(payload.application_id), String(payload.qid));
  });
  defineJob(REJECT_JOB, async (payload) => {
    await rejectIfDue(Number(payload.application_id), deps.clock());
  });
  defineJob(REJECT_SWEEP_JOB, async () => {
    const rejected = await rejectAllDue(deps.clock());
    if (rejected) deps.logger.info({ rejected }, 'rejections made final');
  });
  // Lead notifications (docs/decisions/164-lead-notifications.md): the first message and resends.
  const sms = deps.sms ?? createSms(deps.settings);
  const notify = { mailer: deps.mailer, sms, appDownloadUrl: deps.settings.appDownloadUrl, clock: deps.clock };
  defineJob(LEAD_NOTIF_JOB, async (payload, ctx) => {
    try {
      const outcome = await notifyLead(notify, payload);
      // A daily cap reached (decision 221): the lead stays "not notified" for staff to resend.
      if (outcome === 'capped') deps.logger.warn({ lead_id: payload.lead_id }, 'lead message not sent: daily cap of its destination or offer reached');
    } catch (e) {
      // Out of attempts: a resend goes back to idle so that staff may ask again.
      if (ctx.job.attempts >= ctx.job.max_attempts) await resendFailed(payload, deps.clock());
      throw e;
    }
  });
  // Meeting invitations (decision 290): one message per job (the link, an invitation, a reminder, a cancellation).
  const meeting = { mailer: deps.mailer, sms, publicUrl: deps.settings.publicUrl, clock: deps.clock };
  defineJob(MEETING_MESSAGE_JOB, async (payload) => {
    await sendMeetingMessage(meeting, payload);
  });
  // Interview invitations (decision 430): one message per job; the sweep queues the reminders due.
  const invitations = { mailer: deps.mailer, sms, links: createInvitationLinks(deps.settings), clock: deps.clock };
  defineJob(INVITATION_MESSAGE_JOB, async (payload) => {
    const outcome = await sendInvitationMessage(invitations, payload);
    if (outcome === 'bounced') deps.logger.warn({ invitation_id: payload.invitation_id }, 'invitation refused by the mail server: marked bounced');
  });
  defineJob(INVITATION_REMINDER_SWEEP_JOB, async () => {
    const queued = await queueDueReminders(deps.clock());
    if (queued) deps.logger.info({ queued }, 'invitation reminders queued');
  });
  // Outbound webhooks (decision 480): one job per attempt of a delivery; the disabled endpoint's e-mail.
  const webhookNet = { allowLoopback: deps.settings.webhooks.allowLoopback, resolve: deps.webhookResolve };
  defineJob(WEBHOOK_ATTEMPT_JOB, async (payload) => {
    await runAttempt({ net: webhookNet, clock: deps.clock }, payload);
  });
  defineJob(WEBHOOK_DISABLED_MAIL_JOB, async (payload) => {
    await sendDisabledMail(deps.mailer, deps.settings.publicUrl, Number(payload.endpoint_id));
  });
  defineJob('webhook-deliveries-purge', async () => {
    const removed = await purgeOldDeliveries(deps.clock());
    if (removed) deps.logger.info({ removed }, 'old webhook deliveries removed');
  });
  defineJob('upload-cleanup', async () => {
    const removed = await purgeUnreferencedUploads(deps.storage, deps.clock());
    if (removed) deps.logger.info({ removed }, 'unreferenced uploads removed');
  });
  // Hourly: uploads received but never checked are finished, abandoned ones and stray files removed.
  defineJob('abandoned-answer-uploads', async () => {
    const done = await sweepAnswerUploads(video, uploadStoreFor(deps.settings), deps.clock());
    if (Object.values(done).some((n) => n > 0)) deps.logger.info(done, 'answer uploads swept');
  });
  defineJob(RECEIVED_UPLOADS_JOB, async (_payload, ctx) => {
    await releaseUniqueKey(ctx.job);
    const finished = await finishReceivedUploads(video, uploadStoreFor(deps.settings), deps.clock());
    if (finished) deps.logger.info({ finished }, 'received answer uploads finished');
  });
  // A boost ends by itself at the end of its period (decision 251).
  defineJob(BOOST_END_JOB, async (payload) => {
    await endBoosts(deps.clock(), Number(payload.offer_id));
  });
  defineJob(BOOST_SWEEP_JOB, async () => {
    const ended = await endBoosts(deps.clock());
    if (ended) deps.logger.info({ ended }, 'boosts ended');
  });
  defineJob('purge-done-jobs', async () => {
    await purgeDoneJobs(deps.clock());
  });
  // Expired subscriptions turn inactive at read time already; 'subscription-expiry' writes it down
  // (decision 146), with the other daily sweeps of the data lifecycle (decision 167).
  for (const task of LIFECYCLE_RECURRING) defineJob(task.name, (_payload, ctx) => runLifecycleJob(deps, ctx.job.name).then(() => undefined));
}

/**
 * Publishes each queue's depth (ready jobs) on this process's /metrics. Called by createApp, so
 * every web node reports it whether or not it runs a worker: the queue is in the database, and the
 * nodes docs/deploy.md runs with JOBS_WORKER=0 are the ones Prometheus scrapes (`npm run worker`
 * serves no /metrics).
 */
export function publishQueueDepths(): void {
  for (const q of QUEUES) registerQueueDepth(q, () => queueDepth(q));
}

/** Defines the jobs and starts this process's worker. */
export function startJobs(deps: JobDeps, options: { keepAlive?: boolean } = {}): Worker {
  defineJobs(deps);
  const { concurrency, pollMs, leaseMs } = deps.settings.jobs;
  return startWorker({ queues: QUEUES, concurrency, pollMs, leaseMs, logger: deps.logger, clock: deps.clock, recurring: RECURRING, ...options });
}
