// Lead notifications (back-office.md sections 4 and 9, public-web.md section 7; decisions 164-165).
// A landing or web lead is told, through a queued job, to download the app and enter the offer
// code: by SMS when a phone is known, else by e-mail, in the lead's language. notif moves to
// 2 (SMS) or 3 (e-mail) once the provider accepted the message, never before. A resend runs
// notif_resend 0 -> 1 (in progress) -> 2 (sent); the step to 1 is one conditional UPDATE, so one
// click is one message however many times, and from however many places, it is pressed.
import { Op, QueryTypes, type Transaction } from 'sequelize';
import { LandingInterest, Offer, transaction, boundSequelize } from '../../../models/index.js';
import { normalizePhone } from '../../../models/rules/phone.js';
import { normalizeEmail } from '../../../models/rules/email.js';
import { nameForMessage } from '../../../models/rules/person-name.js';
import { LIMITS, forget, record, take } from '../../auth/throttle.js';
import { t as translate, normalizeLang, type Lang } from '../../../config/i18n/index.js';
import { enqueue, enqueueMany } from '../../lib/job-queue.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../integrations/mail.js';
import type { SmsSender } from '../../integrations/sms.js';
import { audit } from '../platform/audit.service.js';
import type { ResendInterestNotif } from './lead-notif.schema.js';

export const LEAD_NOTIF_JOB = 'lead-notification';

/** notif (back-office.md section 4). */
export const NOTIF = { none: 0, sms: 2, email: 3 } as const;
/** notif_resend (back-office.md section 4). */
export const RESEND = { idle: 0, inProgress: 1, sent: 2 } as const;

/** A lead notified less than this long ago is not sent the message again (a late double click). */
export const RESEND_COOLDOWN_MS = 2 * 60_000;
/**
 * A resend still "in progress" after this long lost its job (its worker died on the last
 * attempt): it may be asked again. Longer than every retry of the job (5 attempts, about 7 min).
 */
export const RESEND_STALE_MS = 3600_000;
/** A bulk resend reaches at most this many leads; a wider filter is refused (narrow it). */
export const MAX_BULK_RESEND = 1000;

export interface NotifyDeps {
  mailer: Mailer;
  sms: SmsSender;
  /** Where the message sends people to download the app (APP_DOWNLOAD_URL). */
  appDownloadUrl: string;
  clock: () => Date;
}

interface NotifyPayload {
  lead_id: number;
  /** A resend (notif_resend 1 -> 2) rather than the first message. */
  resend?: boolean;
}

/** Enqueues the first message of a new lead, inside the transaction that stores the lead. */
export async function enqueueFirstNotification(t: Transaction, leadId: number): Promise<void> {
  await enqueue(LEAD_NOTIF_JOB, { lead_id: leadId } satisfies NotifyPayload, { transaction: t, uniqueKey: `${LEAD_NOTIF_JOB}:${leadId}` });
}

/** The channel and the E.164 number of a lead: SMS when a phone is known (and readable), else e-mail. */
export function channelOf(lead: Pick<LandingInterest, 'phone_number'>): { channel: 'sms'; to: string } | { channel: 'email' } {
  const phone = lead.phone_number ? normalizePhone(lead.phone_number) : null;
  return phone ? { channel: 'sms', to: phone.e164 } : { channel: 'email' };
}

/** The lead's language: the one they applied in, else the offer's, else French. */
function langOf(lead: LandingInterest, offer: Offer | null): Lang {
  return normalizeLang(lead.lang ?? offer?.lang ?? null);
}

/** What a job run did: sent, nothing to do, or not sent because a daily cap was reached. */
export type NotifyOutcome = 'sent' | 'skipped' | 'capped';

/**
 * The message's texts: the catalog's words, the offer's name and code, the download address, and
 * the lead's first name only when it reads as a name (models/rules/person-name.ts): nothing a
 * visitor typed reaches the recipient otherwise (decision 221).
 */
export function leadMessage(lang: Lang, lead: Pick<LandingInterest, 'firstname' | 'job_code'>, offer: Pick<Offer, 'title'> | null, appDownloadUrl: string) {
  const name = nameForMessage(lead.firstname);
  const hello = name ? translate(lang, 'lead_notif_hello_name', { firstname: name }) : translate(lang, 'lead_notif_hello');
  const vars = { hello, title: offer?.title ?? lead.job_code, job_code: lead.job_code, link: appDownloadUrl };
  return {
    sms: translate(lang, 'lead_notif_sms', vars),
    subject: translate(lang, 'lead_notif_mail_subject', vars),
    text: translate(lang, 'lead_notif_mail_text', vars),
  };
}

/** Where a lead's message goes, as its daily cap counts it: the E.164 number or the e-mail address. */
function destinationOf(lead: LandingInterest, how: ReturnType<typeof channelOf>): string {
  return how.channel === 'sms' ? how.to : normalizeEmail(lead.email);
}

