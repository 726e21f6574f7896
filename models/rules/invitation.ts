// Interview invitations (issue 27; docs/decisions/430-interview-invitations.md): the one home of
// their states, limits and reminder times, pure so that the server, the consoles and the tests agree.

/** What the inviter sees, in the order an invitation usually walks them. */
export const INVITATION_STATES = ['sent', 'opened', 'started', 'completed', 'expired', 'bounced', 'opted_out', 'cancelled'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** Languages a candidate is written to in. */
export const INVITATION_LANGS = ['fr', 'nl', 'en'] as const;

/** The inviter's personal message: at most this many characters, shown as text. */
export const INVITATION_MESSAGE_MAX = 500;
/** Rows in one sending (a pasted list or a CSV file). */
export const INVITATION_BATCH_MAX = 1000;
/** A deadline is at least an hour and at most 90 days away. */
export const INVITATION_DEADLINE_MIN_MS = 3600_000;
export const INVITATION_DEADLINE_MAX_DAYS = 90;
/** Reminders before the deadline, in hours, when the company set none. */
export const DEFAULT_REMINDER_HOURS: readonly number[] = [48, 24];
/** A company sets at most this many reminders, each 1 to 336 hours (14 days) before the deadline. */
export const REMINDERS_MAX = 3;
export const REMINDER_HOURS_MAX = 336;

export interface InvitationFacts {
  cancelled_at: Date | string | null;
  opted_out_at: Date | string | null;
  bounced_at: Date | string | null;
  opened_at: Date | string | null;
  deadline: Date | string;
  /** The candidate's application to the offer, when they began one. */
  application_state: 'applying' | 'complete' | null;
}

/**
 * The state the inviter sees: a completed interview stays completed; then what stops every message
 * (cancelled, opted out, bounced); then the deadline; then how far the candidate went.
 */
export function invitationState(f: InvitationFacts, now: Date): InvitationState {
  if (f.application_state === 'complete') return 'completed';
  if (f.cancelled_at) return 'cancelled';
  if (f.opted_out_at) return 'opted_out';
  if (f.bounced_at) return 'bounced';
  if (new Date(f.deadline).getTime() <= now.getTime()) return 'expired';
  if (f.application_state === 'applying') return 'started';
  if (f.opened_at) return 'opened';
  return 'sent';
}

/** Whether an invitation may still be sent messages (a resend or a reminder). */
export const stillOpen = (state: InvitationState): boolean => state === 'sent' || state === 'opened' || state === 'started';

/** Reminder hours as a company writes them ("48,24"): numbers, distinct, largest first; null when not valid. */
export function parseReminderHours(text: string): number[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const parts = trimmed.split(/[\s,;]+/);
  const hours = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  if (hours.some((h) => !Number.isInteger(h) || h < 1 || h > REMINDER_HOURS_MAX)) return null;
  const distinct = [...new Set(hours)].sort((a, b) => b - a);
  return distinct.length > REMINDERS_MAX ? null : distinct;
}

/** The UTC day a moment counts against the daily limit. */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);
