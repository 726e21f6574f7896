// Route guards by role. The session middleware (api/auth/sessions.ts) sets req.caller; these only
// read it. Roles: anonymous, candidate, recruiter, manager, admin (staff group: users.is_admin).
// The manager rule: docs/decisions/044-manager-rule-and-scope.md.
import type { RequestHandler } from 'express';
import { Op } from 'sequelize';
import { forbidden, unauthorized, AppError } from '../lib/errors.js';
import { ManagerRecruiter, type User } from '../../models/index.js';

export const MESSAGES = {
  adminOnly: 'Le site est en cours de développement, merci de votre patience.',
  dashboardNoUser: "Vous n'avez pas accès à cette partie du site.",
  managerOnly: 'manager access not allowed',
} as const;

/**
 * back-office.md section 6: a manager is a user whose plan is set and not free, or whose manager
 * list holds someone besides themselves (managedRecruiters counts those others); a user of profile
 * manager counts too.
 */
export function isManager(user: Pick<User, 'profile' | 'user_plan'>, managedRecruiters = 0): boolean {
  return user.profile === 'manager' || (!!user.user_plan && user.user_plan !== 'free') || managedRecruiters > 0;
}

/** How many recruiters other than themselves a user has in their manager list. */
export function managedRecruiterCount(userId: string): Promise<number> {
  return ManagerRecruiter.count({ where: { manager_id: userId, recruiter_id: { [Op.ne]: userId } } });
}

/** The full manager rule, reading the manager list from the database only when needed. */
export async function isManagerUser(user: Pick<User, 'id' | 'profile' | 'user_plan'>): Promise<boolean> {
  return isManager(user) || (await managedRecruiterCount(user.id)) > 0;
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

/** Managers (and staff): profile, plan, or a manager list with recruiters in it. */
export const requireManager: RequestHandler = async (req, _res, next) => {
  if (!req.caller) return next(unauthorized());
  const u = req.caller.user;
  if (u.is_admin || (await isManagerUser(u))) return next();
  next(forbidden('manager_only', MESSAGES.managerOnly));
};
