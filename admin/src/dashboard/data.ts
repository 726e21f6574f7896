// The recruiter dashboard's data: GET /apis/application (recruiters, Items; back-office.md
// section 7), asked per date range, per column and per tag, a page at a time. The server counts
// the tiles and columns with the shared groupings (models/rules/recruiter-states.ts); the range
// starts where the shared date module says (models/rules/dates.ts).
import { dashboardSince, type DashboardRange } from '../../../models/rules/dates.js';
import type { DashboardColumn, DashboardTiles } from '../../../models/rules/recruiter-states.js';
import { JOB_CAT } from '../../../config/reference/lists.js';

/** One Item of GET /apis/application: the spec's "Dashboard application record". */
export interface DashboardItem {
  id: number;
  candidate: { sub: string; name: string | null; email: string | null; phone: string | null; picture: string | null };
  job_code: string;
  recruiter_id: string;
  state: string;
  recruiter_state: string;
  submit_date: string | null;
  start_date: string | null;
  questions: Array<{ id: string; question: string; state?: string | null }>;
  cv_url: string | null;
  offer: { title: string; job_code: string; city?: string | null; shopname?: string | null; tags?: string[] | null } | null;
}

export interface DashboardRecruiter {
  sub: string;
  name: string | null;
  email?: string | null;
  picture?: string | null;
  shortlist?: number;
}

export interface DashboardAnswer {
  recruiters: DashboardRecruiter[];
  Items: DashboardItem[];
  Tiles: DashboardTiles;
  Columns: Record<DashboardColumn, number>;
  Offers?: Array<{ job_code: string; title: string; count: number }>;
  next: string | null;
}

export class Unauthorized extends Error {}
/** Signed in, but not a company user (a candidate): the spec's "no access" message. */
export class Forbidden extends Error {}

export interface DashboardQuery {
  range: DashboardRange;
  column?: DashboardColumn;
  tags?: readonly string[];
  limit: number;
  after?: string | null;
}

export function dashboardUrl(q: DashboardQuery, now = new Date()): string {
  const p = new URLSearchParams({ state: 'all', from: dashboardSince(q.range, now).toISOString(), limit: String(q.limit) });
  if (q.column) p.set('column', q.column);
  if (q.tags?.length) p.set('tags', q.tags.join(','));
  if (q.after) p.set('after', q.after);
  return `/apis/application?${p.toString()}`;
}

export async function fetchDashboard(q: DashboardQuery, signal?: AbortSignal): Promise<DashboardAnswer> {
  const res = await fetch(dashboardUrl(q), { credentials: 'include', headers: { Accept: 'application/json' }, signal });
  if (res.status === 401) throw new Unauthorized();
  if (res.status === 403) throw new Forbidden();
  if (!res.ok) throw new Error(String(res.status));
  return (await res.json()) as DashboardAnswer;
}

/** The application a link names (/dashboard?application={id}), when the caller reaches it; else null. */
export async function fetchApplication(id: string, signal?: AbortSignal): Promise<DashboardItem | null> {
  if (!/^\d{1,15}$/.test(id)) return null;
  const res = await fetch(`/apis/application?${new URLSearchParams({ state: 'all', application: id, limit: '1' }).toString()}`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (res.status === 401) throw new Unauthorized();
  if (res.status === 403) throw new Forbidden();
  if (!res.ok) return null;
  return ((await res.json()) as DashboardAnswer).Items[0] ?? null;
}

/** The application id a link asks to open, from the page's address. */
export function linkedApplication(search = window.location.search): string | null {
  return new URLSearchParams(search).get('application');
}

/** Forgets the linked application once its panel is closed (a reload then opens the board as usual). */
export function forgetLinkedApplication(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('application')) return;
  url.searchParams.delete('application');
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Lower case without accents: "Boulangerie" and "boulangérie" match. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The job category tags, named in the page's language. */
export function tagOptions(locale: string): Array<{ value: string; name: string }> {
  const lang = locale === 'nl' || locale === 'en' ? locale : 'fr';
  return JOB_CAT.map((c) => ({ value: c.value, name: c[lang] }));
}

/**
 * What a typed tag searches: a job category typed by its name (in any language) or its value is
 * that category; anything else is sent as typed (a job code, another tag).
 */
export function tagValue(typed: string): string {
  const f = fold(typed);
  const hit = JOB_CAT.find((c) => c.value === f || fold(c.fr) === f || fold(c.nl) === f || fold(c.en) === f);
  return hit ? hit.value : typed.trim();
}

export const hasStory = (item: DashboardItem): boolean => item.state === 'complete' && item.questions.some((q) => q.state === 'done');
