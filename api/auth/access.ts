// Who a caller is and what they reach: the one home of the role rules (back-office.md section 6,
// docs/decisions/044-manager-rule-and-scope.md, 075-one-access-module.md and 190-who-may-see-an-applicant.md).
// Route guards, the console engine, services and the portal (through /apis/auth/me's is_manager)
// all ask here. Nothing here reads who created or published a record: access follows role and company.
import { QueryTypes, type Transaction } from 'sequelize';
import { Application, ManagerRecruiter, User, boundSequelize, readRows } from '../../models/index.js';
import { companyNameFor } from '../../models/rules/company.js';
import { isActive } from '../../models/rules/subscription.js';
import { isCandidate, managerAreaAnswer, type ConsoleRole } from '../../models/rules/roles.js';
import { forbidden, unauthorized } from '../lib/errors.js';

export { isCandidate, managerAreaAnswer, type ConsoleRole };

type Who = Pick<User, 'id' | 'is_admin' | 'profile' | 'user_plan'>;

/** Staff: the users.is_admin group. */
export function isStaff(user: Pick<User, 'is_admin'>): boolean {
  return !!user.is_admin;
}

/**
 * The recruiters in a user's manager list, the user themselves left out. Written SQL: read on every
 * signed-in request that asks for a reach (docs/decisions/404-sqlite-query-cost.md).
 */
async function managedRecruiterIds(userId: string, t?: Transaction): Promise<string[]> {
  const links = await readRows<{ recruiter_id: string }>('SELECT recruiter_id FROM manager_recruiters WHERE manager_id = ?', [userId], t);
  return [...new Set(links.map((l) => l.recruiter_id).filter((id) => id !== userId))];
}

/**
 * What paid subscriptions give a user now (decision 240): `subscriber` when they own an active one
 * (paid and not expired, or unpaid within its grace: models/rules/subscription.ts isActive);
 * `seatHolders`, the recruiters holding seats of those; `seatOwners`, the subscribers whose active
 * subscription gives the user a seat. An expired, canceled or ended-grace subscription gives nothing.
 */
export interface Entitlement {
  subscriber: boolean;
  seatHolders: string[];
  seatOwners: string[];
}

const NO_ENTITLEMENT: Entitlement = { subscriber: false, seatHolders: [], seatOwners: [] };

export async function entitlementOf(userId: string, t?: Transaction, now: number = Date.now()): Promise<Entitlement> {
  const rows = await readRows<{ user_id: string | null; state: string; expires_at: Date | string | null; recruiter_id: string | null }>(
    `SELECT s.user_id, s.state, s.expires_at, sr.recruiter_id FROM subscriptions s LEFT JOIN subscription_recruiters sr ON sr.subscription_id = s.id
     WHERE s.state IN ('payed', 'unpaid') AND (s.user_id = ? OR sr.recruiter_id = ?)`,
    [userId, userId],
    t,
  );
  if (!rows.length) return NO_ENTITLEMENT;
  const active = rows.filter((r) => isActive({ state: r.state, expires_at: r.expires_at }, now));
  const owned = active.filter((r) => r.user_id === userId);
  return {
    subscriber: owned.length > 0,
    seatHolders: [...new Set(owned.map((r) => r.recruiter_id).filter((id): id is string => !!id && id !== userId))],
    seatOwners: [...new Set(active.filter((r) => r.recruiter_id === userId && r.user_id && r.user_id !== userId).map((r) => r.user_id as string))],
  };
}

/** Whether subscriptions make the user a manager: they own an active one or hold one of its seats. */
const entitled = (e: Entitlement): boolean => e.subscriber || e.seatOwners.length > 0;

/**
 * The manager rule, given the recruiters of the user's list other than themselves and what their
 * subscriptions give: a user of profile manager, or whose plan is set and not free, or whose list
 * holds someone else, or who owns an active subscription or holds one of its seats. Only others
 * count: a list holding only the user makes nobody a manager.
 */
export function isManagerGiven(user: Pick<User, 'profile' | 'user_plan'>, othersInList: readonly string[], entitlement: Entitlement = NO_ENTITLEMENT): boolean {
  if (user.profile === 'candidate') return false;
  return user.profile === 'manager' || (!!user.user_plan && user.user_plan !== 'free') || othersInList.length > 0 || entitled(entitlement);
}

