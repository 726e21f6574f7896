// One offer's candidates as the manager area lists them (GET /apis/application/{job_code};
// back-office.md section 4): complete applications in the display order, by tab and page
// (decision 156), with the offer's header.
import type { RecruiterState, UserRow } from '../../../models/index.js';
import { DISPLAY_ORDER, HIDDEN_WITHOUT_FULL_STATES, TABS } from '../../../models/rules/recruiter-states.js';
import { readDate } from '../../../models/rules/dates.js';
import { sqlDate } from '../../../models/columns.js';
import { companyReach } from '../../auth/access.js';
import { userAudience, type MediaUrls } from '../../integrations/media-urls.js';
import { OFFER_PAGE_DEFAULT } from './manager-applications.schema.js';
import { applicationFields, dialect, iso, knockoutsOf, marks, scopedOffer, select, type Knockout, type Row } from './manager-applications-scope.js';

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
  /** Answers that do not meet a requirement (decision 455): shown as a badge, never hiding the candidate. */
  knockouts: Knockout[];
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
export async function offerApplications(caller: UserRow | undefined, jobCode: string, fullStates: boolean, media: MediaUrls, now: Date, page: OfferPage = {}) {
  const reach = await companyReach(caller);
  const offer = await scopedOffer(reach, jobCode);
  const audience = userAudience(caller!.id);
  const hidden = fullStates ? [] : HIDDEN_WITHOUT_FULL_STATES;
  const toItem = (r: Row): ManagerApplication => ({ ...applicationFields(r, media, audience, now), recruiter_id: String(r.recruiter_id), job_code: offer.job_code, knockouts: [] });
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
  const knockouts = await knockoutsOf(items.map((i) => i.id));
  for (const item of items) item.knockouts = knockouts.get(item.id) ?? [];
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
