// Interview invitations (issue 27; docs/decisions/430-interview-invitations.md). The offer's side
// (its recruiter, their managers, staff: api/auth/access.ts mayInvite) invites people to answer an
// offer's interview by a deadline. Each message is a queued job (api/jobs): the first one, a
// resend, a reminder (found by a sweep, each reminder recorded once by a unique key so that two
// workers never send it twice), a deadline extended. Every message carries an unsubscribe link;
// an address that used it is never written to again by that company.
import crypto from 'node:crypto';
import { Op, QueryTypes, UniqueConstraintError, type Transaction } from 'sequelize';
import { Application, Invitation, InvitationDay, InvitationOptOut, InvitationReminder, InvitationSettings, Offer, User, boundSequelize, transaction } from '../../../models/index.js';
import {
  DEFAULT_REMINDER_HOURS,
  INVITATION_DEADLINE_MAX_DAYS,
  INVITATION_DEADLINE_MIN_MS,
  REMINDER_HOURS_MAX,
  invitationState,
  parseReminderHours,
  stillOpen,
  utcDay,
  type InvitationState,
} from '../../../models/rules/invitation.js';
import { normalizeLang, t, type Lang } from '../../../config/i18n/index.js';
import { formDate } from '../../../models/rules/dates.js';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js';
import { enqueue, enqueueMany } from '../../lib/job-queue.js';
import { companyOf, companyReach, reachesRecruiter, type Reach } from '../../auth/access.js';
import { createSession } from '../../auth/sessions.js';
import type { Mailer } from '../../integrations/mail.js';
import type { SmsSender } from '../../integrations/sms.js';
import type { Caller } from '../../auth/caller.js';
import { newNonce, type InvitationLinks } from './invitation-links.js';
import type { InvitationCreate } from './invitations.schema.js';

export const INVITATION_MESSAGE_JOB = 'invitation-message';
export const INVITATION_REMINDER_SWEEP_JOB = 'invitation-reminders';

export type InvitationMessageKind = 'invite' | 'reminder' | 'extended';

type MessagePayload = {
  invitation_id: number;
  kind: InvitationMessageKind;
  channel: 'email' | 'sms';
  /** The deadline the message was queued for: a reminder of a deadline since moved sends nothing. */
  deadline?: string;
};

type Who = Caller['user'];

/** Whose limit, opt-outs and reminder times apply: the company the offer's recruiter publishes for, else that recruiter alone. */
export async function companyKeyOf(recruiterId: string, t?: Transaction): Promise<string> {
  const name = await companyOf(recruiterId, t);
  return name ? `c:${name.trim().toLowerCase()}`.slice(0, 191) : `r:${recruiterId}`;
}

const dayLimitError = (perDay: number) => new AppError(429, 'invitation_daily_limit', 'invitation_daily_limit', { limit: perDay });

/**
 * Takes `n` of the company's messages of the day, or none: one conditional update (two sendings at
 * once cannot pass the limit together). Throws 429 invitation_daily_limit.
 */
async function spendDay(companyKey: string, n: number, now: Date, perDay: number, tx: Transaction): Promise<void> {
  const day = utcDay(now);
  await InvitationDay.bulkCreate([{ company_key: companyKey, day, sent: 0 }], { ignoreDuplicates: true, transaction: tx });
  const [changed] = await InvitationDay.update(
    { sent: boundSequelize().literal(`sent + ${Number(n)}`) as unknown as number },
    { where: { company_key: companyKey, day, sent: { [Op.lte]: perDay - n } }, transaction: tx },
  );
  if (changed !== 1) throw dayLimitError(perDay);
}

async function offerFor(reach: Reach, jobCode: string, t?: Transaction): Promise<Offer> {
  const offer = await Offer.findOne({ where: { job_code: jobCode }, attributes: ['id', 'job_code', 'recruiter_id', 'state', 'title', 'company_name'], transaction: t });
  if (!offer || !reachesRecruiter(reach, offer.recruiter_id)) throw notFound('offer_not_found', 'offer_not_found');
  return offer;
}

function checkDeadline(deadline: Date, now: Date): void {
  if (deadline.getTime() < now.getTime() + INVITATION_DEADLINE_MIN_MS) throw invalid('invitation_deadline_past', 'invitation_deadline_past', { field: 'deadline' });
  if (deadline.getTime() > now.getTime() + INVITATION_DEADLINE_MAX_DAYS * 24 * 3600_000)
    throw invalid('invitation_deadline_too_far', 'invitation_deadline_too_far', { field: 'deadline', days: INVITATION_DEADLINE_MAX_DAYS });
}

