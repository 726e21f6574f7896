// The recruiter dashboard's list (GET /apis/application; back-office.md section 7, decision 140):
// the applications of the caller's reach, filtered and paged, with the recruiters, the counts per
// state, the tiles and columns, and the offers with their counts.
import type { RecruiterState, UserRow } from '../../../models/index.js';
import { RECRUITER_STATES } from '../../../models/application.model.js';
import { DASHBOARD_COLUMN_RULES, DASHBOARD_COLUMNS, dashboardColumn, dashboardColumnCounts, dashboardTiles, type DashboardColumn } from '../../../models/rules/recruiter-states.js';
import { sqlDate } from '../../../models/columns.js';
import { companyReach, type Reach } from '../../auth/access.js';
import { userAudience, type MediaUrls } from '../../integrations/media-urls.js';
import { dialect, iso, marks, select } from './manager-applications-scope.js';

/** SQL condition and parameters for "the recruiter column is one the reach covers". */
function reachSql(reach: Reach, column: string): [string, unknown[]] {
  if (reach.all) return ['1 = 1', []];
  return [`${column} IN (${marks(reach.recruiterIds.length)})`, reach.recruiterIds];
}
/** The dashboard lists at most this many offers with their counts (the busiest first). */
export const DASHBOARD_OFFERS_MAX = 200;

export interface DashboardQuery {
  /** One application by id (the new-candidate e-mail's link); still only within the caller's reach. */
  application?: number;
  from?: Date;
  to?: Date;
  job_code?: string;
  state?: 'complete' | 'applying' | 'all';
  /** One column of the dashboard's Candidats tab (decision 140). */
  column?: DashboardColumn;
  /** Offer tags (job categories) or job codes; every one must match (decision 140). */
  tags?: string[];
  limit: number;
  /** Keyset cursor: the submit (or start) time and id of the last Item of the previous page. */
  after?: { at: Date; id: number };
}

/** SQL of one dashboard column, from the shared rules (models/rules/recruiter-states.ts). */
function columnSql(column: DashboardColumn): [string, unknown[]] {
  const rule = DASHBOARD_COLUMN_RULES[column];
  if (!rule.complete) return ["(a.state <> 'complete' AND a.cv_key IS NOT NULL)", []];
  return [`(a.state = 'complete' AND a.recruiter_state IN (${marks(rule.states!.length)}))`, [...rule.states!]];
}

/** SQL of "in one of the dashboard's columns". */
function anyColumnSql(): [string, unknown[]] {
  const parts = DASHBOARD_COLUMNS.map(columnSql);
  return [`(${parts.map(([sql]) => sql).join(' OR ')})`, parts.flatMap(([, args]) => args)];
}

/** An offer's tags are stored as JSON text: a tag matches its quoted value; a job code its offer. */
const likeEscape = (v: string) => v.replace(/[!%_]/g, (c) => `!${c}`);
function tagSql(tag: string): [string, unknown[]] {
  return [`(o.tags LIKE ? ESCAPE '!' OR o.job_code = ?)`, [`%${likeEscape(JSON.stringify(tag))}%`, tag.toUpperCase()]];
}

