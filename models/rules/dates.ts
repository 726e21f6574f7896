// Dates, one module for every layer (browser-safe: the portal and the console import it).
// Stored and exchanged as ISO days (YYYY-MM-DD) and timestamps; shown dd/MM/yyyy in forms and
// yyyy/mm/dd in lists (back-office.md section 9, public-web.md).

const pad = (n: number) => String(n).padStart(2, '0');

/** MariaDB's DATETIME range: a date outside it is refused as input rather than failing in SQL. */
const MIN_YEAR = 1000;
const MAX_YEAR = 9999;

/** A moment's calendar day in UTC, as YYYY-MM-DD. */
export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * A real calendar date given as YYYY-MM-DD, or as a full ISO timestamp whose date part is kept;
 * YYYY-MM-DD, or null for anything else (2031-02-30, 31/12/2031, years before 1900).
 */
export function parseIsoDay(v: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(v.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** An ISO day (or timestamp) as a form shows it: dd/MM/yyyy. */
export function formDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/**
 * The calendar day a value names for the viewer, as an ISO day: a YYYY-MM-DD as it is, a moment
 * (an ISO timestamp, a Date) by the viewer's clock (a filter from "today at local midnight" is
 * today, not yesterday in UTC). null when it is not a date.
 */
export function viewerDay(value: unknown): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return parseIsoDay(value);
  const d = value instanceof Date ? value : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A date typed in a form as dd/MM/yyyy, as an ISO day; null when it is not a real date. */
export function parseFormDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  return parseIsoDay(`${m[3]}-${pad(Number(m[2]))}-${pad(Number(m[1]))}`);
}

/**
 * A date as lists show it, in the viewer's time zone: yyyy/mm/dd, with HH:mm (24 h) unless withTime
 * is false; '—' when empty or unreadable. Numbers are epoch seconds (the spec's `created`). A
 * calendar day (YYYY-MM-DD: a start date, a filter's bound) is that day wherever the viewer is,
 * without a time. The same in every language of the consoles (back-office.md section 9; decision 320).
 */
export function listDate(value: unknown, withTime = true): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = parseIsoDay(value);
    return day ? day.replace(/-/g, '/') : '—';
  }
  const d = value instanceof Date ? value : typeof value === 'number' ? new Date(value * 1000) : new Date(String(value));
  if (Number.isNaN(d.getTime())) return '—';
  const day = `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}`;
  return withTime ? `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}` : day;
}

/** A date read back from a raw row: a Date (MariaDB) or Sequelize's SQLite text ("2026-03-02 10:00:00.000 +00:00"). */
export function readDate(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  const s = String(v);
  const d = new Date(s.includes(' ') ? s.replace(' ', 'T').replace(' +00:00', 'Z') : s);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A date-range bound from a filter: YYYY-MM-DD is that day's first (or, with endOfDay, last)
 * millisecond in UTC; otherwise an ISO timestamp. null when it is not a date the database can
 * hold (the caller answers 400).
 */
export function parseDateBound(value: unknown, endOfDay: boolean): Date | null {
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const s = value instanceof Date ? value.toISOString() : value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s) && !parseIsoDay(s)) return null;
  if (!/^\d{4}-\d{2}-\d{2}(?:$|T)/.test(s)) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : s);
  if (Number.isNaN(d.getTime())) return null;
  const year = d.getUTCFullYear();
  return year < MIN_YEAR || year > MAX_YEAR ? null : d;
}

/** The ISO day n months before `from`'s UTC day (a list's "3 months ago" default), counted in UTC as isoDay is, whatever the viewer's time zone. */
export function monthsAgo(n: number, from: Date = new Date()): string {
  const d = new Date(from.getTime());
  d.setUTCMonth(d.getUTCMonth() - n);
  return isoDay(d);
}

/** The recruiter dashboard's date filter (back-office.md section 9): all (from 2018), today, 7 days, 1, 3, 6 months. */
export const DASHBOARD_RANGES = ['all', 'today', '7d', '1m', '3m', '6m'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/** "All time" starts here: the product's first applications date from 2018. */
export const DASHBOARD_EPOCH = new Date('2018-01-01T00:00:00.000Z');

/**
 * The first moment a dashboard range covers: today is since local midnight (the viewer's day),
 * 7d since the same moment seven days ago, 1m/3m/6m since the same day and time that many
 * calendar months ago (clamped to the month's end), all since 2018-01-01.
 */
export function dashboardSince(range: DashboardRange, now: Date = new Date()): Date {
  if (range === 'all') return DASHBOARD_EPOCH;
  const d = new Date(now.getTime());
  if (range === 'today') {
    d.setHours(0, 0, 0, 0);
    return d;
  }
  if (range === '7d') return new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  const months = range === '1m' ? 1 : range === '3m' ? 3 : 6;
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() - months);
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(day, last));
  return d;
}

/** Whether a date (Date, ISO text or epoch seconds) falls in a dashboard range; no date means out. */
export function inDashboardRange(value: unknown, range: DashboardRange, now: Date = new Date()): boolean {
  if (range === 'all') return true;
  const d = value instanceof Date ? value : typeof value === 'number' ? new Date(value * 1000) : typeof value === 'string' && value ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return false;
  return d.getTime() >= dashboardSince(range, now).getTime();
}

/**
 * Time elapsed since a moment, in its largest whole unit: days, hours, minutes or seconds (a
 * recruiter's last connection in the manager's offers table, back-office.md section 2). null when
 * the moment is missing or unreadable (the table then says 'unknown date'); a moment in the
 * future counts as 0 seconds.
 */
export function elapsedSince(value: unknown, now: Date = new Date()): { value: number; unit: 'd' | 'h' | 'm' | 's' } | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : typeof value === 'number' ? new Date(value * 1000) : readDate(value);
  if (!d || Number.isNaN(d.getTime())) return null;
  const seconds = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 1000));
  if (seconds >= 86_400) return { value: Math.floor(seconds / 86_400), unit: 'd' };
  if (seconds >= 3_600) return { value: Math.floor(seconds / 3_600), unit: 'h' };
  if (seconds >= 60) return { value: Math.floor(seconds / 60), unit: 'm' };
  return { value: seconds, unit: 's' };
}
