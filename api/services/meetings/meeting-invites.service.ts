// Meeting invitations (issue 24; docs/decisions/290-meeting-invitations.md). The recruiter's side of
// a room (the rule of api/auth/access.ts meetingSideOf) sends the candidate the room's link now, or
// schedules the call: a time, an .ics invitation to both sides, a reminder before. Each message is
// one queued job (api/jobs), so a retry never sends another message twice, and each job checks the
// invitation again when it runs (a cancelled or moved call sends nothing old).
import crypto from 'node:crypto';
import { Op } from 'sequelize';
import { Meeting, User, transaction } from '../../../models/index.js';
import { nameForMessage } from '../../../models/rules/person-name.js';
import { normalizePhone } from '../../../models/rules/phone.js';
import { formDate } from '../../../models/rules/dates.js';
import { MEETING_MAX_AHEAD_DAYS, MEETING_REMINDER_BEFORE_MS, meetingRoomPath } from '../../../models/rules/meeting.js';
import { t, normalizeLang, type Lang } from '../../../config/i18n/index.js';
import { LIMITS, spend } from '../../auth/throttle.js';
import { enqueue } from '../../lib/job-queue.js';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../integrations/mail.js';
import type { SmsSender } from '../../integrations/sms.js';
import { buildIcs } from './meeting-ics.js';
import type { MeetingAccess } from './meeting.service.js';
import type { MeetingInvite } from './meeting.schema.js';

export const MEETING_MESSAGE_JOB = 'meeting-message';

/** What a message is about: the link now, a scheduled call's invitation, its reminder, its cancellation. */
export type MeetingMessageKind = 'now' | 'invite' | 'reminder' | 'cancel';
/** Who receives it: the candidate, the offer's recruiter, or the one of their side who sent it. */
export type MeetingRecipient = 'candidate' | 'recruiter' | 'inviter';

interface MessagePayload {
  meeting_id: number;
  kind: MeetingMessageKind;
  to: MeetingRecipient;
  channel: 'email' | 'sms';
  /** The start the message was queued for (a reminder of a call since moved sends nothing). */
  starts_at?: string | null;
  /** The calendar SEQUENCE it was queued for (cancel messages). */
  sequence?: number;
}

/** An invitation as the dashboard and the room show it. */
export interface MeetingView {
  id: number;
  starts_at: string | null;
  duration_min: number;
  time_zone: string;
  cancelled: boolean;
  invited_by: string | null;
  created_at: string;
  /** Whether the candidate is also told by SMS (a phone is known). */
  sms: boolean;
}

const view = (m: Meeting, sms: boolean): MeetingView => ({
  id: m.id,
  starts_at: m.starts_at?.toISOString() ?? null,
  duration_min: m.duration_min,
  time_zone: m.time_zone,
  cancelled: m.cancelled_at != null,
  invited_by: m.invited_by,
  created_at: m.created_at.toISOString(),
  sms,
});

/** The candidate's phone as SMS needs it (E.164), or null. */
const smsNumber = (candidate: Pick<User, 'phone'>) => (candidate.phone ? (normalizePhone(candidate.phone)?.e164 ?? null) : null);

const recruiterSideOnly = (access: MeetingAccess) => {
  if (access.side !== 'recruiter') throw forbidden('meeting_not_allowed', 'meeting_not_allowed');
};

/**
 * Sends the link now (no starts_at) or schedules the call. Answers the invitation; its messages
 * are queued in the same transaction (they exist only if the invitation does).
 */
