// The calendar invitation of a scheduled call: an iCalendar object (RFC 5545) with one event,
// attached to the invitation and cancellation mails (docs/decisions/290-meeting-invitations.md).
// Times are UTC (DTSTART:...Z): every calendar shows them in its own zone.

export interface IcsEvent {
  uid: string;
  /** REQUEST: an invitation or its update; CANCEL: the call is off (same UID, higher SEQUENCE). */
  method: 'REQUEST' | 'CANCEL';
  sequence: number;
  stamp: Date;
  start: Date;
  durationMin: number;
  summary: string;
  description: string;
  /** The recipient's own room address. */
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** Minutes before the start a calendar alarm goes off (none when absent). */
  alarmMin?: number;
  alarmText?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC date-time (RFC 5545 section 3.3.5, form #2): 20261201T093000Z. */
export function icsDateTime(d: Date): string {
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

/** TEXT values (section 3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function icsText(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (section 3.2): quoted, without the characters a quoted value cannot hold. */
const param = (s: string) => `"${[...s].filter((c) => c !== '"' && c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('')}"`;

/**
 * Folds a content line at 75 octets (section 3.1): the continuation starts with one space. Cuts
 * between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // The first line holds 75 octets; each continuation 74 after its leading space.
    const room = parts.length === 0 ? 75 : 74;
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The whole iCalendar object, CRLF line ends. */
export function buildIcs(e: IcsEvent): string {
  const end = new Date(e.start.getTime() + e.durationMin * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Video recruitment platform//Meeting room//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icsDateTime(e.stamp)}`,
    `DTSTART:${icsDateTime(e.start)}`,
    `DTEND:${icsDateTime(end)}`,
    `SUMMARY:${icsText(e.summary)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    `LOCATION:${icsText(e.url)}`,
    `URL:${e.url}`,
    `ORGANIZER;CN=${param(e.organizer.name)}:mailto:${e.organizer.email}`,
    `ATTENDEE;CN=${param(e.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${e.attendee.email}`,
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
  ];
  if (e.method === 'REQUEST' && e.alarmMin) {
    lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `TRIGGER:-PT${e.alarmMin}M`, `DESCRIPTION:${icsText(e.alarmText ?? e.summary)}`, 'END:VALARM');
  }
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
