// The meeting room (public-web.md: /meeting-web-app/{recruiter}/{candidate}/{current} and
// GET /apis/meeting-flight/...; docs/decisions/160-meeting-room.md): who may join, the join
// answer in the spec's shape, and the embedded call's signalling mailbox.
import { Op } from 'sequelize';
import { MeetingSignal, User, type UserRow } from '../../../models/index.js';
import { pictureUrl } from '../../../models/rules/storage-url.js';
import { meetingSideOf, type MeetingSide } from '../../auth/access.js';
import { AppError, forbidden, invalid, tooMany } from '../../lib/errors.js';
import type { IceServer } from '../../../config/settings.js';
import type { MeetingProvider, MeetingProviderName } from '../../integrations/meeting.js';
import { SIGNAL_DATA_MAX, type MeetingParams, type SignalInput, type SignalQuery, type SignalType } from './meeting.schema.js';

export type { MeetingSide };

export interface MeetingAccess {
  side: MeetingSide;
  room: string;
  caller: UserRow;
  recruiter: User;
  candidate: User;
}

/** The room of a pair: one per recruiter and candidate, whoever of the recruiter's side joins. */
export const roomOf = (recruiterId: string, candidateId: string) => `meet-${recruiterId}-${candidateId}`;

const refused = () => forbidden('meeting_not_allowed', 'meeting_not_allowed');

/**
 * Who gets in (decided by api/auth/access.ts meetingSideOf): the candidate named in the path, and
 * the recruiter named (or their manager, or staff) on the recruiter's side, signed in, each as the
 * path's current user; and only when the candidate applied to one of that recruiter's offers.
 * Every other case is the same refusal, so the answer does not tell which rule failed.
 */
export async function meetingAccess(caller: UserRow | undefined, params: MeetingParams): Promise<MeetingAccess> {
  if (!caller) throw new AppError(401, 'unauthorized', 'meeting_not_signed_in');
  if (params.current !== undefined && params.current !== caller.id) throw refused();
  if (params.recruiter === params.candidate) throw refused();
  const users = await User.findAll({ where: { id: [params.recruiter, params.candidate] } });
  const recruiter = users.find((u) => u.id === params.recruiter);
  const candidate = users.find((u) => u.id === params.candidate);
  if (!recruiter || !candidate) throw refused();
  const side = await meetingSideOf(caller, recruiter, candidate);
  if (!side) throw refused();
  return { side, room: roomOf(recruiter.id, candidate.id), caller, recruiter, candidate };
}

/** How long signalling messages are kept: a call is set up in seconds; a page reloaded rejoins. */
const SIGNAL_KEEP_MS = 3600_000;
/** Messages a room may receive per minute (both sides): a call needs a few dozen. */
const SIGNALS_PER_MINUTE = 600;

/**
 * The join answer (GET /apis/meeting-flight). The spec's shape comes from a hosted meeting SDK;
 * the mapping is written in docs/decisions/160-meeting-room.md.
 */
export interface MeetingJoin {
  error: false;
  Meeting: {
    MeetingId: string;
    Provider: MeetingProviderName;
    MediaPlacement: { SignalingURL: string | null };
    IceServers: IceServer[];
    /** Embedded: the last signalling message before this join; the page reads the ones after it. */
    SignalCursor: number | null;
  };
  Attendee: {
    AttendeeId: string;
    ExternalUserId: string;
    Side: MeetingSide;
    JoinToken: string | null;
    ExpiresAt: string | null;
  };
  otherProfile: { name: string; picture: string | null };
}

export async function joinMeeting(access: MeetingAccess, provider: MeetingProvider, now: Date): Promise<MeetingJoin> {
  const other = access.side === 'candidate' ? access.recruiter : access.candidate;
  const joined = provider.join({ room: access.room, identity: access.caller.id, now });
  let cursor: number | null = null;
  if (joined.provider === 'embedded') {
    await MeetingSignal.destroy({ where: { created_at: { [Op.lt]: new Date(now.getTime() - SIGNAL_KEEP_MS) } } });
    cursor = ((await MeetingSignal.max('id', { where: { room: access.room } })) as number | null) ?? 0;
  }
  const { recruiter, candidate } = access;
  return {
    error: false,
    Meeting: {
      MeetingId: access.room,
      Provider: joined.provider,
      MediaPlacement: { SignalingURL: joined.provider === 'embedded' ? `/apis/meeting-signal/${recruiter.id}/${candidate.id}` : null },
      IceServers: joined.iceServers,
      SignalCursor: cursor,
    },
    Attendee: {
      AttendeeId: access.caller.id,
      ExternalUserId: access.caller.id,
      Side: access.side,
      JoinToken: joined.token,
      ExpiresAt: joined.expiresAt?.toISOString() ?? null,
    },
    // The 100x100 copy (decision 310): the room shows it at 40 px.
    otherProfile: { name: other.name, picture: other.picture ? pictureUrl(other.picture, 100) || null : null },
  };
}

export interface Signal {
  id: number;
  type: SignalType;
  from: string;
  data: unknown;
}

/** Posts one message of the embedded call to the other side of the room. */
export async function sendSignal(access: MeetingAccess, input: SignalInput, now: Date): Promise<{ id: number }> {
  const body = input.data === undefined ? null : JSON.stringify(input.data);
  if (body !== null && body.length > SIGNAL_DATA_MAX) throw invalid('signal_too_large', 'payload_too_large');
  const recent = await MeetingSignal.count({ where: { room: access.room, created_at: { [Op.gte]: new Date(now.getTime() - 60_000) } } });
  if (recent >= SIGNALS_PER_MINUTE) throw tooMany('too_many_requests', 'meeting_too_many_signals');
  const row = await MeetingSignal.create({
    room: access.room,
    to_side: access.side === 'recruiter' ? 'candidate' : 'recruiter',
    from_peer: input.peer,
    type: input.type,
    body,
    created_at: now,
  });
  return { id: row.id };
}

/** Interval between two reads of the mailbox while a GET waits (the signalling delay at worst). */
export const SIGNAL_POLL_MS = 150;

/**
 * The messages for the caller's side after `after`, waiting up to `wait` ms for one to arrive (long
 * polling: any node reads the same table, so the two pages may be served by different nodes).
 * `gone()` tells that the client left; the wait then ends.
 */
export async function receiveSignals(access: MeetingAccess, query: SignalQuery, gone: () => boolean): Promise<{ messages: Signal[]; cursor: number }> {
  const until = Date.now() + query.wait;
  for (;;) {
    const rows = await MeetingSignal.findAll({
      where: { room: access.room, to_side: access.side, id: { [Op.gt]: query.after } },
      order: [['id', 'ASC']],
      limit: 100,
    });
    if (rows.length || Date.now() >= until || gone()) {
      const messages = rows.map((r) => ({ id: r.id, type: r.type as SignalType, from: r.from_peer, data: r.body === null ? null : (JSON.parse(r.body) as unknown) }));
      return { messages, cursor: rows.length ? rows[rows.length - 1].id : query.after };
    }
    await new Promise((r) => setTimeout(r, Math.min(SIGNAL_POLL_MS, Math.max(0, until - Date.now()))));
  }
}
