// Who a caller is and what they reach: the one home of the role rules (back-office.md section 6,
// docs/decisions/044-manager-rule-and-scope.md, 075-one-access-module.md and 190-who-may-see-an-applicant.md).
// Route guards, the console engine, services and the portal (through /apis/auth/me's is_manager)
// all ask here. Nothing here reads who created or published a record: access follows role and company.
import type { Transaction } from 'sequelize';
import { Application, ManagerRecruiter, User } from '../../models/index.js';
import { companyNameFor } from '../../models/rules/company.js';
import { forbidden, unauthorized } from '../lib/errors.js';

/** The roles of the console's declarations; staff hold 'admin' whatever their profile. */
export type ConsoleRole = 'admin' | 'manager' | 'recruiter' | 'candidate';

type Who = Pick<User, 'id' | 'is_admin' | 'profile' | 'user_plan'>;

/** Staff: the users.is_admin group. */
export function isStaff(user: Pick<User, 'is_admin'>): boolean {
  return !!user.is_admin;
}

/** The recruiters in a user's manager list, the user themselves left out. */
async function managedRecruiterIds(userId: string, t?: Transaction): Promise<string[]> {
  const links = await ManagerRecruiter.findAll({ where: { manager_id: userId }, attributes: ['recruiter_id'], raw: true, transaction: t });
  return [...new Set(links.map((l) => l.recruiter_id as string).filter((id) => id !== userId))];
}

/**
 * The manager rule, given the recruiters of the user's list other than themselves: a user of
 * profile manager, or whose plan is set and not free, or whose list holds someone else. Only
 * others count: a list holding only the user makes nobody a manager.
 */
export function isManagerGiven(user: Pick<User, 'profile' | 'user_plan'>, othersInList: readonly string[]): boolean {
  if (user.profile === 'candidate') return false;
  return user.profile === 'manager' || (!!user.user_plan && user.user_plan !== 'free') || othersInList.length > 0;
}

/** The full manager rule, reading the manager list from the database. */
export async function isManager(user: Pick<User, 'id' | 'profile' | 'user_plan'>, t?: Transaction): Promise<boolean> {
  if (user.profile === 'candidate') return false;
  if (isManagerGiven(user, [])) return true;
  return (await managedRecruiterIds(user.id, t)).length > 0;
}

/** Who may write offers (drafts): recruiters, managers and staff. */
export async function mayWriteOffers(user: Who): Promise<boolean> {
  return isStaff(user) || user.profile === 'recruiter' || (await isManager(user));
}

/** What a caller reaches: every row (staff), else their own rows and, for a manager, their list's. */
export interface Reach {
  /** Staff: every record (the id lists are then empty). */
  all: boolean;
  userId: string;
  roles: ConsoleRole[];
  /** Recruiters whose offers and candidates the caller sees: themselves, plus their list for a manager. */
  recruiterIds: string[];
  /** Managers whose company records (shops, templates, subscriptions, landings) the caller sees. */
  managerIds: string[];
}

/** Roles and reach in one read of the manager list. */
export async function reachOf(user: Who, t?: Transaction): Promise<Reach> {
  if (isStaff(user)) return { all: true, userId: user.id, roles: ['admin'], recruiterIds: [], managerIds: [] };
  if (user.profile === 'candidate') return { all: false, userId: user.id, roles: ['candidate'], recruiterIds: [], managerIds: [] };
  const others = await managedRecruiterIds(user.id, t);
  const manager = isManagerGiven(user, others);
  const roles: ConsoleRole[] = user.profile === 'recruiter' || user.profile === 'manager' ? ['recruiter'] : [];
  if (manager) roles.push('manager');
  return {
    all: false,
    userId: user.id,
    roles,
    recruiterIds: manager ? [user.id, ...others] : [user.id],
    managerIds: [user.id],
  };
}

/** The console roles a user holds: staff ['admin']; else candidate, or recruiter plus manager by the rule. */
export async function rolesOf(user: Who): Promise<ConsoleRole[]> {
  return (await reachOf(user)).roles;
}