export async function inviteToMeeting(access: MeetingAccess, input: MeetingInvite, now: Date): Promise<MeetingView> {
  recruiterSideOnly(access);
  const startsAt = input.starts_at ?? null;
  if (startsAt) {
    if (startsAt.getTime() <= now.getTime()) throw invalid('meeting_time_past', 'meeting_time_past', { field: 'starts_at' });
    if (startsAt.getTime() > now.getTime() + MEETING_MAX_AHEAD_DAYS * 24 * 3600_000)
      throw invalid('meeting_time_too_far', 'meeting_time_too_far', { field: 'starts_at', days: MEETING_MAX_AHEAD_DAYS });
  }
  await spend([LIMITS.meetingInvites(access.room)], now, 'meeting_too_many_invites', 'meeting_too_many_invites');
  const sms = smsNumber(access.candidate) !== null;
  const meeting = await transaction(async (tx) => {
    const row = await Meeting.create(
      {
        recruiter_id: access.recruiter.id,
        candidate_id: access.candidate.id,
        invited_by: access.caller.id,
        starts_at: startsAt,
        duration_min: input.duration_min,
        time_zone: input.time_zone,
        uid: `${crypto.randomUUID()}@meeting`,
        created_at: now,
      },
      { transaction: tx },
    );
    const queue = (kind: MeetingMessageKind, to: MeetingRecipient, channel: 'email' | 'sms', runAt?: Date) =>
      enqueue(MEETING_MESSAGE_JOB, { meeting_id: row.id, kind, to, channel, starts_at: startsAt?.toISOString() ?? null } satisfies MessagePayload, {
        transaction: tx,
        runAt,
        uniqueKey: `${MEETING_MESSAGE_JOB}:${row.id}:${kind}:${to}:${channel}`,
      });
    const kind = startsAt ? 'invite' : 'now';
    await queue(kind, 'candidate', 'email');
    if (sms) await queue(kind, 'candidate', 'sms');
    if (startsAt) {
      for (const to of sideRecipients(access.recruiter.id, access.caller.id)) await queue('invite', to, 'email');
      // The reminder, unless the call is so close that the invitation is the reminder.
      const remindAt = new Date(startsAt.getTime() - MEETING_REMINDER_BEFORE_MS);
      if (remindAt.getTime() > now.getTime() + 60_000) {
        await queue('reminder', 'candidate', 'email', remindAt);
        if (sms) await queue('reminder', 'candidate', 'sms', remindAt);
        for (const to of sideRecipients(access.recruiter.id, access.caller.id)) await queue('reminder', to, 'email', remindAt);
      }
    }
    return row;
  });
  return view(meeting, sms);
}

/** The recruiter's side's recipients: the one who sent it, and the offer's recruiter when someone else did. */
function sideRecipients(recruiterId: string, inviterId: string | null): MeetingRecipient[] {
  return inviterId && inviterId !== recruiterId ? ['inviter', 'recruiter'] : ['recruiter'];
}

/** The pair's calls still to come (or under way), soonest first, for both sides of the room. */
export async function upcomingMeetings(access: MeetingAccess, now: Date): Promise<MeetingView[]> {
  const rows = await Meeting.findAll({
    where: {
      recruiter_id: access.recruiter.id,
      candidate_id: access.candidate.id,
      cancelled_at: null,
      // Under way: started less than the longest call ago (the end is checked below).
      starts_at: { [Op.gte]: new Date(now.getTime() - 60 * 60_000) },
    },
    order: [['starts_at', 'ASC']],
    limit: 20,
  });
  const sms = smsNumber(access.candidate) !== null;
  return rows.filter((m) => m.starts_at!.getTime() + m.duration_min * 60_000 > now.getTime()).map((m) => view(m, sms));
}

/** Cancels a scheduled call: both sides get the cancellation (same calendar event, next SEQUENCE). */
export async function cancelMeeting(access: MeetingAccess, id: number, now: Date): Promise<MeetingView> {
  recruiterSideOnly(access);
  const meeting = await transaction(async (tx) => {
    const row = await Meeting.findOne({ where: { id, recruiter_id: access.recruiter.id, candidate_id: access.candidate.id }, transaction: tx });
    if (!row || !row.starts_at) throw notFound('meeting_not_found', 'meeting_not_found');
    if (row.starts_at.getTime() + row.duration_min * 60_000 <= now.getTime()) throw conflict('meeting_over', 'meeting_over');
    // One conditional update: two cancels at once send one cancellation.
    const [n] = await Meeting.update({ cancelled_at: now, sequence: row.sequence + 1 }, { where: { id: row.id, cancelled_at: null }, transaction: tx });
    if (n !== 1) throw conflict('meeting_already_cancelled', 'meeting_already_cancelled');
    await row.reload({ transaction: tx });
    const queue = (to: MeetingRecipient) =>
      enqueue(MEETING_MESSAGE_JOB, { meeting_id: row.id, kind: 'cancel', to, channel: 'email', sequence: row.sequence } satisfies MessagePayload, {
        transaction: tx,
        uniqueKey: `${MEETING_MESSAGE_JOB}:${row.id}:cancel:${to}:email`,
      });
    await queue('candidate');
    for (const to of sideRecipients(row.recruiter_id, row.invited_by)) await queue(to);
    return row;
  });
  return view(meeting, smsNumber(access.candidate) !== null);
}

export interface MeetingMessageDeps {
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  clock: () => Date;
}

/** A moment as the messages write it: dd/MM/yyyy and HH:mm in the invitation's zone, the zone named. */
export function meetingWhen(lang: Lang, at: Date, timeZone: string): { when: string; date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const date = formDate(`${parts.year}-${parts.month}-${parts.day}`);
  const time = `${parts.hour}:${parts.minute}`;
  return { date, time, when: t(lang, 'meeting_when', { date, time, zone: timeZone }) };
}