/** The full manager rule, reading the manager list and the subscriptions from the database. */
export async function isManager(user: Pick<User, 'id' | 'profile' | 'user_plan'>, t?: Transaction): Promise<boolean> {
  if (user.profile === 'candidate') return false;
  if (isManagerGiven(user, [])) return true;
  if ((await managedRecruiterIds(user.id, t)).length > 0) return true;
  return entitled(await entitlementOf(user.id, t));
}

/**
 * The recruiter accounts of a subscriber's company, who may hold seats of their subscriptions: the
 * recruiters of their manager list and of their shops, and those who held a seat of one of their
 * subscriptions; the subscriber themselves too (decision 241).
 */
export async function companyRecruiterIds(ownerId: string, t?: Transaction): Promise<string[]> {
  const rows = await boundSequelize().query<{ id: string }>(
    `SELECT recruiter_id AS id FROM manager_recruiters WHERE manager_id = ?
     UNION SELECT recruiter_id AS id FROM shops WHERE manager_id = ? AND recruiter_id IS NOT NULL
     UNION SELECT sr.recruiter_id AS id FROM subscription_recruiters sr JOIN subscriptions s ON s.id = sr.subscription_id WHERE s.user_id = ?`,
    { replacements: [ownerId, ownerId, ownerId], type: QueryTypes.SELECT, transaction: t },
  );
  return [...new Set([ownerId, ...rows.map((r) => r.id)])];
}

/** Whether a recruiter account belongs to a subscriber's company (companyRecruiterIds). */
export async function isCompanyRecruiter(ownerId: string, recruiterId: string, t?: Transaction): Promise<boolean> {
  return (await companyRecruiterIds(ownerId, t)).includes(recruiterId);
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
  /**
   * Managers whose company records the caller reads: themselves, plus the subscribers whose seat
   * they hold (those subscribers' shops). Writes and subscriptions stay the caller's own.
   */
  managerIds: string[];
}

/** Roles and reach in one read of the manager list. */
export async function reachOf(user: Who, t?: Transaction): Promise<Reach> {
  if (isStaff(user)) return { all: true, userId: user.id, roles: ['admin'], recruiterIds: [], managerIds: [] };
  if (user.profile === 'candidate') return { all: false, userId: user.id, roles: ['candidate'], recruiterIds: [], managerIds: [] };
  const [others, entitlement] = await Promise.all([managedRecruiterIds(user.id, t), entitlementOf(user.id, t)]);
  const manager = isManagerGiven(user, others, entitlement);
  const roles: ConsoleRole[] = user.profile === 'recruiter' || user.profile === 'manager' ? ['recruiter'] : [];
  if (manager) roles.push('manager');
  // A subscriber reaches the recruiters holding their seats as their list's; a seat holder
  // reaches the subscriber's own offers and shops (decision 240).
  return {
    all: false,
    userId: user.id,
    roles,
    recruiterIds: manager ? [...new Set([user.id, ...others, ...entitlement.seatHolders, ...entitlement.seatOwners])] : [user.id],
    managerIds: [user.id, ...entitlement.seatOwners],
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
export async function companyReach(caller: Who | undefined, known?: Reach): Promise<Reach> {
  if (!caller) throw unauthorized();
  // known: the caller's reach the service already read for this request (no second read).
  const reach = known ?? (await reachOf(caller));
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

/**
 * Who may give a candidate one take back on a question whose takes are used up (decision 465): the
 * offer's side of the application (staff, its recruiter, that recruiter's managers), never the
 * candidate, never another company.
 */
export async function mayGiveTakeBack(caller: Who, application: { recruiter_id: string | null }, t?: Transaction): Promise<boolean> {
  // A candidate's reach covers no recruiter: they never pass, not even for their own application.
  return mayReachApplication(caller, application, t);
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

/**
 * The companies (their managers' accounts) that reach a recruiter's offers and applicants: the
 * inverse of reachOf's recruiterIds, the recruiter themselves included, the subscribers whose
 * active subscription gives them a seat by entitlementOf's one rule. Who hears a webhook event
 * about that recruiter's offer (docs/decisions/480-outbound-webhooks.md).
 */
export async function managersReaching(recruiterId: string, t?: Transaction, now: number = Date.now()): Promise<string[]> {
  const links = await readRows<{ id: string }>('SELECT manager_id AS id FROM manager_recruiters WHERE recruiter_id = ?', [recruiterId], t);
  const { seatOwners } = await entitlementOf(recruiterId, t, now);
  return [...new Set([recruiterId, ...links.map((r) => r.id).filter((id): id is string => !!id), ...seatOwners])];
}