export interface CreateResult {
  created: number;
  /** Addresses not invited, with why: opted_out (asked this company to stop), already_invited (a live invitation to this offer). */
  skipped: { email: string; reason: 'opted_out' | 'already_invited' }[];
}

export interface CreateDeps {
  clock: () => Date;
  perDay: number;
}

/**
 * Invites the rows to the offer: one invitation each and its first messages queued, in one
 * transaction (all or nothing). Opted-out addresses and addresses already invited to the offer are
 * skipped and said so.
 */
export async function createInvitations(caller: Who | undefined, input: InvitationCreate, deps: CreateDeps): Promise<CreateResult> {
  const reach = await companyReach(caller);
  const now = deps.clock();
  const offer = await offerFor(reach, input.job_code);
  if (offer.state !== 'available') throw invalid('offer_not_available', 'offer_not_available');
  checkDeadline(input.deadline, now);
  const companyKey = await companyKeyOf(offer.recruiter_id);
  const emails = [...new Set(input.rows.map((r) => r.email))];
  if (emails.length !== input.rows.length) throw invalid('invitation_row_duplicate', 'invitation_row_duplicate', { field: 'rows' });
  try {
    return await transaction(async (tx) => {
      const optedOut = new Set((await InvitationOptOut.findAll({ where: { company_key: companyKey, email: emails }, attributes: ['email'], raw: true, transaction: tx })).map((r) => r.email));
      const live = new Set((await Invitation.findAll({ where: { live_key: emails.map((e) => liveKey(offer.id, e)) }, attributes: ['email'], raw: true, transaction: tx })).map((r) => r.email));
      const skipped: CreateResult['skipped'] = [];
      const rows = input.rows.filter((r) => {
        if (optedOut.has(r.email)) skipped.push({ email: r.email, reason: 'opted_out' });
        else if (live.has(r.email)) skipped.push({ email: r.email, reason: 'already_invited' });
        else return true;
        return false;
      });
      if (!rows.length) return { created: 0, skipped };
      await spendDay(companyKey, rows.length, now, deps.perDay, tx);
      const nonces = rows.map(() => newNonce());
      await Invitation.bulkCreate(
        rows.map((r, i) => ({
          offer_id: offer.id,
          recruiter_id: offer.recruiter_id,
          invited_by: caller!.id,
          company_key: companyKey,
          first_name: r.first_name,
          last_name: r.last_name,
          email: r.email,
          phone: r.phone ?? null,
          lang: r.lang ?? input.lang,
          message: input.message ?? null,
          deadline: input.deadline,
          nonce: nonces[i],
          live_key: liveKey(offer.id, r.email),
          created_at: now,
        })),
        { transaction: tx },
      );
      const made = await Invitation.findAll({ where: { live_key: rows.map((r) => liveKey(offer.id, r.email)) }, attributes: ['id', 'phone'], raw: true, transaction: tx });
      const deadline = input.deadline.toISOString();
      const payloads: MessagePayload[] = made.flatMap((m) => [
        { invitation_id: m.id, kind: 'invite' as const, channel: 'email' as const, deadline },
        ...(m.phone ? [{ invitation_id: m.id, kind: 'invite' as const, channel: 'sms' as const, deadline }] : []),
      ]);
      await enqueueMany(INVITATION_MESSAGE_JOB, payloads as unknown as Record<string, unknown>[], tx);
      return { created: made.length, skipped };
    });
  } catch (e) {
    // Another sending invited one of these addresses to this offer at the same moment.
    if (e instanceof UniqueConstraintError) throw conflict('invitation_conflict', 'invitation_conflict');
    throw e;
  }
}

const liveKey = (offerId: number, email: string) => `${offerId}:${email}`.slice(0, 200);

/** The candidate's application states for invitations, by invitation id. */
async function applicationStates(rows: readonly { id: number; offer_id: number; candidate_id: string | null }[]): Promise<Map<number, 'applying' | 'complete'>> {
  const withCandidate = rows.filter((r) => r.candidate_id);
  const out = new Map<number, 'applying' | 'complete'>();
  if (!withCandidate.length) return out;
  const apps = await Application.findAll({
    where: { candidate_id: [...new Set(withCandidate.map((r) => r.candidate_id as string))], offer_id: [...new Set(withCandidate.map((r) => r.offer_id))] },
    attributes: ['candidate_id', 'offer_id', 'state'],
    raw: true,
  });
  for (const r of withCandidate) {
    const app = apps.find((a) => a.candidate_id === r.candidate_id && a.offer_id === r.offer_id);
    if (app) out.set(r.id, app.state as 'applying' | 'complete');
  }
  return out;
}