/** A person's name as a message carries it, or the role's word when the typed name does not read as one. */
const nameOf = (lang: Lang, user: Pick<User, 'name'>, role: 'recruiter' | 'candidate') =>
  nameForMessage(user.name) ?? t(lang, role === 'recruiter' ? 'meeting_someone_recruiter' : 'meeting_someone_candidate');

/**
 * The job: sends one message of an invitation, unless the invitation changed since it was queued
 * (cancelled, or a reminder of a start that moved). Throws when the provider refuses (retried).
 */
export async function sendMeetingMessage(deps: MeetingMessageDeps, payload: Record<string, unknown>): Promise<'sent' | 'skipped'> {
  const p = payload as unknown as MessagePayload;
  const meeting = await Meeting.findByPk(p.meeting_id);
  if (!meeting) return 'skipped';
  if (p.kind === 'cancel' ? meeting.cancelled_at === null : meeting.cancelled_at !== null) return 'skipped';
  if (p.kind === 'reminder' && (meeting.starts_at?.toISOString() ?? null) !== (p.starts_at ?? null)) return 'skipped';
  const ids = [meeting.recruiter_id, meeting.candidate_id, meeting.invited_by].filter((v): v is string => !!v);
  const users = await User.findAll({ where: { id: ids } });
  const recruiter = users.find((u) => u.id === meeting.recruiter_id);
  const candidate = users.find((u) => u.id === meeting.candidate_id);
  if (!recruiter || !candidate) return 'skipped';
  const inviter = users.find((u) => u.id === meeting.invited_by) ?? recruiter;
  const person = p.to === 'candidate' ? candidate : p.to === 'recruiter' ? recruiter : inviter;
  const lang = normalizeLang(person.lang);
  const side = p.to === 'candidate' ? 'candidate' : 'recruiter';
  // The other side as this recipient sees it: the candidate sees the one who invited them.
  const other = side === 'candidate' ? nameOf(lang, inviter, 'recruiter') : nameOf(lang, candidate, 'candidate');
  const link = `${deps.publicUrl}${meetingRoomPath(meeting.recruiter_id, meeting.candidate_id, person.id)}?lang=${lang}`;
  const hello = nameForMessage(person.name) ? t(lang, 'meeting_hello_name', { name: nameForMessage(person.name)! }) : t(lang, 'meeting_hello');
  const at = meeting.starts_at ? meetingWhen(lang, meeting.starts_at, meeting.time_zone) : null;
  const vars = { hello, other, link, duration: meeting.duration_min, before: MEETING_REMINDER_BEFORE_MS / 60_000, when: at?.when ?? '', time: at?.time ?? '' };
  const prefix =
    p.kind === 'now' ? 'meeting_now' : p.kind === 'invite' ? (side === 'candidate' ? 'meeting_invite' : 'meeting_invite_copy') : p.kind === 'reminder' ? 'meeting_reminder' : 'meeting_cancel';

  if (p.channel === 'sms') {
    const to = smsNumber(person);
    if (!to) return 'skipped';
    await deps.sms.send({ to, body: t(lang, `${prefix}_sms`, vars) });
    return 'sent';
  }
  const attachments =
    meeting.starts_at && (p.kind === 'invite' || p.kind === 'cancel')
      ? [
          {
            filename: 'invitation.ics',
            contentType: `text/calendar; charset=utf-8; method=${p.kind === 'cancel' ? 'CANCEL' : 'REQUEST'}`,
            content: buildIcs({
              uid: meeting.uid,
              method: p.kind === 'cancel' ? 'CANCEL' : 'REQUEST',
              sequence: meeting.sequence,
              stamp: deps.clock(),
              start: meeting.starts_at,
              durationMin: meeting.duration_min,
              summary: t(lang, 'meeting_ics_summary', vars),
              description: t(lang, 'meeting_ics_description', vars),
              url: link,
              organizer: { name: nameForMessage(inviter.name) ?? inviter.email, email: inviter.email },
              attendee: { name: nameForMessage(candidate.name) ?? candidate.email, email: candidate.email },
              alarmMin: MEETING_REMINDER_BEFORE_MS / 60_000,
              alarmText: t(lang, 'meeting_ics_summary', vars),
            }),
          },
        ]
      : undefined;
  await deps.mailer.send({ to: person.email, subject: t(lang, `${prefix}_subject`, vars), text: t(lang, `${prefix}_text`, vars), attachments });
  if (p.kind === 'reminder' && p.to === 'candidate') await Meeting.update({ reminded_at: deps.clock() }, { where: { id: meeting.id, reminded_at: null } });
  return 'sent';
}
