// Meeting invitations (docs/decisions/290-meeting-invitations.md): the numbers and the time-zone
// check shared by the API's schema and the dashboard's form. Browser-safe.

/** Call lengths the recruiter picks from, in minutes (the calendar event's end). */
export const MEETING_DURATIONS = [15, 30, 45, 60] as const;
export const DEFAULT_MEETING_DURATION = 30;

/** The reminder goes this long before a scheduled call. */
export const MEETING_REMINDER_BEFORE_MS = 15 * 60_000;

/** A call is scheduled at most this far ahead. */
export const MEETING_MAX_AHEAD_DAYS = 365;

/** The zone times are written in when the sender's browser names none (the product's home). */
export const DEFAULT_MEETING_TIME_ZONE = 'Europe/Paris';

/** True for an IANA zone name this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The room's page for one side: the path names the recruiter, the candidate and who opens it. */
export function meetingRoomPath(recruiterId: string, candidateId: string, currentId: string): string {
  return `/meeting-web-app/${[recruiterId, candidateId, currentId].map(encodeURIComponent).join('/')}`;
}

/** A room's page path, as the sign-in code mail may lead back to it (ids as the schema allows them). */
export const MEETING_ROOM_PATH = /^\/meeting-web-app\/[A-Za-z0-9_-]{1,40}\/[A-Za-z0-9_-]{1,40}\/[A-Za-z0-9_-]{1,40}$/;
