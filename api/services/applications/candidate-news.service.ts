// Candidates are told where they stand (issue 24, decision 281):
// - a confirmation e-mail once their application is complete (queued with the completion);
// - a rejection becomes final WAIT_REJECT_DELAY_MS after the recruiter's "reject" (wait_reject ->
//   rejected), by a job queued with the move (and an hourly sweep for any left behind), and the
//   candidate is then told kindly, in their language, by a mail queued in the same transaction.
// A move out of wait_reject within the delay (shortlist) cancels it: the job finds nothing to do.
import { QueryTypes } from 'sequelize';
import type { Transaction } from 'sequelize';
import { Application, ApplicationAnswer, Offer, User, boundSequelize, transaction } from '../../../models/index.js';
import { WAIT_REJECT_DELAY_MS } from '../../../models/rules/recruiter-states.js';
import { readDate } from '../../../models/rules/dates.js';
import { sqlDate } from '../../../models/columns.js';
import { t as translate, normalizeLang, withLang } from '../../../config/i18n/index.js';
import type { Mailer } from '../../integrations/mail.js';
import { enqueue } from '../../lib/job-queue.js';
import { CounterChanges } from './user-counters.service.js';
import { audit } from '../platform/audit.service.js';
import { emitWebhookEvent } from '../webhooks/webhooks.service.js';

/** The job that makes one rejection final when its delay is over. */
export const REJECT_JOB = 'application-reject';
/** The hourly sweep that makes final every rejection whose delay is over (rows whose job was lost). */
export const REJECT_SWEEP_JOB = 'application-reject-sweep';
/** The candidate's e-mails: their application is complete; they were turned down. */
export const CONFIRM_MAIL_JOB = 'application-confirm-mail';
export const REJECTED_MAIL_JOB = 'application-rejected-mail';

const dialect = () => (boundSequelize().getDialect() === 'sqlite' ? 'sqlite' : 'mysql');

/** When a rejection decided at `at` becomes final. */
export const rejectAt = (at: Date) => new Date(at.getTime() + WAIT_REJECT_DELAY_MS);

/** Queued with the move to wait_reject, in its transaction: the rejection is made final when its delay is over. */
export async function scheduleRejection(applicationId: number, at: Date, t: Transaction): Promise<Date> {
  const runAt = rejectAt(at);
  await enqueue(REJECT_JOB, { application_id: applicationId }, { transaction: t, runAt, maxAttempts: 10 });
  return runAt;
}

/** Queued with the completion, in its transaction. */
export async function scheduleConfirmation(applicationId: number, t: Transaction): Promise<void> {
  await enqueue(CONFIRM_MAIL_JOB, { application_id: applicationId }, { transaction: t, uniqueKey: `confirm-mail:${applicationId}` });
}

/**
 * Makes one rejection final if it is still waiting and its delay is over: one conditional UPDATE
 * decides (a recruiter's move at the same moment and this job cannot both pass). When the row was
 * written since (its delay runs from that write), the job comes back then. Answers whether it rejected.
 */
export async function rejectIfDue(applicationId: number, now: Date): Promise<boolean> {
  const outcome = await transaction(async (t): Promise<'rejected' | 'not_waiting' | Date> => {
    const sequelize = boundSequelize();
    const cutoff = new Date(now.getTime() - WAIT_REJECT_DELAY_MS);
    // The increments' locks first (the offer, its recruiter and managers), as every move takes them.
    const [target] = await sequelize.query<{ offer_id: number; candidate_id: string; state: string; is_reco: boolean | number }>(
      `SELECT offer_id, candidate_id, state, is_reco FROM applications WHERE id = ?`,
      {
        replacements: [applicationId],
        type: QueryTypes.SELECT,
        transaction: t,
      },
    );
    if (!target) return 'not_waiting';
    const counts = await new CounterChanges().lock(t, { offers: [target.offer_id] });
    const [, changed] = await sequelize.query(`UPDATE applications SET recruiter_state = 'rejected', updated_at = ? WHERE id = ? AND recruiter_state = 'wait_reject' AND updated_at <= ?`, {
      replacements: [sqlDate(now, dialect()), applicationId, sqlDate(cutoff, dialect())],
      type: QueryTypes.UPDATE,
      transaction: t,
    });
    if (Number(changed) !== 1) {
      const [row] = await sequelize.query<{ recruiter_state: string; updated_at: unknown }>(`SELECT recruiter_state, updated_at FROM applications WHERE id = ?`, {
        replacements: [applicationId],
        type: QueryTypes.SELECT,
        transaction: t,
      });
      const since = readDate(row?.updated_at);
      return row?.recruiter_state === 'wait_reject' && since ? rejectAt(since) : 'not_waiting';
    }
    const row = { ...target, is_reco: !!target.is_reco };
    await counts.application({ ...row, recruiter_state: 'wait_reject' }, { ...row, recruiter_state: 'rejected' }).apply(t);
    await audit(t, {
      actorId: null,
      action: 'recruiter_state',
      resource: 'applications',
      recordId: applicationId,
      before: { recruiter_state: 'wait_reject' },
      after: { recruiter_state: 'rejected' },
      at: now,
    });
    await enqueue(REJECTED_MAIL_JOB, { application_id: applicationId }, { transaction: t, uniqueKey: `rejected-mail:${applicationId}` });
    const [facts] = await sequelize.query<{ recruiter_id: string; job_code: string }>(`SELECT a.recruiter_id, o.job_code FROM applications a JOIN offers o ON o.id = a.offer_id WHERE a.id = ?`, {
      replacements: [applicationId],
      type: QueryTypes.SELECT,
      transaction: t,
    });
    if (facts) {
      const data = { application_id: applicationId, job_code: facts.job_code, candidate_sub: target.candidate_id, recruiter_state: 'rejected', previous_state: 'wait_reject' };
      await emitWebhookEvent(t, 'application.state_changed', { recruiterId: facts.recruiter_id }, data, now);
    }
    return 'rejected';
  });
  if (outcome instanceof Date) {
    // Written again within the delay (still waiting): the delay runs from that write.
    await enqueue(REJECT_JOB, { application_id: applicationId }, { runAt: outcome, maxAttempts: 10 });
    return false;
  }
  return outcome === 'rejected';
}

