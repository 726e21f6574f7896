// Candidates as the manager area and the recruiter dashboard read and move them (back-office.md
// sections 3, 4 and 7): one offer's candidates (GET /apis/application/{job_code}), one candidate with
// their answers and reviewers' feedback, the move between states (POST /apis/application/{job_code}/
// {candidate_sub}) and the dashboard's list (GET /apis/application). Every read and move is scoped by
// the caller's reach (api/auth/access.ts): a recruiter their own offers, a manager their list's, staff
// all; an offer outside it answers 404 as if it did not exist. Who created or published an offer
// grants nothing. Reads are single raw queries on
// indexes (the manager bench, decision 113).
import { QueryTypes } from 'sequelize';
import { boundSequelize, transaction, type RecruiterState } from '../../models/index.js';
import { RECRUITER_STATES } from '../../models/application.model.js';
import {
  DASHBOARD_COLUMN_RULES,
  DASHBOARD_COLUMNS,
  DISPLAY_ORDER,
  HIDDEN_WITHOUT_FULL_STATES,
  TABS,
  canMove,
  dashboardColumn,
  dashboardColumnCounts,
  dashboardTiles,
  type DashboardColumn,
} from '../../models/rules/recruiter-states.js';
import { readDate } from '../../models/rules/dates.js';
import { sqlDate } from '../../models/columns.js';
import { AppError, notFound } from '../lib/errors.js';
import { companyReach, reachesRecruiter, type Reach } from '../auth/access.js';
import { userAudience, type MediaUrls } from '../integrations/media-urls.js';
import { CounterChanges } from './user-counters.service.js';
import { audit } from './audit.service.js';
import { scheduleRejection } from './candidate-news.service.js';
import { isJobCodeShape } from '../../models/rules/job-code.js';
import { OFFER_PAGE_DEFAULT } from './manager-applications.schema.js';
import type { User } from '../../models/index.js';

type Row = Record<string, unknown>;
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const iso = (v: unknown) => readDate(v)?.toISOString() ?? null;

/** The fields every manager application row carries (back-office.md section 3), from one SQL row. */
function applicationFields(r: Record<string, unknown>, media: MediaUrls, audience: string, now: Date) {
  return {
    id: Number(r.id),
    candidate: { sub: String(r.candidate_id), email: String(r.email), phone: (r.phone as string | null) ?? null, name: String(r.name ?? ''), picture: (r.picture as string | null) ?? null },
    name: String(r.name ?? ''),
    picture: (r.picture as string | null) ?? null,
    cv_url: r.cv_key ? media.sign(String(r.cv_key), audience, now) : null,
    recruiter_state: r.recruiter_state as RecruiterState,
    submit_date: { submit: iso(r.submit_date) },
  };
}
const dialect = () => (boundSequelize().getDialect() === 'sqlite' ? 'sqlite' : 'mysql');
const select = <T extends object = Row>(sql: string, replacements: unknown[]) => boundSequelize().query<T>(sql, { replacements, type: QueryTypes.SELECT });

/** SQL condition and parameters for "the recruiter column is one the reach covers". */
function reachSql(reach: Reach, column: string): [string, unknown[]] {
  if (reach.all) return ['1 = 1', []];
  return [`${column} IN (${marks(reach.recruiterIds.length)})`, reach.recruiterIds];
}

export interface ScopedOffer {
  id: number;
  job_code: string;
  recruiter_id: string;
  title: string;
  contract_type: string | null;
  company_name: string;
  company_picture: string | null;
  shopname: string | null;
  city: string | null;
  state: string;
  is_boosted: boolean | number;
  boost_ends_at: Date | string | null;
  recruiter_name: string | null;
  recruiter_email: string | null;
}

/**
 * The offer of a job code on the caller's side (its recruiter is in the reach: api/auth/access.ts);
 * 404 (the spec's "not allowed to access this page") otherwise, as if it did not exist. Its
 * candidates' reads and moves all start here.
 */