/**
 * The job: sends the message once and records it. Safe to run again (it checks the state first).
 * A first message (anonymous: anyone may submit a lead) takes a slot in its destination's daily
 * cap and its offer's (decision 221) before it leaves; past either, nothing is sent and the lead
 * stays "not notified" for staff, who may resend it. A staff resend is sent whatever the caps
 * and counts in them.
 */
export async function notifyLead(deps: NotifyDeps, payload: Record<string, unknown>): Promise<NotifyOutcome> {
  const { lead_id: leadId, resend } = payload as unknown as NotifyPayload;
  const lead = await LandingInterest.findByPk(leadId);
  if (!lead) return 'skipped';
  if (resend ? lead.notif_resend !== RESEND.inProgress : lead.notif !== NOTIF.none || lead.notif_resend !== RESEND.idle) {
    // Already sent (a run whose completion was lost), or a resend took over the first message.
    return 'skipped';
  }
  const offer = lead.offer_id ? await Offer.findByPk(lead.offer_id) : await Offer.findOne({ where: { job_code: lead.job_code } });
  const message = leadMessage(langOf(lead, offer), lead, offer, deps.appDownloadUrl);
  const how = channelOf(lead);
  const caps = [LIMITS.leadMessageTo(destinationOf(lead, how)), LIMITS.leadMessagesOfOffer(offer ? String(offer.id) : lead.job_code)];
  const slots = resend ? [] : await take(caps, deps.clock());
  if (!slots) return 'capped';
  try {
    if (how.channel === 'sms') await deps.sms.send({ to: how.to, body: message.sms });
    else await deps.mailer.send({ to: lead.email, subject: message.subject, text: message.text });
  } catch (e) {
    // Not sent: the retry takes its slots again.
    await forget(slots);
    throw e;
  }
  if (resend) await record(caps, deps.clock());

  const now = deps.clock();
  const sent = { notif: how.channel === 'sms' ? NOTIF.sms : NOTIF.email, notified_at: now, updated_at: now };
  if (resend) await LandingInterest.update({ ...sent, notif_resend: RESEND.sent }, { where: { id: lead.id, notif_resend: RESEND.inProgress } });
  else await LandingInterest.update(sent, { where: { id: lead.id, notif: NOTIF.none } });
  return 'sent';
}

/** A resend out of attempts: back to idle so that staff may ask again (the job stays failed with its error). */
export async function resendFailed(payload: Record<string, unknown>, now: Date): Promise<void> {
  const { lead_id: leadId, resend } = payload as unknown as NotifyPayload;
  if (!resend) return;
  await LandingInterest.update({ notif_resend: RESEND.idle, updated_at: now }, { where: { id: leadId, notif_resend: RESEND.inProgress } });
}

/** Leads a resend may start for now: none in progress (or one stuck for an hour), not notified in the last 2 minutes. */
function resendable(now: Date) {
  return [
    { [Op.or]: [{ notif_resend: { [Op.ne]: RESEND.inProgress } }, { notif_resend_at: null }, { notif_resend_at: { [Op.lt]: new Date(now.getTime() - RESEND_STALE_MS) } }] },
    { [Op.or]: [{ notified_at: null }, { notified_at: { [Op.lt]: new Date(now.getTime() - RESEND_COOLDOWN_MS) } }] },
  ];
}

const START_RESEND = (now: Date) => ({ notif_resend: RESEND.inProgress, notif_resend_at: now, updated_at: now });

/**
 * The step 0 or 2 -> 1, taken by one caller only: a conditional UPDATE whose affected rows say
 * whether this caller took it, then the job, in the same transaction.
 */
async function claimResend(t: Transaction, leadId: number, now: Date): Promise<boolean> {
  const [n] = await LandingInterest.update(START_RESEND(now), { where: { id: leadId, [Op.and]: resendable(now) }, transaction: t });
  if (n !== 1) return false;
  await enqueue(LEAD_NOTIF_JOB, { lead_id: leadId, resend: true } satisfies NotifyPayload, { transaction: t });
  return true;
}

/**
 * The same step for a set of leads with three statements: the resendable ones are read with a
 * write lock (MariaDB: FOR UPDATE, current rows; SQLite: the transaction already holds the single
 * writer), moved to 1, and given their jobs in one INSERT. Answers how many started.
 */
async function claimResends(t: Transaction, leadIds: number[], now: Date): Promise<number> {
  const rows = await LandingInterest.findAll({ attributes: ['id'], where: { id: leadIds, [Op.and]: resendable(now) }, lock: t.LOCK.UPDATE, transaction: t });
  const ids = rows.map((r) => r.id);
  if (!ids.length) return 0;
  await LandingInterest.update(START_RESEND(now), { where: { id: ids }, transaction: t });
  return enqueueMany(
    LEAD_NOTIF_JOB,
    ids.map((id) => ({ lead_id: id, resend: true }) satisfies NotifyPayload),
    t,
  );
}