/** Every rejection whose delay is over, made final (the hourly sweep). Answers how many. */
export async function rejectAllDue(now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - WAIT_REJECT_DELAY_MS);
  const rows = await boundSequelize().query<{ id: number }>(`SELECT id FROM applications WHERE recruiter_state = 'wait_reject' AND updated_at <= ? ORDER BY id LIMIT 1000`, {
    replacements: [sqlDate(cutoff, dialect())],
    type: QueryTypes.SELECT,
  });
  let n = 0;
  for (const r of rows) if (await rejectIfDue(Number(r.id), now)) n++;
  return n;
}

interface MailContext {
  mailer: Mailer;
  publicUrl: string;
}

/** The application, its candidate and its offer, or null when one of them is gone. */
async function parts(applicationId: number) {
  const application = await Application.findByPk(applicationId);
  if (!application) return null;
  const [candidate, offer] = await Promise.all([User.findByPk(application.candidate_id as string), Offer.findByPk(application.offer_id)]);
  if (!candidate?.email || !offer) return null;
  return { application, candidate, offer };
}

/** The candidate's confirmation: their application reached the company, and where to follow it. */
export async function sendConfirmationMail(ctx: MailContext, applicationId: number): Promise<void> {
  const p = await parts(applicationId);
  if (!p || p.application.state !== 'complete') return;
  const lang = normalizeLang(p.candidate.lang);
  const vars = { name: p.candidate.name || p.candidate.email, title: p.offer.title, company: p.offer.company_name, link: withLang(`${ctx.publicUrl}/candidate`, lang) };
  await ctx.mailer.send({ to: p.candidate.email, subject: translate(lang, 'candidate_complete_mail_subject', vars), text: translate(lang, 'candidate_complete_mail_text', vars) });
}

/** The candidate is told, kindly and in their language, that the company did not keep their application. */
export async function sendRejectedMail(ctx: MailContext, applicationId: number): Promise<void> {
  const p = await parts(applicationId);
  if (!p || p.application.recruiter_state !== 'rejected') return;
  const lang = normalizeLang(p.candidate.lang);
  const vars = { name: p.candidate.name || p.candidate.email, title: p.offer.title, company: p.offer.company_name, link: withLang(`${ctx.publicUrl}/candidate`, lang) };
  await ctx.mailer.send({ to: p.candidate.email, subject: translate(lang, 'candidate_rejected_mail_subject', vars), text: translate(lang, 'candidate_rejected_mail_text', vars) });
}

/**
 * The candidate is told that the company gave them a new take for a question (decision 465), with
 * the link to their interview; nothing once the application is complete.
 */
export async function sendTakeBackMail(ctx: MailContext, applicationId: number, qid: string): Promise<void> {
  const p = await parts(applicationId);
  if (!p || p.application.state === 'complete') return;
  const answer = await ApplicationAnswer.findOne({ where: { application_id: applicationId, qid }, attributes: ['question'] });
  if (!answer) return;
  const lang = normalizeLang(p.candidate.lang);
  const vars = {
    name: p.candidate.name || p.candidate.email,
    title: p.offer.title,
    company: p.offer.company_name,
    question: answer.question,
    link: withLang(`${ctx.publicUrl}/candidate/apply/${encodeURIComponent(p.offer.job_code)}`, lang),
  };
  await ctx.mailer.send({ to: p.candidate.email, subject: translate(lang, 'candidate_take_back_mail_subject', vars), text: translate(lang, 'candidate_take_back_mail_text', vars) });
}