export async function scopedOffer(reach: Reach, jobCode: string): Promise<ScopedOffer> {
  if (!isJobCodeShape(jobCode)) throw notFound('offer_not_found', 'page_not_allowed');
  const [offer] = await select<ScopedOffer>(
    `SELECT o.id, o.job_code, o.recruiter_id, o.title, o.contract_type, o.company_name, o.company_picture, o.shopname, o.city, o.state,
            o.is_boosted, o.boost_ends_at, u.name AS recruiter_name, u.email AS recruiter_email
       FROM offers o LEFT JOIN users u ON u.id = o.recruiter_id
      WHERE o.job_code = ? AND o.state <> 'deleted'`,
    [jobCode],
  );
  if (!offer || !reachesRecruiter(reach, offer.recruiter_id)) throw notFound('offer_not_found', 'page_not_allowed');
  return { ...offer, id: Number(offer.id) };
}

const rank = (state: string) => {
  const i = DISPLAY_ORDER.indexOf(state as RecruiterState);
  return i < 0 ? DISPLAY_ORDER.length : i;
};

export interface ManagerApplication {
  id: number;
  candidate: { sub: string; email: string; phone: string | null; name: string; picture: string | null };
  name: string;
  picture: string | null;
  cv_url: string | null;
  recruiter_state: RecruiterState;
  submit_date: { submit: string | null };
  recruiter_id: string;
  job_code: string;
}

/** A page of one offer's tab (decision 156): which tab, how many rows, after which row. */
export interface OfferPage {
  tab?: keyof typeof TABS;
  limit?: number;
  after?: { state: RecruiterState; at: Date; id: number };
}

const APPLICATION_COLUMNS = 'a.id, a.candidate_id, a.recruiter_id, a.recruiter_state, a.submit_date, a.cv_key, u.name, u.email, u.phone, u.picture';

/**
 * One offer's candidates (complete applications) in the display order of section 4, newest first
 * within a state; without fullStates those being rejected or rejected are left out. Count is the
 * number of Items; tabs counts them per tab. With `tab` (and optionally `limit`, `after`) the Items
 * are one page of that tab, `next` the cursor of the following page (null on the last), and tabs
 * still counts every tab (decision 156).
 */
export async function offerApplications(caller: User | undefined, jobCode: string, fullStates: boolean, media: MediaUrls, now: Date, page: OfferPage = {}) {
  const reach = await companyReach(caller);
  const offer = await scopedOffer(reach, jobCode);
  const audience = userAudience(caller!.id);
  const hidden = fullStates ? [] : HIDDEN_WITHOUT_FULL_STATES;
  const toItem = (r: Row): ManagerApplication => ({ ...applicationFields(r, media, audience, now), recruiter_id: String(r.recruiter_id), job_code: offer.job_code });
  let items: ManagerApplication[];
  let tabs: Record<string, number>;
  let next: string | null | undefined;
  if (page.tab) {
    ({ items, next } = await tabPage(offer.id, page.tab, hidden, page.limit ?? OFFER_PAGE_DEFAULT, page.after, toItem));
    // Every tab's size from the (offer_id, state, recruiter_state) index alone.
    const counts = await select<{ recruiter_state: string; n: number }>(`SELECT recruiter_state, COUNT(*) AS n FROM applications WHERE offer_id = ? AND state = 'complete' GROUP BY recruiter_state`, [
      offer.id,
    ]);
    const count = (s: string) => (hidden.includes(s as RecruiterState) ? 0 : Number(counts.find((c) => c.recruiter_state === s)?.n ?? 0));
    tabs = Object.fromEntries(Object.entries(TABS).map(([tab, states]) => [tab, (states as readonly string[]).reduce((n, s) => n + count(s), 0)]));
  } else {
    const rows = await select(
      `SELECT ${APPLICATION_COLUMNS}
         FROM applications a JOIN users u ON u.id = a.candidate_id
        WHERE a.offer_id = ? AND a.state = 'complete'${hidden.length ? ` AND a.recruiter_state NOT IN (${marks(hidden.length)})` : ''}`,
      [offer.id, ...hidden],
    );
    items = rows
      .map((r) => ({ r, submitted: readDate(r.submit_date)?.getTime() ?? 0 }))
      .sort((a, b) => rank(String(a.r.recruiter_state)) - rank(String(b.r.recruiter_state)) || b.submitted - a.submitted || Number(b.r.id) - Number(a.r.id))
      .map(({ r }) => toItem(r));
    tabs = Object.fromEntries(Object.entries(TABS).map(([tab, states]) => [tab, items.filter((i) => (states as readonly string[]).includes(i.recruiter_state)).length]));
  }
  return {
    Items: items,
    offer: {
      job_code: offer.job_code,
      title: offer.title,
      contract_type: offer.contract_type,
      company_name: offer.company_name,
      company_picture: offer.company_picture,
      shopname: offer.shopname,
      city: offer.city,
      state: offer.state,
      // The boost and its end (decision 251): the manager sees when it ends.
      is_boosted: Boolean(Number(offer.is_boosted)),
      boost_ends_at: offer.boost_ends_at ? (readDate(offer.boost_ends_at)?.toISOString() ?? null) : null,
      recruiter: { sub: offer.recruiter_id, name: offer.recruiter_name, email: offer.recruiter_email },
    },
    Count: items.length,
    tabs,
    ...(next !== undefined ? { next } : {}),
  };
}

