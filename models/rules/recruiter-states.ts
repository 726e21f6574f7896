// The candidate states (back-office.md section 4): which moves are allowed, the display order, the
// manager's tabs and the recruiter dashboard's groupings (tiles and columns). Browser-safe: the
// server refuses any other move and counts with these groupings, the consoles show only these
// buttons, tabs and columns. Decisions 111 and 140.
/** Every recruiter state of an application (the applications.recruiter_state column's values). */
export const RECRUITER_STATES = ['new', 'view', 'shortlist', 'wait_reject', 'rejected', 'to_recruit', 'recruited'] as const;
export type RecruiterState = (typeof RECRUITER_STATES)[number];

/** The moves a manager or recruiter may make, and from which states. */
export const TRANSITIONS: Readonly<Partial<Record<RecruiterState, readonly RecruiterState[]>>> = {
  // Opening a candidate for the first time.
  view: ['new'],
  // The side panel's reject button.
  wait_reject: ['new', 'view', 'shortlist'],
  // The side panel's shortlist button.
  shortlist: ['new', 'view', 'wait_reject'],
  // From the list: a shortlisted candidate to recruit.
  to_recruit: ['shortlist'],
};

/**
 * How long a candidate stays "waiting for rejection" (wait_reject) before the rejection is final
 * (rejected) and the candidate is told by e-mail: the company's time to change its mind, shown to
 * it when it rejects (decision 281). Any move out of wait_reject within the delay cancels it.
 */
export const WAIT_REJECT_DELAY_HOURS = 24;
export const WAIT_REJECT_DELAY_MS = WAIT_REJECT_DELAY_HOURS * 3600_000;

/** Whether `from` may move to `to`; staying in the same state is no move (answered unchanged). */
export function canMove(from: RecruiterState, to: RecruiterState): boolean {
  return from === to || (TRANSITIONS[to]?.includes(from) ?? false);
}

/**
 * The moves a recruiter or manager is offered from `from`, in the order of the buttons: every
 * target of TRANSITIONS reachable from it, but not view (made by opening the candidate).
 */
export function nextMoves(from: string): RecruiterState[] {
  return (Object.keys(TRANSITIONS) as RecruiterState[]).filter((to) => to !== 'view' && to !== from && (TRANSITIONS[to]?.includes(from as RecruiterState) ?? false));
}

/** Display order of an offer's candidates: to_recruit first, rejected last; newest first within a state. */
export const DISPLAY_ORDER: readonly RecruiterState[] = ['to_recruit', 'new', 'view', 'shortlist', 'recruited', 'wait_reject', 'rejected'];

/** The tabs of an offer's candidates; todo groups new and view. */
export const TABS = {
  rejected: ['rejected'],
  wait_reject: ['wait_reject'],
  todo: ['new', 'view'],
  shortlist: ['shortlist'],
  to_recruit: ['to_recruit'],
} as const satisfies Record<string, readonly RecruiterState[]>;

/** Without fullStates=true an offer's candidates leave out those being rejected or rejected. */
export const HIDDEN_WITHOUT_FULL_STATES: readonly RecruiterState[] = ['wait_reject', 'rejected'];

// The recruiter dashboard (/dashboard): tiles and columns. Decision 140.

/** Not looked at or not decided yet: the spec's untreated, the manager tabs' to-do. */
export const UNTREATED_STATES: readonly RecruiterState[] = TABS.todo;
/** Turned down, or about to be. */
export const REJECTED_STATES: readonly RecruiterState[] = ['wait_reject', 'rejected'];
/** Kept: shortlisted, and the later steps of the (disabled) recruit feature, reached only from the shortlist. */
export const SHORTLIST_STATES: readonly RecruiterState[] = ['shortlist', 'to_recruit', 'recruited'];

/** The Candidats tab's columns, left to right. */
export const DASHBOARD_COLUMNS = ['cv_only', 'rejected', 'todo', 'shortlist'] as const;
export type DashboardColumn = (typeof DASHBOARD_COLUMNS)[number];

/**
 * Which applications each column holds: complete ones by recruiter state, and unfinished ones
 * (state applying) that carry a CV. The server turns this into SQL, the browser into a filter.
 */
export const DASHBOARD_COLUMN_RULES: Readonly<Record<DashboardColumn, { complete: boolean; states: readonly RecruiterState[] | null }>> = {
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
    if (rule.complete && rule.states?.includes(a.recruiter_state as RecruiterState)) return column;
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