type StateRow = { id: number; offer_id: number; candidate_id: string | null; cancelled_at: Date | null; opted_out_at: Date | null; bounced_at: Date | null; opened_at: Date | null; deadline: Date };

/** Each invitation's state as the inviter sees it (models/rules/invitation.ts invitationState). */
export async function statesOf(rows: readonly StateRow[], now: Date): Promise<Map<number, InvitationState>> {
  const apps = await applicationStates(rows);
  return new Map(
    rows.map((r) => [
      r.id,
      invitationState(
        { cancelled_at: r.cancelled_at, opted_out_at: r.opted_out_at, bounced_at: r.bounced_at, opened_at: r.opened_at, deadline: r.deadline, application_state: apps.get(r.id) ?? null },
        now,
      ),
    ]),
  );
}

async function stateOf(row: Invitation, now: Date): Promise<InvitationState> {
  return (await statesOf([row], now)).get(row.id)!;
}

// ---- Actions of the console (the engine read the row within the caller's scope first) ---------

export async function resendInvitation(id: number, deps: CreateDeps): Promise<{ id: number; state: InvitationState }> {
  const now = deps.clock();
  const row = await Invitation.findByPk(id);
  if (!row) throw notFound();
  const state = await stateOf(row, now);
  if (!stillOpen(state)) throw conflict('invitation_not_open', 'invitation_not_open');
  if (await InvitationOptOut.count({ where: { company_key: row.company_key, email: row.email } })) throw conflict('invitation_opted_out', 'invitation_opted_out');
  await transaction(async (tx) => {
    await spendDay(row.company_key, 1, now, deps.perDay, tx);
    const deadline = row.deadline.toISOString();
    await enqueue(INVITATION_MESSAGE_JOB, { invitation_id: row.id, kind: 'invite', channel: 'email', deadline } satisfies MessagePayload, { transaction: tx });
    if (row.phone) await enqueue(INVITATION_MESSAGE_JOB, { invitation_id: row.id, kind: 'invite', channel: 'sms', deadline } satisfies MessagePayload, { transaction: tx });
  });
  return { id: row.id, state };
}

export async function cancelInvitation(id: number, now: Date): Promise<{ id: number; state: InvitationState }> {
  const row = await Invitation.findByPk(id);
  if (!row) throw notFound();
  const state = await stateOf(row, now);
  if (state === 'completed') throw conflict('invitation_completed', 'invitation_completed');
  // One conditional update: a second cancel is told so.
  const [n] = await Invitation.update({ cancelled_at: now, live_key: null }, { where: { id, cancelled_at: null } });
  if (n !== 1) throw conflict('invitation_already_cancelled', 'invitation_already_cancelled');
  return { id, state: 'cancelled' };
}

/** A later deadline (an expired invitation opens again); the candidate is told by a message. */
export async function extendInvitation(id: number, deadline: Date, now: Date): Promise<{ id: number; state: InvitationState; deadline: string }> {
  checkDeadline(deadline, now);
  const row = await Invitation.findByPk(id);
  if (!row) throw notFound();
  if (deadline.getTime() <= row.deadline.getTime()) throw invalid('invitation_deadline_not_later', 'invitation_deadline_not_later', { field: 'deadline' });
  const state = await stateOf(row, now);
  if (state === 'completed' || state === 'cancelled' || state === 'opted_out' || state === 'bounced') throw conflict('invitation_not_open', 'invitation_not_open');
  await transaction(async (tx) => {
    const [n] = await Invitation.update({ deadline }, { where: { id, deadline: row.deadline, cancelled_at: null }, transaction: tx });
    if (n !== 1) throw conflict('invitation_changed', 'invitation_changed');
    await enqueue(INVITATION_MESSAGE_JOB, { invitation_id: id, kind: 'extended', channel: 'email', deadline: deadline.toISOString() } satisfies MessagePayload, {
      transaction: tx,
      uniqueKey: `${INVITATION_MESSAGE_JOB}:${id}:extended:${deadline.getTime()}`,
    });
  });
  return { id, state: await stateOf((await Invitation.findByPk(id))!, now), deadline: deadline.toISOString() };
}

// ---- The company's reminder times ---------------------------------------------------------------

