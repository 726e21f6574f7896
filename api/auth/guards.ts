// Route guards by role. The session middleware (api/auth/sessions.ts) sets req.caller; these only
// read it. Roles: anonymous, candidate, recruiter, manager, admin (staff group: users.is_admin).
// Who is a manager and what a caller reaches: api/auth/access.ts.
import type { RequestHandler } from 'express';
import { forbidden, unauthorized, AppError } from '../lib/errors.js';
import { isManager, managerAreaAnswer } from './access.js';

export const MESSAGES = {
  adminOnly: 'Le site est en cours de développement, merci de votre patience.',
  dashboardNoUser: "Vous n'avez pas accès à cette partie du site.",
} as const;

/** Any signed-in user (recruiter dashboard and everything private). */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.caller) return next(new AppError(401, 'unauthorized', MESSAGES.dashboardNoUser));
  next();
};

/** Staff only: anonymous 401, signed-in non-admin 403 with the spec's message. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.caller) return next(unauthorized());
  if (!req.caller.user.is_admin) return next(forbidden('admin_only', MESSAGES.adminOnly));
  next();
};

/**
 * The manager area (back-office.md section 2): users counting as managers by the rule of
 * access.ts, staff included only when they count as managers (decision 340); a recruiter or manager
 * account that a subscription would make a manager reads the subscribers' message (issue 23), anyone
 * else "manager access not allowed". The console's manager auth provider answers with the same
 * managerAreaAnswer, from /apis/auth/me's is_manager.
 */
export const requireManager: RequestHandler = async (req, _res, next) => {
  if (!req.caller) return next(unauthorized());
  const user = req.caller.user;
  const answer = managerAreaAnswer({ profile: user.profile, is_admin: user.is_admin, is_manager: await isManager(user) });
  if (answer === 'manager') return next();
  next(forbidden('manager_access_not_allowed', answer === 'subscribe' ? 'control_tower_subscribers_only' : 'manager_access_not_allowed'));
};
