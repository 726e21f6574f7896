// The manager's candidate states (back-office.md section 4): which moves are allowed, the display
// order and the tabs. Browser-safe: the server refuses any other move, the console shows only
// these buttons and tabs. Decision 111.
import type { RecruiterState } from '../application.model.js';

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

/** Whether `from` may move to `to`; staying in the same state is no move (answered unchanged). */
export function canMove(from: RecruiterState, to: RecruiterState): boolean {
  return from === to || (TRANSITIONS[to]?.includes(from) ?? false);
}

/** The states a move to `to` may start from (none: `to` is never a target). */
export function sourcesOf(to: RecruiterState): readonly RecruiterState[] {
  return TRANSITIONS[to] ?? [];
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