export async function reminderHoursOf(companyKey: string): Promise<number[]> {
  const row = await InvitationSettings.findByPk(companyKey);
  return row ? (parseReminderHours(row.reminder_hours) ?? [...DEFAULT_REMINDER_HOURS]) : [...DEFAULT_REMINDER_HOURS];
}

/** The caller's company's reminder times (GET /apis/invitations/settings). */
export async function invitationSettingsFor(caller: Who | undefined, perDay: number, now: Date): Promise<{ reminder_hours: number[]; per_day: number; sent_today: number }> {
  await companyReach(caller);
  const companyKey = await companyKeyOf(caller!.id);
  return { reminder_hours: await reminderHoursOf(companyKey), per_day: perDay, sent_today: await sentToday(companyKey, now) };
}

/** Sets them (PUT): managers and staff only, for their own company. */
export async function setInvitationSettings(caller: Who | undefined, hours: number[], now: Date): Promise<{ reminder_hours: number[] }> {
  const reach = await companyReach(caller);
  if (!reach.all && !reach.roles.includes('manager')) throw new AppError(403, 'forbidden', 'forbidden');
  const companyKey = await companyKeyOf(caller!.id);
  await InvitationSettings.upsert({ company_key: companyKey, reminder_hours: hours.join(','), updated_at: now });
  return { reminder_hours: hours };
}

// ---- Reminders ----------------------------------------------------------------------------------

/**
 * Queues the reminders due at `now`: for each invitation still open, the company's reminder times
 * that have come (deadline - hours <= now) and came after it was sent. When several have come at
 * once only the nearest the deadline is sent; all are recorded. Each is recorded by a unique row
 * (invitation, hours, deadline) in the same transaction as its job: two sweeps at once (two worker
 * processes) record and queue it once. Answers how many reminders were queued.
 */
export async function queueDueReminders(now: Date): Promise<number> {
  const rows = await Invitation.findAll({
    where: {
      cancelled_at: null,
      opted_out_at: null,
      bounced_at: null,
      deadline: { [Op.gt]: now, [Op.lte]: new Date(now.getTime() + REMINDER_HOURS_MAX * 3600_000) },
    },
    attributes: ['id', 'offer_id', 'candidate_id', 'company_key', 'deadline', 'created_at', 'cancelled_at', 'opted_out_at', 'bounced_at', 'opened_at', 'phone'],
    limit: 5000,
  });
  if (!rows.length) return 0;
  const states = await statesOf(rows, now);
  const hoursByCompany = new Map<string, number[]>();
  for (const key of new Set(rows.map((r) => r.company_key))) hoursByCompany.set(key, await reminderHoursOf(key));
  const done = await InvitationReminder.findAll({ where: { invitation_id: rows.map((r) => r.id) }, attributes: ['invitation_id', 'hours_before', 'deadline'], raw: true });
  const recorded = new Set(done.map((d) => `${d.invitation_id}:${d.hours_before}:${new Date(d.deadline).getTime()}`));
  let queued = 0;
  for (const row of rows) {
    if (!stillOpen(states.get(row.id)!)) continue;
    const end = row.deadline.getTime();
    const come = hoursByCompany
      .get(row.company_key)!
      .filter((h) => end - h * 3600_000 <= now.getTime() && end - h * 3600_000 > row.created_at.getTime())
      .filter((h) => !recorded.has(`${row.id}:${h}:${end}`));
    if (!come.length) continue;
    const nearest = Math.min(...come);
    try {
      await transaction(async (tx) => {
        for (const h of come) await InvitationReminder.create({ invitation_id: row.id, hours_before: h, deadline: row.deadline, created_at: now }, { transaction: tx });
        const payload = (channel: 'email' | 'sms'): MessagePayload => ({ invitation_id: row.id, kind: 'reminder', channel, deadline: row.deadline.toISOString() });
        const key = (channel: string) => `${INVITATION_MESSAGE_JOB}:${row.id}:reminder:${nearest}:${end}:${channel}`;
        await enqueue(INVITATION_MESSAGE_JOB, payload('email'), { transaction: tx, uniqueKey: key('email') });
        if (row.phone) await enqueue(INVITATION_MESSAGE_JOB, payload('sms'), { transaction: tx, uniqueKey: key('sms') });
      });
      queued++;
    } catch (e) {
      // Another process recorded this reminder first: it queued it.
      if (!(e instanceof UniqueConstraintError)) throw e;
    }
  }
  return queued;
}

// ---- Messages -----------------------------------------------------------------------------------

export interface MessageDeps {
  mailer: Mailer;
  sms: SmsSender;
  links: InvitationLinks;
  clock: () => Date;
}

