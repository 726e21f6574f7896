// The roles a caller holds and the answers that follow from them alone, browser-safe so that the
// server (api/auth/access.ts, which owns them and decides every access) and the pages give the same
// answer. What needs the database (the manager rule, entitlements, reach) stays in access.ts.

/** The roles of the console's declarations; staff hold 'admin' whatever their profile. */
export type ConsoleRole = 'admin' | 'manager' | 'recruiter' | 'candidate';

/**
 * A candidate: an account of profile candidate that is not staff. Staff with a candidate profile
 * are staff (they hold 'admin', never 'candidate': api/auth/access.ts reachOf), so they do not apply,
 * answer, or manage a candidate's privacy as one.
 */
export function isCandidate(user: { profile: string; is_admin?: boolean | null }): boolean {
  return user.profile === 'candidate' && !user.is_admin;
}

/**
 * What the manager area (/manager, back-office.md section 2) answers a signed-in account, given
 * whether it counts as a manager (access.ts isManager): 'manager', the area; 'subscribe', the
 * subscribers-only text with a link to the plans, for a recruiter or manager account that a
 * subscription would make a manager; 'none', "manager access not allowed". Staff are no exception:
 * they enter when they count as managers, like anyone (decision 340). The API's guard
 * (api/auth/guards.ts requireManager) and the console's auth provider both answer with it.
 */
export type ManagerAreaAnswer = 'manager' | 'subscribe' | 'none';

export function managerAreaAnswer(user: { profile: string; is_admin?: boolean | null; is_manager: boolean }): ManagerAreaAnswer {
  if (user.is_manager) return 'manager';
  return !user.is_admin && (user.profile === 'recruiter' || user.profile === 'manager') ? 'subscribe' : 'none';
}