const parseTags = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v !== 'string' || !v) return [];
  try {
    const parsed: unknown = JSON.parse(v);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

/**
 * The recruiter dashboard's applications (GET /apis/application): newest first, at most `limit`,
 * with the recruiters of the caller's reach (each with their shortlist count) and the counts per
 * recruiter_state over the whole filter (the tiles).
 */
export async function dashboardApplications(caller: UserRow | undefined, q: DashboardQuery, media: MediaUrls, now: Date) {
  const reach = await companyReach(caller);
  const d = dialect();
  const [cond, params] = reachSql(reach, 'a.recruiter_id');
  const where = [cond];
  const args: unknown[] = [...params];
  if (q.state !== 'all') {
    where.push('a.state = ?');
    args.push(q.state ?? 'complete');
  }
  // Complete applications are dated by their submission, unfinished ones by their start.
  const at = q.state === 'complete' || q.state === undefined ? 'a.submit_date' : 'COALESCE(a.submit_date, a.start_date, a.created_at)';
  const add = (sql: string, value: unknown) => {
    where.push(sql);
    args.push(value);
  };
  if (q.application) add('a.id = ?', q.application);
  if (q.from) add(`${at} >= ?`, sqlDate(q.from, d));
  if (q.to) add(`${at} <= ?`, sqlDate(q.to, d));
  if (q.job_code) add('o.job_code = ?', q.job_code);
  for (const tag of q.tags ?? []) {
    const [sql, tagArgs] = tagSql(tag);
    where.push(sql);
    args.push(...tagArgs);
  }
  // The counts cover every column; the page only the column asked for.
  const filter = where.join(' AND ');
  const page = [...where];
  const pageArgs = [...args];
  if (q.column) {
    const [sql, colArgs] = columnSql(q.column);
    page.push(sql);
    pageArgs.push(...colArgs);
  }
  if (q.after) {
    page.push(`(${at} < ? OR (${at} = ? AND a.id < ?))`);
    pageArgs.push(sqlDate(q.after.at, d), sqlDate(q.after.at, d), q.after.id);
  }
  const rows = await select(
    `SELECT a.id, a.candidate_id, a.recruiter_id, a.state, a.recruiter_state, a.submit_date, a.start_date, a.cv_key, ${at} AS at,
            u.name, u.email, u.phone, u.picture, o.job_code, o.title, o.city, o.shopname, o.state AS offer_state, o.tags
       FROM applications a JOIN offers o ON o.id = a.offer_id JOIN users u ON u.id = a.candidate_id
      WHERE ${page.join(' AND ')} ORDER BY ${at} DESC, a.id DESC LIMIT ${q.limit}`,
    pageArgs,
  );
  const ids = rows.map((r) => Number(r.id));
  const answers = ids.length
    ? await select(`SELECT application_id, qid, question, state FROM application_answers WHERE application_id IN (${marks(ids.length)}) ORDER BY application_id, position`, ids)
    : [];
  const counts = (
    await select<{ recruiter_id: string; state: string; recruiter_state: string; has_cv: number | string; n: number }>(
      `SELECT a.recruiter_id, a.state, a.recruiter_state, CASE WHEN a.cv_key IS NULL THEN 0 ELSE 1 END AS has_cv, COUNT(*) AS n
         FROM applications a JOIN offers o ON o.id = a.offer_id WHERE ${filter}
        GROUP BY a.recruiter_id, a.state, a.recruiter_state, CASE WHEN a.cv_key IS NULL THEN 0 ELSE 1 END`,
      args,
    )
  ).map((c) => ({ ...c, recruiter_id: String(c.recruiter_id), has_cv: Number(c.has_cv) === 1, n: Number(c.n) }));
  // The dashboard's offers with their application counts (its first tab: asked without a column).
  const [inColumns, inColumnsArgs] = anyColumnSql();
  const offers = q.column
    ? undefined
    : (
        await select<{ job_code: string; title: string; n: number }>(
          `SELECT o.job_code, o.title, COUNT(*) AS n FROM applications a JOIN offers o ON o.id = a.offer_id
            WHERE ${filter} AND ${inColumns} GROUP BY o.id, o.job_code, o.title ORDER BY n DESC, o.title, o.job_code LIMIT ${DASHBOARD_OFFERS_MAX}`,
          [...args, ...inColumnsArgs],
        )
      ).map((o) => ({ job_code: String(o.job_code), title: String(o.title), count: Number(o.n) }));
  const recruiterIds = reach.all ? [...new Set(counts.map((c) => c.recruiter_id))] : reach.recruiterIds;
  const recruiters = recruiterIds.length ? await select(`SELECT id, name, email, picture FROM users WHERE id IN (${marks(recruiterIds.length)}) ORDER BY name, id`, recruiterIds) : [];
  const audience = userAudience(caller!.id);
  const byState: Record<string, number> = Object.fromEntries(RECRUITER_STATES.map((s) => [s, 0]));
  for (const c of counts) byState[c.recruiter_state] = (byState[c.recruiter_state] ?? 0) + c.n;
  const last = rows.at(-1);
  return {
    Items: rows.map((r) => ({
      id: Number(r.id),
      candidate: { sub: String(r.candidate_id), name: String(r.name ?? ''), phone: (r.phone as string | null) ?? null, email: String(r.email), picture: (r.picture as string | null) ?? null },
      job_code: String(r.job_code),
      recruiter_id: String(r.recruiter_id),
      state: String(r.state),
      recruiter_state: r.recruiter_state as RecruiterState,
      submit_date: iso(r.submit_date),
      start_date: iso(r.start_date),
      questions: answers.filter((a) => Number(a.application_id) === Number(r.id)).map((a) => ({ id: String(a.qid), question: String(a.question), state: a.state ?? undefined })),
      cv_url: r.cv_key ? media.sign(String(r.cv_key), audience, now) : null,
      offer: {
        job_code: String(r.job_code),
        title: String(r.title),
        city: (r.city as string | null) ?? null,
        shopname: (r.shopname as string | null) ?? null,
        state: String(r.offer_state),
        tags: parseTags(r.tags),
      },
    })),
    recruiters: recruiters.map((u) => ({
      sub: String(u.id),
      name: String(u.name ?? ''),
      email: String(u.email),
      picture: (u.picture as string | null) ?? null,
      // The dashboard's Shortlist grouping (decision 140).
      shortlist: counts.filter((c) => c.recruiter_id === String(u.id) && dashboardColumn(c) === 'shortlist').reduce((n, c) => n + c.n, 0),
    })),
    Counts: { total: Object.values(byState).reduce((a, b) => a + b, 0), by_state: byState },
    // The dashboard's tiles and column sizes over the whole filter (every column), decision 140.
    Tiles: dashboardTiles(counts),
    Columns: dashboardColumnCounts(counts),
    ...(offers ? { Offers: offers } : {}),
    Count: rows.length,
    next: rows.length === q.limit && last ? `${iso(last.at)}|${Number(last.id)}` : null,
  };
}