/** A deadline as messages write it: dd/MM/yyyy HH:mm, Paris time (the platform's, named). */
function deadlineText(lang: Lang, at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return t(lang, 'invitation_when', { date: formDate(`${parts.year}-${parts.month}-${parts.day}`), time: `${parts.hour}:${parts.minute}`, zone: 'Europe/Paris' });
}

/** Whether an SMTP error is the server refusing the address for good (a 5xx reply). */
const isPermanentRefusal = (e: unknown): boolean => {
  const code = (e as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * The job: sends one message of an invitation, unless it should not go any more (cancelled,
 * completed, opted out, bounced, past its deadline, or a reminder of a deadline since moved). A
 * refusal of the address for good marks the invitation bounced; other failures are retried.
 */
export async function sendInvitationMessage(deps: MessageDeps, payload: Record<string, unknown>): Promise<'sent' | 'skipped' | 'bounced'> {
  const p = payload as unknown as MessagePayload;
  const now = deps.clock();
  const row = await Invitation.findByPk(p.invitation_id);
  if (!row) return 'skipped';
  if (p.deadline && p.deadline !== row.deadline.toISOString()) return 'skipped';
  if (!stillOpen(await stateOf(row, now))) return 'skipped';
  if (await InvitationOptOut.count({ where: { company_key: row.company_key, email: row.email } })) return 'skipped';
  const offer = await Offer.findByPk(row.offer_id, { attributes: ['title', 'company_name'] });
  if (!offer) return 'skipped';
  const lang = normalizeLang(row.lang);
  const vars = {
    first_name: row.first_name,
    title: offer.title,
    company: offer.company_name,
    link: deps.links.openUrl(row),
    unsubscribe: deps.links.unsubscribeUrl(row),
    deadline: deadlineText(lang, row.deadline),
  };
  const prefix = `invitation_${p.kind}`;
  if (p.channel === 'sms') {
    if (!row.phone) return 'skipped';
    await deps.sms.send({ to: row.phone, body: t(lang, `${prefix}_sms`, vars) });
    return 'sent';
  }
  // The inviter's words, as text, in the first message only, set apart from the platform's.
  const personal = p.kind === 'invite' && row.message ? t(lang, 'invitation_personal', { message: row.message }) : '';
  const text = `${t(lang, `${prefix}_text`, vars)}${personal}\n\n${t(lang, 'invitation_footer', vars)}`;
  try {
    await deps.mailer.send({
      to: row.email,
      subject: t(lang, `${prefix}_subject`, vars),
      text,
      headers: { 'List-Unsubscribe': `<${vars.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  } catch (e) {
    if (!isPermanentRefusal(e)) throw e;
    await Invitation.update({ bounced_at: now }, { where: { id: row.id, bounced_at: null } });
    return 'bounced';
  }
  if (p.kind === 'invite') {
    await Invitation.update({ sent_at: now }, { where: { id: row.id, sent_at: null } });
    await Invitation.increment('sends', { by: 1, where: { id: row.id } });
  }
  return 'sent';
}

// ---- The candidate's side: the link, the unsubscribe link ---------------------------------------

export type OpenOutcome = { kind: 'open'; token: string | null; path: string; lang: Lang } | { kind: 'expired' | 'cancelled'; lang: Lang; company: string; title: string } | { kind: 'invalid' };

async function rowOfToken(links: InvitationLinks, token: string, purpose: 'i' | 'u'): Promise<Invitation | null> {
  const named = links.verify(token, purpose);
  if (!named) return null;
  const row = await Invitation.findByPk(named.id);
  // The nonce is under the signature already: comparing it tells a token of a row since replaced.
  return row && row.nonce === named.nonce ? row : null;
}

/**
 * Opening the personal link: the candidate is signed in (their candidate account, made for the
 * address when it has none) and sent to the offer's interview; the same link works on any device
 * until the deadline. An address that belongs to a company account is not signed in (it signs in
 * with its own password): the interview opens, unidentified.
 */
export async function openInvitation(links: InvitationLinks, token: string, now: Date): Promise<OpenOutcome> {
  const row = await rowOfToken(links, token, 'i');
  if (!row) return { kind: 'invalid' };
  const offer = await Offer.findByPk(row.offer_id, { attributes: ['job_code', 'title', 'company_name'] });
  if (!offer) return { kind: 'invalid' };
  const lang = normalizeLang(row.lang);
  const state = await stateOf(row, now);
  if (state === 'cancelled') return { kind: 'cancelled', lang, company: offer.company_name, title: offer.title };
  if (state === 'expired') return { kind: 'expired', lang, company: offer.company_name, title: offer.title };
  const user = await candidateFor(row, lang, now);
  const path = `/candidate/apply/${encodeURIComponent(offer.job_code)}?lang=${lang}`;
  if (!user) return { kind: 'open', token: null, path, lang };
  await Invitation.update({ candidate_id: user.id }, { where: { id: row.id, candidate_id: null } });
  await Invitation.update({ opened_at: now }, { where: { id: row.id, opened_at: null } });
  return { kind: 'open', token: await createSession(user.id, 'cookie', now), path, lang };
}

async function candidateFor(row: Invitation, lang: Lang, now: Date): Promise<User | null> {
  const existing = await User.findOne({ where: { email: row.email } });
  if (existing) return existing.profile === 'candidate' && !existing.is_admin && existing.sso_provider_id == null ? existing : null;
  const id = crypto.randomUUID();
  try {
    return await User.create({
      id,
      email: row.email,
      name: `${row.first_name} ${row.last_name}`.slice(0, 100),
      phone: row.phone,
      profile: 'candidate',
      user_plan: 'free',
      sub_topics: ['global', `priv_${id}`],
      country_iso: 'FR',
      lang,
      is_admin: false,
      last_co: now,
    });
  } catch (e) {
    // The link opened twice at once (two devices): the other request made the account.
    if (!(e instanceof UniqueConstraintError)) throw e;
    return User.findOne({ where: { email: row.email } });
  }
}

/** The invitation a candidate came through to an offer, as the apply page tells it (decision 467). */
export interface CandidateInvitation {
  company: string;
  title: string;
  deadline: Date;
  /** The state the inviter sees (models/rules/invitation.ts): the page reads expired and cancelled from it. */
  state: InvitationState;
}

/**
 * The signed-in candidate's latest invitation to the offer of `jobCode` (the one their link opened,
 * or one sent to their address), or null when they were not invited.
 */
export async function candidateInvitation(user: { id: string; email: string } | undefined, jobCode: string, now: Date): Promise<CandidateInvitation | null> {
  if (!user) return null;
  const offer = await Offer.findOne({ where: { job_code: jobCode.toUpperCase() }, attributes: ['id', 'title', 'company_name'] });
  if (!offer) return null;
  const row = await Invitation.findOne({
    where: { offer_id: offer.id, [Op.or]: [{ candidate_id: user.id }, { email: user.email.toLowerCase() }] },
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
  });
  if (!row) return null;
  return { company: offer.company_name, title: offer.title, deadline: row.deadline, state: await stateOf(row, now) };
}

/** What the unsubscribe page says: the company named, whether the address is already out. */
export async function unsubscribeView(links: InvitationLinks, token: string): Promise<{ lang: Lang; company: string; done: boolean } | null> {
  const row = await rowOfToken(links, token, 'u');
  if (!row) return null;
  const offer = await Offer.findByPk(row.offer_id, { attributes: ['company_name'] });
  const done = (await InvitationOptOut.count({ where: { company_key: row.company_key, email: row.email } })) > 0;
  return { lang: normalizeLang(row.lang), company: offer?.company_name ?? '', done };
}

/**
 * The address asks the company to write no more: recorded once (company, address), every live
 * invitation of that company to the address marked opted out; later sendings skip it.
 */
export async function unsubscribe(links: InvitationLinks, token: string, now: Date): Promise<{ lang: Lang; company: string } | null> {
  const row = await rowOfToken(links, token, 'u');
  if (!row) return null;
  await InvitationOptOut.bulkCreate([{ company_key: row.company_key, email: row.email, created_at: now }], { ignoreDuplicates: true });
  await Invitation.update({ opted_out_at: now }, { where: { company_key: row.company_key, email: row.email, opted_out_at: null } });
  const offer = await Offer.findByPk(row.offer_id, { attributes: ['company_name'] });
  return { lang: normalizeLang(row.lang), company: offer?.company_name ?? '' };
}

/** How many invitations a company sent today (the settings answer shows it beside the limit). */
async function sentToday(companyKey: string, now: Date): Promise<number> {
  const rows = await boundSequelize().query<{ sent: number }>('SELECT sent FROM invitation_days WHERE company_key = ? AND day = ?', {
    replacements: [companyKey, utcDay(now)],
    type: QueryTypes.SELECT,
  });
  return Number(rows[0]?.sent ?? 0);
}
