// The recruiter-state groupings (back-office.md section 4), one module for the server and the
// browser: the dashboard's tiles and columns (/dashboard) read them.
// docs/decisions/140-dashboard-groupings.md.

/** The recruiter states, in the spec's display order (to_recruit first, rejected last). */
export const RECRUITER_STATE_ORDER = ['to_recruit', 'new', 'view', 'shortlist', 'recruited', 'wait_reject', 'rejected'] as const;
export type RecruiterStateName = (typeof RECRUITER_STATE_ORDER)[number];

/** Not looked at or not decided yet: the spec's untreated (the manager tabs' to-do). */
export const UNTREATED_STATES: readonly RecruiterStateName[] = ['new', 'view'];
/** Turned down, or about to be. */
export const REJECTED_STATES: readonly RecruiterStateName[] = ['wait_reject', 'rejected'];
/** Kept: shortlisted, and the later steps of the (disabled) recruit feature, reached only from the shortlist. */
export const SHORTLIST_STATES: readonly RecruiterStateName[] = ['shortlist', 'to_recruit', 'recruited'];

/** The Candidats tab's columns, left to right. */
export const DASHBOARD_COLUMNS = ['cv_only', 'rejected', 'todo', 'shortlist'] as const;
export type DashboardColumn = (typeof DASHBOARD_COLUMNS)[number];

/**
 * Which applications each column holds: complete ones by recruiter state, and unfinished ones
 * (state applying) that carry a CV. The server turns this into SQL, the browser into a filter.
 */
export const DASHBOARD_COLUMN_RULES: Readonly<Record<DashboardColumn, { complete: boolean; states: readonly RecruiterStateName[] | null }>> = {
  cv_only: { complete: false, states: null },
  rejected: { complete: true, states: REJECTED_STATES },
  todo: { complete: true, states: UNTREATED_STATES },
  shortlist: { complete: true, states: SHORTLIST_STATES },
};

/** What the groupings need of an application (or of a group of n applications alike). */
export interface GroupedApplication {
  /** applying (story not finished) or complete. */
  state: string;
  recruiter_state: string;
  /** Whether the candidate sent a CV. */
  has_cv: boolean;
  /** How many applications this stands for (a count row); 1 when absent. */
  n?: number;
}

/**
 * The column an application sits in: a finished story goes by its recruiter state; an unfinished
 * one with a CV is a "CV reçu sans story"; an unfinished one without a CV is not an application the
 * recruiter can judge yet (null: not shown, not counted).
 */
export function dashboardColumn(a: GroupedApplication): DashboardColumn | null {
  if (a.state !== 'complete') return a.has_cv ? 'cv_only' : null;
  for (const column of DASHBOARD_COLUMNS) {
    const rule = DASHBOARD_COLUMN_RULES[column];
    if (rule.complete && rule.states?.includes(a.recruiter_state as RecruiterStateName)) return column;
  }
  return null;
}

export interface DashboardTiles {
  /** Every application the recruiter received: complete ones and CVs without a story. */
  total: number;
  rejected: number;
  shortlist: number;
  /** Complete applications still new or viewed. */
  untreated: number;
}

/** How many applications each column holds. */
export function dashboardColumnCounts(items: readonly GroupedApplication[]): Record<DashboardColumn, number> {
  const counts: Record<DashboardColumn, number> = { cv_only: 0, rejected: 0, todo: 0, shortlist: 0 };
  for (const a of items) {
    const column = dashboardColumn(a);
    if (column) counts[column] += a.n ?? 1;
  }
  return counts;
}

/** The four tiles over a list of applications (or of count rows). */
export function dashboardTiles(items: readonly GroupedApplication[]): DashboardTiles {
  const c = dashboardColumnCounts(items);
  return { total: c.cv_only + c.rejected + c.todo + c.shortlist, rejected: c.rejected, shortlist: c.shortlist, untreated: c.todo };
}

/** Sort key of a recruiter state in the display order (unknown states last). */
export function stateRank(state: string): number {
  const i = (RECRUITER_STATE_ORDER as readonly string[]).indexOf(state);
  return i < 0 ? RECRUITER_STATE_ORDER.length : i;
}