/** Whether a reach covers a recruiter's rows (offers, applications). */
export function reachesRecruiter(reach: Reach, recruiterId: string | null | undefined): boolean {
  return reach.all || (!!recruiterId && reach.recruiterIds.includes(recruiterId));
}

/**
 * The company an account publishes for, as the name a landing's company_hash holds: by the rule
 * of models/rules/company.ts, never from an offer's free-text company_name (decision 076).
 */
export async function companyOf(userId: string, t?: Transaction): Promise<string | null> {
  const user = await User.findByPk(userId, { attributes: ['id', 'profile', 'customer_name'], transaction: t });
  if (!user) return null;
  const links = await ManagerRecruiter.findAll({ where: { recruiter_id: userId }, attributes: ['manager_id'], raw: true, transaction: t });
  const managerIds = links.map((l) => l.manager_id as string).filter((id) => id !== userId);
  const managers = managerIds.length ? await User.findAll({ where: { id: managerIds }, attributes: ['profile', 'customer_name'], transaction: t }) : [];
  return companyNameFor(user, managers);
}

/** The reach of a company user (recruiter, manager, staff): anonymous callers 401, anyone else 403. */
export async function companyReach(caller: Who | undefined): Promise<Reach> {
  if (!caller) throw unauthorized();
  const reach = await reachOf(caller);
  if (!reach.all && !reach.roles.some((r) => r === 'recruiter' || r === 'manager')) throw forbidden();
  return reach;
}

/**
 * The offer's side, who works an offer and its applicants: staff, the offer's recruiter and that
 * recruiter's managers (by the manager rule). Who created or published the offer grants nothing:
 * a draft's link may have been handed to anyone (docs/decisions/190-who-may-see-an-applicant.md).
 */
export async function mayReachOffer(caller: Who, offer: { recruiter_id: string | null }, t?: Transaction): Promise<boolean> {
  return reachesRecruiter(await reachOf(caller, t), offer.recruiter_id);
}

/**
 * The offer's side of one application: its candidate's stories, CV, reviewers' feedback, share
 * links, moves between states and meetings. By the application's recruiter, which is the offer's
 * (copied when the candidate applied; a merge moves both together).
 */
export async function mayReachApplication(caller: Who, application: { recruiter_id: string | null }, t?: Transaction): Promise<boolean> {
  return reachesRecruiter(await reachOf(caller, t), application.recruiter_id);
}

/** The candidate who made the application. */
export function isApplicant(caller: Pick<User, 'id'>, application: { candidate_id: string | null }): boolean {
  return !!application.candidate_id && caller.id === application.candidate_id;
}

/** Who may see an application's CV and stories: its candidate, and the offer's side. */
export async function maySeeApplicationMedia(caller: Who, application: { candidate_id: string | null; recruiter_id: string | null }): Promise<boolean> {
  return isApplicant(caller, application) || mayReachApplication(caller, application);
}

export type MeetingSide = 'recruiter' | 'candidate';

/**
 * The side a caller joins a recruiter and candidate's meeting on, or null when they may not: the
 * candidate themselves, or the offer's side of that recruiter (the recruiter, their managers,
 * staff); and only when the candidate applied to one of that recruiter's offers.
 */
export async function meetingSideOf(caller: Who, recruiter: Pick<User, 'id' | 'profile'>, candidate: Pick<User, 'id' | 'profile'>): Promise<MeetingSide | null> {
  if (recruiter.id === candidate.id || recruiter.profile === 'candidate' || recruiter.profile === 'landing' || candidate.profile !== 'candidate') return null;
  let side: MeetingSide | null = null;
  if (caller.id === candidate.id) side = 'candidate';
  else if (reachesRecruiter(await reachOf(caller), recruiter.id)) side = 'recruiter';
  if (!side) return null;
  const applied = await Application.count({ where: { candidate_id: candidate.id, recruiter_id: recruiter.id } });
  return applied ? side : null;
}
