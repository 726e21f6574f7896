// The meeting room's inputs (docs/decisions/160-meeting-room.md): the ids of the path and the
// signalling messages of the embedded call. Shared with the browser (portal/app/lib/meeting).
import * as z from 'zod/mini';
import { DEFAULT_MEETING_DURATION, DEFAULT_MEETING_TIME_ZONE, MEETING_DURATIONS, isTimeZone } from '../../../models/rules/meeting.js';
import { isRecordId } from '../../../models/rules/ids.js';

/** User ids are uuids; anything longer or with other characters never names a user. */
const userId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'validation_error'));

export const meetingParamsSchema = z.object({ recruiter: userId, candidate: userId, current: z.optional(userId) });
export type MeetingParams = z.output<typeof meetingParamsSchema>;

/** The messages the two pages exchange, in the order of the protocol (portal/app/lib/meeting/embedded.ts). */
export const SIGNAL_TYPES = ['hello', 'here', 'offer', 'answer', 'ice', 'state', 'leave'] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];

/** Largest message body: an SDP offer with a few codecs is 3 to 8 KB. */
export const SIGNAL_DATA_MAX = 32_000;
/** Longest wait of one GET (long polling): under the balancer's and browsers' usual 30 s idle limits. */
export const SIGNAL_WAIT_MAX_MS = 20_000;

const peerId = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,40}$/, 'validation_error'));

export const signalSchema = z.object({
  peer: peerId,
  type: z.enum(SIGNAL_TYPES, 'validation_error'),
  // Whatever the protocol step carries (an SDP, a candidate, the mute flags); kept as JSON text.
  data: z.optional(z.unknown()),
});
export type SignalInput = z.output<typeof signalSchema>;

/** A whole number from a query string ("12"), within bounds. */
const count = (max: number) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && isRecordId(v) ? Number(v) : v)),
    z.number('validation_error').check(z.int('validation_error'), z.minimum(0, 'validation_error'), z.maximum(max, 'validation_error')),
  );

export const signalQuerySchema = z.object({
  // The last message id the page has seen (the join answer gives the first).
  after: z._default(count(Number.MAX_SAFE_INTEGER), 0),
  // How long to wait for a message before answering an empty list, in ms.
  wait: z._default(count(SIGNAL_WAIT_MAX_MS), 0),
});
export type SignalQuery = z.output<typeof signalQuerySchema>;

/** A moment with its offset ("2026-12-01T09:30:00.000Z", "2026-12-01T10:30+01:00"). */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * POST /apis/meeting-invite/{recruiter}/{candidate} (docs/decisions/290-meeting-invitations.md):
 * without starts_at the candidate is sent the room's link now; with it the call is scheduled.
 */
export const meetingInviteSchema = z.object({
  starts_at: z.optional(
    z.pipe(
      z.string('meeting_time_invalid').check(z.regex(ISO_MOMENT, 'meeting_time_invalid')),
      z.transform((v, ctx) => {
        const d = new Date(v);
        if (Number.isNaN(d.getTime())) {
          ctx.issues.push({ code: 'custom', message: 'meeting_time_invalid', input: v });
          return z.NEVER;
        }
        return d;
      }),
    ),
  ),
  duration_min: z._default(
    z.pipe(
      z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : v)),
      z.number('meeting_duration_invalid').check(z.refine((n) => (MEETING_DURATIONS as readonly number[]).includes(n), 'meeting_duration_invalid')),
    ),
    DEFAULT_MEETING_DURATION,
  ),
  time_zone: z._default(z.string('meeting_time_zone_invalid').check(z.refine(isTimeZone, 'meeting_time_zone_invalid')), DEFAULT_MEETING_TIME_ZONE),
});
export type MeetingInvite = z.output<typeof meetingInviteSchema>;

export const meetingInviteIdSchema = z.object({
  recruiter: userId,
  candidate: userId,
  id: z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && isRecordId(v) ? Number(v) : v)),
    z.number('validation_error').check(z.int('validation_error'), z.minimum(1, 'validation_error')),
  ),
});
