// Route guards by role. The session middleware (api/auth/) sets req.caller; these only read it.
// Roles: anonymous, candidate, recruiter, manager, admin (staff group: users.is_admin).
import type { RequestHandler } from 'express';
import { forbidden, unauthorized, AppError } from '../lib/errors.js';
import type { User } from '../../models/index.js';

export const MESSAGES = {
  adminOnly: 'Le site est en cours de développement, merci de votre patience.',
  dashboardNoUser: "Vous n'avez pas accès à cette partie du site.",
  managerOnly: 'manager access not allowed',
} as const;

/**
 * back-office.md section 6: a manager is a user whose plan is set and not free, or who has
 * recruiters in their manager list; a user of profile manager counts too.
 */
export function isManager(user: Pick<User, 'profile' | 'user_plan'>, managedRecruiters = 0): boolean {
  return user.profile === 'manager' || (user.user_plan !== undefined && user.user_plan !== 'free') || managedRecruiters > 0;
}

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

/** Managers (and staff). Counting managed recruiters needs the database, so routes that accept
 * list-based managers call isManager themselves; this guard covers profile and plan. */
export const requireManager: RequestHandler = (req, _res, next) => {
  if (!req.caller) return next(unauthorized());
  const u = req.caller.user;
  if (!u.is_admin && !isManager(u)) return next(forbidden('manager_only', MESSAGES.managerOnly));
  next();
};