/** GET /apis/application/{job_code}'s answer (the manager console imports this type). */
export type OfferApplications = Awaited<ReturnType<typeof offerApplications>>;

/**
 * One page of a tab: its states in the display order, each newest first (submit date, then id), read
 * state by state on the (offer_id, state, recruiter_state, submit_date) index (migration 020): the
 * ids first from the index, then those rows with their candidate.
 */
async function tabPage(offerId: number, tab: keyof typeof TABS, hidden: readonly RecruiterState[], limit: number, after: OfferPage['after'], toItem: (r: Row) => ManagerApplication) {
  const d = dialect();
  const states = [...(TABS[tab] as readonly RecruiterState[])].filter((s) => !hidden.includes(s)).sort((a, b) => rank(a) - rank(b));
  // The cursor's state and those after it in the display order; a cursor of another tab reads nothing.
  const from = after ? states.indexOf(after.state) : 0;
  const ids: number[] = [];
  let last: { state: RecruiterState; at: unknown; id: number } | null = null;
  for (const state of from < 0 ? [] : states.slice(from)) {
    if (ids.length > limit) break;
    const args: unknown[] = [offerId, state];
    let cond = '';
    if (after && state === after.state) {
      cond = ' AND (submit_date < ? OR (submit_date = ? AND id < ?))';
      args.push(sqlDate(after.at, d), sqlDate(after.at, d), after.id);
    }
    // One more than the page asks: whether a next page exists.
    const rows = await select<{ id: number; submit_date: unknown }>(
      `SELECT id, submit_date FROM applications WHERE offer_id = ? AND state = 'complete' AND recruiter_state = ?${cond}
        ORDER BY submit_date DESC, id DESC LIMIT ${limit + 1 - ids.length}`,
      args,
    );
    for (const r of rows) {
      if (ids.length < limit) last = { state, at: r.submit_date, id: Number(r.id) };
      ids.push(Number(r.id));
    }
  }
  const more = ids.length > limit;
  const pageIds = ids.slice(0, limit);
  const rows = pageIds.length ? await select(`SELECT ${APPLICATION_COLUMNS} FROM applications a JOIN users u ON u.id = a.candidate_id WHERE a.id IN (${marks(pageIds.length)})`, pageIds) : [];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const items = pageIds.flatMap((id) => (byId.has(id) ? [toItem(byId.get(id)!)] : []));
  return { items, next: more && last ? `${last.state}|${iso(last.at)}|${last.id}` : null };
}

