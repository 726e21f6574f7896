// The recruiter dashboard's data: GET /apis/application (recruiters, Items; back-office.md
// section 7), read once per visit and worked on in the browser with the shared rules
// (models/rules/recruiter-states.ts, models/rules/dates.ts).
import { dashboardColumn, dashboardTiles, stateRank, type DashboardColumn, type DashboardTiles } from '../../../models/rules/recruiter-states.js';
import { inDashboardRange, type DashboardRange } from '../../../models/rules/dates.js';

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
  questions: Array<{ id: string; question: string; state: string | null }>;
  cv_url: string | null;
  has_cv?: boolean;
  offer: { title: string; job_code: string; city?: string | null; shopname?: string | null; tags?: string[] | null } | null;
}

export interface DashboardRecruiter {
  sub: string;
  name: string | null;
  email?: string | null;
  picture?: string | null;
}

export interface DashboardResponse {
  recruiters: DashboardRecruiter[];
  Items: DashboardItem[];
}

/** An Item with what the screen works on computed once. */
export interface Row {
  item: DashboardItem;
  column: DashboardColumn;
  /** The date the filter and the order use: sent, else started. */
  date: string | null;
  hasStory: boolean;
  /** Lower-cased, accent-free words the tag search matches. */
  haystack: string[];
}

/** Lower case without accents: "Boulangerie" and "boulangérie" match. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

export const hasCv = (item: DashboardItem): boolean => item.has_cv ?? Boolean(item.cv_url);

export function toRows(items: readonly DashboardItem[]): Row[] {
  const rows: Row[] = [];
  for (const item of items) {
    const column = dashboardColumn({ state: item.state, recruiter_state: item.recruiter_state, has_cv: hasCv(item) });
    if (!column) continue;
    const words = [...(item.offer?.tags ?? []), item.job_code, item.offer?.title ?? '', item.offer?.city ?? '', item.offer?.shopname ?? '', item.candidate?.name ?? '', item.candidate?.email ?? ''];
    rows.push({
      item,
      column,
      date: item.submit_date ?? item.start_date ?? null,
      hasStory: item.state === 'complete' && item.questions.some((q) => q.state === 'done'),
      haystack: words.filter(Boolean).map(fold),
    });
  }
  // The spec's display order, newest first within a state.
  rows.sort((a, b) => stateRank(a.item.recruiter_state) - stateRank(b.item.recruiter_state) || (b.date ?? '').localeCompare(a.date ?? ''));
  return rows;
}

/** The rows in a date range. */
export function inRange(rows: readonly Row[], range: DashboardRange, now = new Date()): Row[] {
  return range === 'all' ? [...rows] : rows.filter((r) => inDashboardRange(r.date, range, now));
}

/** Rows matching every tag (a tag matches a word that starts with it, or a phrase containing it). */
export function matchTags(rows: readonly Row[], tags: readonly string[]): Row[] {
  const wanted = tags.map(fold).filter(Boolean);
  if (!wanted.length) return [...rows];
  return rows.filter((r) => wanted.every((t) => r.haystack.some((w) => w.startsWith(t) || w.includes(` ${t}`) || w === t)));
}

/** The tags offered in the search: every offer tag of the rows, most used first. */
export function tagChoices(rows: readonly Row[]): string[] {
  const counts = new Map<string, number>();
  for (const r of rows) for (const t of r.item.offer?.tags ?? []) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
}

export function tiles(rows: readonly Row[]): DashboardTiles {
  return dashboardTiles(rows.map((r) => ({ state: r.item.state, recruiter_state: r.item.recruiter_state, has_cv: hasCv(r.item) })));
}

/** Offers with their application counts, most applications first. */
export function offerCounts(rows: readonly Row[]): Array<{ job_code: string; title: string; count: number }> {
  const by = new Map<string, { job_code: string; title: string; count: number }>();
  for (const r of rows) {
    const e = by.get(r.item.job_code) ?? { job_code: r.item.job_code, title: r.item.offer?.title ?? r.item.job_code, count: 0 };
    e.count += 1;
    by.set(r.item.job_code, e);
  }
  return [...by.values()].sort((a, b) => b.count - a.count || a.title.localeCompare(b.title));
}

/** Every recruiter of the response with the shortlist count of their offers' applications. */
export function recruiterShortlists(rows: readonly Row[], recruiters: readonly DashboardRecruiter[]): Array<{ sub: string; name: string; count: number }> {
  const counts = new Map<string, number>();
  for (const r of rows) if (r.column === 'shortlist') counts.set(r.item.recruiter_id, (counts.get(r.item.recruiter_id) ?? 0) + 1);
  return recruiters.map((rec) => ({ sub: rec.sub, name: rec.name || rec.email || rec.sub, count: counts.get(rec.sub) ?? 0 })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

export type LoadResult = { kind: 'ok'; data: DashboardResponse } | { kind: 'anonymous' } | { kind: 'error' };

export async function loadDashboard(): Promise<LoadResult> {
  const res = await fetch('/apis/application', { credentials: 'include', headers: { Accept: 'application/json' } });
  if (res.status === 401) return { kind: 'anonymous' };
  if (!res.ok) return { kind: 'error' };
  const body = (await res.json()) as Partial<DashboardResponse>;
  return { kind: 'ok', data: { recruiters: body.recruiters ?? [], Items: body.Items ?? [] } };
}