/** Why a resend was not started: one already runs, or the lead was just notified. */
async function refusal(leadId: number): Promise<never> {
  const lead = await LandingInterest.findByPk(leadId);
  if (!lead) throw notFound('lead_not_found', 'lead_not_found');
  if (lead.notif_resend === RESEND.inProgress) throw conflict('resend_in_progress', 'resend_in_progress');
  throw conflict('resend_too_soon', 'resend_too_soon');
}

export interface ResendResult {
  id: number;
  notif: number;
  notif_resend: number;
}

const resendResult = (lead: LandingInterest): ResendResult => ({ id: lead.id, notif: lead.notif, notif_resend: lead.notif_resend });

/** Staff's resend of one lead (the console's card button). 404 unknown; 409 in progress or just notified. */
export async function resendLead(actorId: string, leadId: number, now: Date): Promise<ResendResult> {
  const lead = await transaction(async (t) => {
    const found = await LandingInterest.findByPk(leadId, { transaction: t });
    if (!found) throw notFound('lead_not_found', 'lead_not_found');
    if (!(await claimResend(t, leadId, now))) return null;
    await audit(t, {
      actorId,
      action: 'resend',
      resource: 'landings',
      recordId: leadId,
      before: { notif: found.notif, notif_resend: found.notif_resend },
      after: { notif_resend: RESEND.inProgress },
      at: now,
    });
    return found.reload({ transaction: t });
  });
  return lead ? resendResult(lead) : refusal(leadId);
}

/**
 * POST /apis/resend-interest-notif: the lead named by (Pk, Sk); the phone and names given correct
 * the stored ones first (the message then goes to the corrected number), in the same transaction.
 */
export async function resendInterestNotif(actorId: string, input: ResendInterestNotif, now: Date): Promise<ResendResult> {
  const lead = await LandingInterest.findOne({ where: { email: input.Pk, job_code: input.Sk } });
  if (!lead) throw notFound('lead_not_found', 'lead_not_found');
  const corrections: Partial<Pick<LandingInterest, 'phone_number' | 'firstname' | 'lastname'>> = {};
  if (input.phone_number !== undefined && input.phone_number !== lead.phone_number) corrections.phone_number = input.phone_number;
  if (input.firstname !== undefined && input.firstname !== lead.firstname) corrections.firstname = input.firstname;
  if (input.lastname !== undefined && input.lastname !== lead.lastname) corrections.lastname = input.lastname;
  const done = await transaction(async (t) => {
    if (!(await claimResend(t, lead.id, now))) return null;
    if (Object.keys(corrections).length) await LandingInterest.update({ ...corrections, updated_at: now }, { where: { id: lead.id }, transaction: t });
    const before = { notif: lead.notif, notif_resend: lead.notif_resend, ...Object.fromEntries(Object.keys(corrections).map((k) => [k, lead[k as keyof typeof corrections]])) };
    await audit(t, { actorId, action: 'resend', resource: 'landings', recordId: lead.id, before, after: { notif_resend: RESEND.inProgress, ...corrections }, at: now });
    return lead.reload({ transaction: t });
  });
  return done ? resendResult(done) : refusal(lead.id);
}

export interface BulkResendResult {
  /** Leads matching the filter. */
  total: number;
  /** Resends started. */
  queued: number;
  /** Leads left alone: a resend already in progress, or notified a moment ago. */
  skipped: number;
}

/**
 * Staff's resend of every lead a console filter selects (the ids come from the console's own list
 * SQL: the same rows the staff sees). Each lead takes the same conditional step as a single resend,
 * in transactions of 100 so that SQLite's single writer is not held for long.
 */
export async function bulkResend(actorId: string, ids: number[], now: Date, filter: Record<string, unknown>): Promise<BulkResendResult> {
  if (ids.length > MAX_BULK_RESEND) throw invalid('bulk_resend_too_large', 'bulk_resend_too_large', { max: MAX_BULK_RESEND });
  let queued = 0;
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    queued += await transaction((t) => claimResends(t, chunk, now));
  }
  await transaction((t) => audit(t, { actorId, action: 'bulk-resend', resource: 'landings', recordId: null, before: { filter }, after: { total: ids.length, queued }, at: now }));
  return { total: ids.length, queued, skipped: ids.length - queued };
}

/** The ids a list's WHERE selects, at most `limit` + 1 (to tell "too many"). */
export async function idsWhere(from: string, where: { sql(): string; params: unknown[] }, limit: number): Promise<number[]> {
  const rows = await boundSequelize().query<{ id: number }>(`SELECT r.id AS id FROM ${from} ${where.sql()} ORDER BY r.id LIMIT ${limit + 1}`, {
    replacements: where.params,
    type: QueryTypes.SELECT,
  });
  return rows.map((r) => Number(r.id));
}