/** One candidate of an offer: the list's fields, their answers (signed story addresses) and what reviewers said on their share links. */
export async function offerApplication(caller: User | undefined, jobCode: string, candidateSub: string, media: MediaUrls, now: Date) {
  const reach = await companyReach(caller);
  const offer = await scopedOffer(reach, jobCode);
  const [r] = await select(
    `SELECT a.id, a.candidate_id, a.recruiter_id, a.recruiter_state, a.submit_date, a.start_date, a.cv_key, u.name, u.email, u.phone, u.picture
       FROM applications a JOIN users u ON u.id = a.candidate_id
      WHERE a.offer_id = ? AND a.candidate_id = ? AND a.state = 'complete'`,
    [offer.id, candidateSub],
  );
  if (!r) throw notFound('application_not_found', 'application_not_found');
  const audience = userAudience(caller!.id);
  const answers = await select(`SELECT qid, question, upload_path, state FROM application_answers WHERE application_id = ? ORDER BY position`, [r.id]);
  const feedbacks = await select(
    `SELECT f.name, f.feedback, f.comment, f.created_at, s.share_id FROM feedbacks f JOIN share_links s ON s.id = f.share_link_id WHERE s.application_id = ? ORDER BY f.created_at DESC, f.id DESC`,
    [r.id],
  );
  return {
    Item: {
      ...applicationFields(r, media, audience, now),
      start_date: iso(r.start_date),
      recruiter_id: String(r.recruiter_id),
      job_code: offer.job_code,
      questions: answers.map((a) => ({
        id: String(a.qid),
        question: String(a.question),
        state: a.state ?? undefined,
        url: a.state === 'done' && a.upload_path ? media.sign(String(a.upload_path), audience, now) : null,
      })),
      feedbacks: feedbacks.map((f) => ({
        share_id: String(f.share_id),
        name: String(f.name),
        feedback: Number(f.feedback),
        comment: (f.comment as string | null) ?? null,
        created: iso(f.created_at),
      })),
    },
  };
}

/**
 * Moves one candidate of an offer to `to` by the rules of section 4 (models/rules/recruiter-states.ts).
 * One conditional UPDATE on the state read decides: two moves at once cannot both pass from the same
 * state. Staying in the same state is answered unchanged; any other move is 409 transition_not_allowed.
 */
export async function moveApplication(caller: User | undefined, jobCode: string, candidateSub: string, to: RecruiterState, now: Date) {
  const reach = await companyReach(caller);
  const offer = await scopedOffer(reach, jobCode);
  return transaction(async (t) => {
    const sequelize = boundSequelize();
    const [app] = await sequelize.query<{ id: number; recruiter_state: RecruiterState; recruiter_id: string; candidate_id: string; is_reco: boolean | number }>(
      `SELECT id, recruiter_state, recruiter_id, candidate_id, is_reco FROM applications WHERE offer_id = ? AND candidate_id = ? AND state = 'complete'`,
      { replacements: [offer.id, candidateSub], type: QueryTypes.SELECT, transaction: t },
    );
    if (!app) throw notFound('application_not_found', 'application_not_found');
    const from = app.recruiter_state;
    const item = (state: RecruiterState) => ({ job_code: offer.job_code, candidate_sub: candidateSub, recruiter_state: state, previous_state: from });
    if (from === to) return { error: false, changed: false, Item: item(to) };
    if (!canMove(from, to)) throw new AppError(409, 'transition_not_allowed', 'transition_not_allowed', { from, to });
    const counts = await new CounterChanges().lock(t, { offers: [offer.id] });
    const [, changed] = await sequelize.query(`UPDATE applications SET recruiter_state = ?, updated_at = ? WHERE id = ? AND recruiter_state = ? AND state = 'complete'`, {
      replacements: [to, sqlDate(now, dialect()), app.id, from],
      type: QueryTypes.UPDATE,
      transaction: t,
    });
    if (Number(changed) !== 1) throw new AppError(409, 'transition_not_allowed', 'transition_not_allowed', { from, to });
    await counts.application({ ...app, offer_id: offer.id, state: 'complete' }, { ...app, offer_id: offer.id, state: 'complete', recruiter_state: to }).apply(t);
    await audit(t, { actorId: caller!.id, action: 'recruiter_state', resource: 'applications', recordId: app.id, before: { recruiter_state: from }, after: { recruiter_state: to }, at: now });
    // A rejection becomes final, and the candidate is told, when its delay is over (decision 281):
    // the company sees when.
    if (to === 'wait_reject') return { error: false, changed: true, Item: { ...item(to), reject_at: (await scheduleRejection(app.id, now, t)).toISOString() } };
    return { error: false, changed: true, Item: item(to) };
  });
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
export async function dashboardApplications(caller: User | undefined, q: DashboardQuery, media: MediaUrls, now: Date) {
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
