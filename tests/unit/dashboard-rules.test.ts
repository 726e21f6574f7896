// The recruiter dashboard's shared rules: the section 4 groupings (tiles and columns) and the date
// filter's ranges (models/rules/recruiter-states.ts, models/rules/dates.ts).
import { describe, expect, it } from 'vitest';
import { dashboardColumn, dashboardColumnCounts, dashboardTiles, DASHBOARD_COLUMN_RULES, nextMoves } from '../../models/rules/recruiter-states.js';
import { DASHBOARD_EPOCH, dashboardSince, inDashboardRange } from '../../models/rules/dates.js';
import { RECRUITER_STATES } from '../../models/application.model.js';

describe('recruiter-state groupings', () => {
  it('puts every complete application in one column by its recruiter state', () => {
    const col = (recruiter_state: string) => dashboardColumn({ state: 'complete', recruiter_state, has_cv: false });
    expect(['new', 'view'].map(col)).toEqual(['todo', 'todo']);
    expect(['wait_reject', 'rejected'].map(col)).toEqual(['rejected', 'rejected']);
    expect(['shortlist', 'to_recruit', 'recruited'].map(col)).toEqual(['shortlist', 'shortlist', 'shortlist']);
    // Every state of a complete application has exactly one column.
    const placed = Object.values(DASHBOARD_COLUMN_RULES).flatMap((r) => r.states ?? []);
    expect([...placed].sort()).toEqual([...RECRUITER_STATES].sort());
  });

  it('an unfinished story with a CV is a CV without story; without a CV it is not shown', () => {
    expect(dashboardColumn({ state: 'applying', recruiter_state: 'new', has_cv: true })).toBe('cv_only');
    expect(dashboardColumn({ state: 'applying', recruiter_state: 'new', has_cv: false })).toBeNull();
  });

  it('counts the tiles', () => {
    const items = [
      { state: 'complete', recruiter_state: 'new', has_cv: false },
      { state: 'complete', recruiter_state: 'view', has_cv: true },
      { state: 'complete', recruiter_state: 'shortlist', has_cv: false },
      { state: 'complete', recruiter_state: 'to_recruit', has_cv: false },
      { state: 'complete', recruiter_state: 'wait_reject', has_cv: false },
      { state: 'applying', recruiter_state: 'new', has_cv: true },
      { state: 'applying', recruiter_state: 'new', has_cv: false },
    ];
    expect(dashboardTiles(items)).toEqual({ total: 6, rejected: 1, shortlist: 2, untreated: 2 });
  });

  it('counts count rows by their n', () => {
    expect(
      dashboardColumnCounts([
        { state: 'complete', recruiter_state: 'new', has_cv: false, n: 7 },
        { state: 'applying', recruiter_state: 'new', has_cv: true, n: 2 },
      ]),
    ).toEqual({ cv_only: 2, rejected: 0, todo: 7, shortlist: 0 });
  });
});

describe('dashboard date ranges', () => {
  const now = new Date(2026, 2, 31, 15, 30); // 31 March, local time

  it('starts each range where the filter says', () => {
    expect(dashboardSince('all', now)).toEqual(DASHBOARD_EPOCH);
    expect(dashboardSince('today', now)).toEqual(new Date(2026, 2, 31, 0, 0, 0, 0));
    expect(dashboardSince('7d', now).getTime()).toBe(now.getTime() - 7 * 86400_000);
    // 31 March minus one month is the end of February, not 3 March.
    expect(dashboardSince('1m', now)).toEqual(new Date(2026, 1, 28, 15, 30));
    expect(dashboardSince('3m', now)).toEqual(new Date(2025, 11, 31, 15, 30));
    expect(dashboardSince('6m', now)).toEqual(new Date(2025, 8, 30, 15, 30));
  });

  it('keeps a date inside a range and drops one outside or missing', () => {
    expect(inDashboardRange(new Date(2026, 2, 31, 1).toISOString(), 'today', now)).toBe(true);
    expect(inDashboardRange(new Date(2026, 2, 30, 23).toISOString(), 'today', now)).toBe(false);
    expect(inDashboardRange(null, '7d', now)).toBe(false);
    expect(inDashboardRange(null, 'all', now)).toBe(true);
    expect(inDashboardRange('not a date', '6m', now)).toBe(false);
  });
});

describe('the moves offered from each state (issue 24: the dashboard offers the manager panel moves)', () => {
  it('offers the spec transitions, never view, never the state itself', () => {
    expect(nextMoves('new')).toEqual(['wait_reject', 'shortlist']);
    expect(nextMoves('view')).toEqual(['wait_reject', 'shortlist']);
    expect(nextMoves('shortlist')).toEqual(['wait_reject', 'to_recruit']);
    expect(nextMoves('wait_reject')).toEqual(['shortlist']);
    for (const s of ['rejected', 'to_recruit', 'recruited', 'unknown']) expect(nextMoves(s), s).toEqual([]);
  });
});
