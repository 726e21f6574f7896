// Staff actions on users (back-office.md section 4): plan change, boosters, substitution (merge),
// permanent delete, close, contact history and manager-recruiter links. Each runs in one
// transaction, keeps the user counters true and writes an audit entry.
import { retryingTransaction } from '../platform/retry-transaction.js';
import { Op, QueryTypes, type Transaction } from 'sequelize';
import {
  boundSequelize,
  Application,
  ApplicationAnswer,
  AnswerUpload,
  Upload,
  CloseEvent,
  ContactEvent,
  ManagerRecruiter,
  PlanLimit,
  User,
  WishlistEntry,
  Offer,
  DraftOffer,
  Shop,
  Subscription,
  Template,
  type UserRow,
} from '../../../models/index.js';
import { invalid, notFound, AppError } from '../../lib/errors.js';
import type { BoostersAction, ContactAction, PlanAction, RecruitersAction, SubstituteAction } from '../../../models/resources/users/actions.js';
import { audit } from '../platform/audit.service.js';
import { companyOf } from '../../auth/access.js';
import { recountOffers, recountUsers } from '../applications/user-counters.service.js';
import { reindexOffers } from '../../../models/search/writes.js';
import type { Storage } from '../../integrations/storage.js';
import type { UploadStore } from '../../integrations/upload-store.js';
import { removeUploadFiles, sourceKeyOf, storyKeys } from '../applications/video-answers.service.js';

export interface Actor {
  id: string;
}

const RESOURCE = 'users';

/** The fields an audit entry keeps of a user (never the password hash); also the profile of a privacy export. */
export function snapshotOfUser(u: User | UserRow): Record<string, unknown> {
  // The signed-in caller is plain values already, equal to the model's (api/auth/sessions.ts).
  const { password_hash: _p, ...rest } = (u instanceof User ? u.get({ plain: true }) : u) as unknown as Record<string, unknown>;
  return rest;
}
const snapshot = snapshotOfUser;

async function lockUser(id: string, t: Transaction): Promise<User> {
  const user = await User.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
  if (!user) throw notFound('user_not_found', 'console_user_not_found');
  return user;
}

function requireRecruiterLike(u: User): void {
  if (u.profile !== 'recruiter' && u.profile !== 'manager') throw invalid('not_a_recruiter', 'console_not_a_recruiter');
}

/** Plan change: free, aplan (silver), bplan (gold) or custom with a numeric active-offers limit. */
export async function changePlan(actor: Actor, userId: string, input: PlanAction, now: Date) {
  const { user_plan: plan, actives_offers: limit } = input;
  return retryingTransaction(async (t) => {
    const user = await lockUser(userId, t);
    requireRecruiterLike(user);
    const existing = await PlanLimit.findOne({ where: { user_id: userId }, transaction: t });
    const before = { user_plan: user.user_plan, actives_offers: existing?.actives_offers ?? 0 };
    user.user_plan = plan;
    await user.save({ transaction: t });
    // A non-custom plan shows limit 0 (section 9); the record keeps the custom limit only.
    if (existing) await existing.update({ actives_offers: limit }, { transaction: t });
    else await PlanLimit.create({ user_id: userId, actives_offers: limit }, { transaction: t });
    const after = { user_plan: plan, actives_offers: limit };
    await audit(t, { actorId: actor.id, action: 'plan', resource: RESOURCE, recordId: userId, before, after, at: now });
    return { id: userId, ...after };
  });
}

/** Adds boosters: available and total both grow by the count. */
export async function addBoosters(actor: Actor, userId: string, { count: n }: BoostersAction, now: Date) {
  return retryingTransaction(async (t) => {
    const user = await lockUser(userId, t);
    requireRecruiterLike(user);
    const before = { av_boost: user.av_boost, total_boost: user.total_boost };
    await user.increment({ av_boost: n, total_boost: n }, { transaction: t });
    await user.reload({ transaction: t });
    const after = { av_boost: user.av_boost, total_boost: user.total_boost };
    await audit(t, { actorId: actor.id, action: 'boosters', resource: RESOURCE, recordId: userId, before, after, at: now });
    return { id: userId, ...after };
  });
}

/** What a merge of `source` into `target` moves: the source's records, counted. */
async function mergeMoves(source: User, t: Transaction) {
  const by = (model: { count(o: object): Promise<number> }, where: object) => model.count({ where, transaction: t });
  return {
    offers: await by(Offer, { recruiter_id: source.id }),
    applications: await by(Application, { recruiter_id: source.id }),
    shops: await by(Shop, { [Op.or]: [{ recruiter_id: source.id }, { manager_id: source.id }] }),
    templates: await by(Template, { owner_id: source.id }),
    drafts: await by(DraftOffer, { owner_id: source.id }),
    subscriptions: await by(Subscription, { user_id: source.id }),
    recruiters: await by(ManagerRecruiter, { manager_id: source.id }),
    boosters: source.av_boost,
  };
}

const mergeSide = (u: User, company: string | null) => ({ id: u.id, name: u.name, email: u.email, profile: u.profile, company });

/**
 * Substitution: merges the recruiter `sourceId` into the viewed recruiter `targetId`
 * (docs/decisions/062-substitute-merge.md). Everything the source owns moves, counters and
 * boosters add up, then the source account is deleted. All in one transaction. `preview` only
 * answers what would move. Accounts of different companies merge only when staff typed the merged
 * account's e-mail as `confirm` (docs/decisions/260-substitute-dialog.md).
 */
export async function substitute(actor: Actor, targetId: string, body: SubstituteAction, now: Date) {
  const sourceId = body.user;
  if (sourceId === targetId) throw invalid('substitute_same', 'console_substitute_same');
  const sequelize = boundSequelize();
  return retryingTransaction(async (t) => {
    // Lock both in id order so two opposite merges cannot deadlock.
    const [first, second] = [targetId, sourceId].sort();
    const a = await lockUser(first, t);
    const b = await lockUser(second, t);
    const target = a.id === targetId ? a : b;
    const source = a.id === sourceId ? a : b;
    requireRecruiterLike(target);
    requireRecruiterLike(source);
    const [targetCompany, sourceCompany] = [await companyOf(target.id, t), await companyOf(source.id, t)];
    const crossCompany = targetCompany !== sourceCompany;
    if (body.preview) {
      return { target: mergeSide(target, targetCompany), source: mergeSide(source, sourceCompany), moves: await mergeMoves(source, t), cross_company: crossCompany };
    }
    if (crossCompany && body.confirm !== source.email.toLowerCase()) {
      throw invalid('substitute_confirm_required', 'console_substitute_confirm_required', { email: source.email });
    }
    const before = { target: snapshot(target), source: snapshot(source) };
    const q = (sql: string, replacements: unknown[]) => sequelize.query(sql, { replacements, transaction: t, type: QueryTypes.UPDATE });
    const moved: Record<string, number> = {};
    const offerIds = (await Offer.findAll({ where: { recruiter_id: sourceId }, attributes: ['id'], raw: true, transaction: t })).map((o) => o.id);
    moved.offers = offerIds.length;
    await q('UPDATE offers SET recruiter_id = ? WHERE recruiter_id = ?', [targetId, sourceId]);
    await reindexOffers(offerIds, t);
    await q('UPDATE offers SET created_by_id = ? WHERE created_by_id = ?', [targetId, sourceId]);
    moved.applications = await Application.count({ where: { recruiter_id: sourceId }, transaction: t });
    await q('UPDATE applications SET recruiter_id = ? WHERE recruiter_id = ?', [targetId, sourceId]);
    await q('UPDATE shops SET recruiter_id = ? WHERE recruiter_id = ?', [targetId, sourceId]);
    await q('UPDATE shops SET manager_id = ? WHERE manager_id = ?', [targetId, sourceId]);
    await q('UPDATE templates SET owner_id = ? WHERE owner_id = ?', [targetId, sourceId]);
    await q('UPDATE draft_offers SET owner_id = ? WHERE owner_id = ?', [targetId, sourceId]);
    await q('UPDATE subscriptions SET user_id = ? WHERE user_id = ?', [targetId, sourceId]);
    // A subscription holding both keeps one seat (the pair is unique).
    await q('DELETE FROM subscription_recruiters WHERE recruiter_id = ? AND subscription_id IN (SELECT s FROM (SELECT subscription_id AS s FROM subscription_recruiters WHERE recruiter_id = ?) x)', [
      sourceId,
      targetId,
    ]);
    await q('UPDATE subscription_recruiters SET recruiter_id = ? WHERE recruiter_id = ?', [targetId, sourceId]);
    await q('UPDATE share_links SET shared_by_id = ? WHERE shared_by_id = ?', [targetId, sourceId]);
    // Manager links: the source's recruiters become the target's, and managers of the source now
    // manage the target; pairs that would repeat or link the target to itself are dropped.
    const links = await ManagerRecruiter.findAll({ where: { [Op.or]: [{ manager_id: sourceId }, { recruiter_id: sourceId }] }, transaction: t });
    for (const link of links) {
      const manager = link.manager_id === sourceId ? targetId : (link.manager_id as string);
      const recruiter = link.recruiter_id === sourceId ? targetId : (link.recruiter_id as string);
      await link.destroy({ transaction: t });
      if (manager === recruiter) continue;
      const exists = await ManagerRecruiter.findOne({ where: { manager_id: manager, recruiter_id: recruiter }, transaction: t });
      if (!exists) await ManagerRecruiter.create({ manager_id: manager, recruiter_id: recruiter }, { transaction: t });
    }
    // The booster ledger adds up; the counters follow from the moved rows (recountUsers below).
    await target.update({ av_boost: target.av_boost + source.av_boost, total_boost: target.total_boost + source.total_boost, used_boost: target.used_boost + source.used_boost }, { transaction: t });
    await source.destroy({ transaction: t });
    await recountUsers([targetId], t);
    await target.reload({ transaction: t });
    const after = { target: snapshot(target), moved };
    await audit(t, { actorId: actor.id, action: 'substitute', resource: RESOURCE, recordId: targetId, before, after, at: now });
    return { id: targetId, merged: sourceId, moved, av_boost: target.av_boost, total_boost: target.total_boost, offers_count: target.offers_count, candidates_count: target.candidates_count };
  });
}

/** Who deletes an account: staff (console), the person themselves, or the inactivity sweep (no actor). */
export type DeletionReason = 'staff' | 'self' | 'inactivity';

/** Where an account's files are: the storage (stories, sources, CVs, pictures) and the upload store (answer uploads in progress). */
export interface AccountFiles {
  storage: Pick<Storage, 'get' | 'delete'>;
  uploads: UploadStore;
}

/**
 * The files that go with an account: the stories (playlist, segments, poster) and sources of every
 * application deleted with it (its own as a candidate and, for a recruiter, those to their offers:
 * foreign keys cascade), the ids of those applications' answer uploads (their tus files), and the
 * CVs and uploads the user owns. Another candidate's CV is left to the unreferenced-uploads sweep
 * (decision 088): it may serve that candidate's other applications.
 */
export async function userFiles(storage: Pick<Storage, 'get'>, userId: string, t?: Transaction): Promise<{ keys: string[]; uploadIds: string[] }> {
  const keys = new Set<string>();
  const uploadIds: string[] = [];
  const offerIds = (await Offer.findAll({ where: { recruiter_id: userId }, attributes: ['id'], raw: true, transaction: t })).map((o) => o.id);
  const apps = await Application.findAll({
    where: { [Op.or]: [{ candidate_id: userId }, { recruiter_id: userId }, ...(offerIds.length ? [{ offer_id: offerIds }] : [])] },
    attributes: ['id', 'candidate_id', 'cv_key'],
    raw: true,
    transaction: t,
  });
  const appIds = apps.map((a) => a.id);
  for (const a of apps) if (a.cv_key && a.candidate_id === userId) keys.add(a.cv_key);
  if (appIds.length) {
    for (const a of await ApplicationAnswer.findAll({ where: { application_id: appIds, upload_path: { [Op.ne]: null } }, attributes: ['upload_path'], raw: true, transaction: t })) {
      for (const k of await storyKeys(storage as Storage, a.upload_path!)) keys.add(k);
    }
    for (const u of await AnswerUpload.findAll({ where: { application_id: appIds }, attributes: ['id', 'source_key'], raw: true, transaction: t })) {
      if (u.source_key) keys.add(u.source_key);
      keys.add(sourceKeyOf(u.id));
      uploadIds.push(u.id);
    }
  }
  for (const u of await Upload.findAll({ where: { owner_id: userId }, attributes: ['key'], raw: true, transaction: t })) keys.add(u.key);
  return { keys: [...keys], uploadIds };
}

/**
 * Permanent delete, the one deletion of an account (staff's console action, the person's own
 * request, the inactivity sweep): the user and everything that belongs to them (foreign keys
 * cascade); counters of the users on the other side of their applications and wishlists, and of
 * the offers that lost applications, are recomputed in the same transaction; once it commits, their
 * stories, CVs and uploads leave the storage and the unfinished answer uploads their tus files in
 * UPLOAD_TMP_DIR (docs/decisions/168-self-service-privacy.md, 230-no-upload-left-behind.md).
 */
export async function deleteUser(
  actor: Actor | null,
  userId: string,
  now: Date,
  files: AccountFiles,
  reason: DeletionReason = 'staff',
): Promise<{ id: string; message: 'console_user_deleted'; files: number }> {
  let keys: string[] = [];
  let uploadIds: string[] = [];
  try {
    await retryingTransaction(async (t) => {
      const user = await lockUser(userId, t);
      const before = snapshot(user);
      ({ keys, uploadIds } = await userFiles(files.storage, userId, t));
      const affected = new Set<string>();
      const appOffers = new Set<number>();
      for (const a of await Application.findAll({
        where: { [Op.or]: [{ candidate_id: userId }, { recruiter_id: userId }] },
        attributes: ['candidate_id', 'recruiter_id', 'offer_id'],
        raw: true,
        transaction: t,
      })) {
        affected.add(a.candidate_id as string);
        affected.add(a.recruiter_id as string);
        appOffers.add(Number(a.offer_id));
      }
      const offerIds = (await Offer.findAll({ where: { recruiter_id: userId }, attributes: ['id'], raw: true, transaction: t })).map((o) => o.id);
      if (offerIds.length) {
        for (const w of await WishlistEntry.findAll({ where: { offer_id: offerIds }, attributes: ['candidate_id'], raw: true, transaction: t })) affected.add(w.candidate_id as string);
      }
      affected.delete(userId);
      await Upload.destroy({ where: { owner_id: userId }, transaction: t });
      await user.destroy({ transaction: t });
      await recountUsers(affected, t);
      // The offers that lost applications (a deleted recruiter's own offers are gone with them).
      await recountOffers(appOffers, t);
      // A person deleting themselves is no longer a user the entry can point at: the reason says who.
      const actorId = actor && actor.id !== userId ? actor.id : null;
      await audit(t, { actorId, action: 'delete', resource: RESOURCE, recordId: userId, before, after: { reason, files: keys.length }, at: now });
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError(500, 'delete_failed', 'console_delete_failed');
  }
  // After the commit: a rolled-back deletion keeps its files. A key missing already is not an error.
  for (const key of keys) await files.storage.delete(key);
  await removeUploadFiles(files.uploads, uploadIds);
  return { id: userId, message: 'console_user_deleted' as const, files: keys.length };
}

/** Close ("Classer"): a close event, and the user is no longer contactable. */
export async function closeUser(actor: Actor, userId: string, now: Date) {
  return retryingTransaction(async (t) => {
    const user = await lockUser(userId, t);
    const before = { contactable: user.contactable, closed_at: user.closed_at };
    await CloseEvent.create({ user_id: userId, actor_id: actor.id, at: now }, { transaction: t });
    await user.update({ contactable: false, closed_at: now }, { transaction: t });
    const after = { contactable: false, closed_at: now.toISOString() };
    await audit(t, { actorId: actor.id, action: 'close', resource: RESOURCE, recordId: userId, before, after, at: now });
    return { id: userId, ...after };
  });
}

/** Contact history: one entry per ticked action; none ticked is refused. */
export async function addContacts(actor: Actor, userId: string, { actions }: ContactAction, now: Date) {
  return retryingTransaction(async (t) => {
    const user = await lockUser(userId, t);
    const before = { contacts_count: user.contacts_count };
    for (const action of actions) await ContactEvent.create({ user_id: userId, action, actor_id: actor.id, at: now }, { transaction: t });
    await recountUsers([userId], t);
    await user.reload({ transaction: t });
    const history = await ContactEvent.findAll({
      where: { user_id: userId },
      order: [
        ['at', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction: t,
    });
    const after = { contacts_count: user.contacts_count, added: actions };
    await audit(t, { actorId: actor.id, action: 'contact', resource: RESOURCE, recordId: userId, before, after, at: now });
    return { id: userId, contacts_count: user.contacts_count, contact_history: history.map((h) => ({ date: Math.floor(h.at.getTime() / 1000), action: h.action })) };
  });
}

/**
 * Manager-recruiter links: add and remove recruiters from a manager's list. A manager cannot
 * remove themselves: the whole request is refused and logged (audit action recruiters_refused).
 */
export async function assignRecruiters(actor: Actor, managerId: string, { add, remove }: RecruitersAction, now: Date) {
  if (remove.includes(managerId)) {
    await retryingTransaction(async (t) => {
      await audit(t, { actorId: actor.id, action: 'recruiters_refused', resource: RESOURCE, recordId: managerId, before: null, after: { remove }, at: now });
    });
    throw invalid('manager_self_removal', 'console_manager_self_removal');
  }
  return retryingTransaction(async (t) => {
    const manager = await lockUser(managerId, t);
    requireRecruiterLike(manager);
    const current = (await ManagerRecruiter.findAll({ where: { manager_id: managerId }, transaction: t })).map((l) => l.recruiter_id as string);
    const toAdd = add.filter((id) => id !== managerId && !current.includes(id));
    if (toAdd.length) {
      const found = await User.findAll({ where: { id: toAdd, profile: ['recruiter', 'manager'] }, attributes: ['id'], transaction: t });
      if (found.length !== toAdd.length) throw notFound('user_not_found', 'console_user_not_found');
      for (const id of toAdd) await ManagerRecruiter.create({ manager_id: managerId, recruiter_id: id }, { transaction: t });
    }
    if (remove.length) await ManagerRecruiter.destroy({ where: { manager_id: managerId, recruiter_id: remove }, transaction: t });
    const after = (await ManagerRecruiter.findAll({ where: { manager_id: managerId }, transaction: t })).map((l) => l.recruiter_id as string);
    // The manager's counters are over their list's offers (decision 099).
    await recountUsers([managerId], t);
    await audit(t, { actorId: actor.id, action: 'recruiters', resource: RESOURCE, recordId: managerId, before: { recruiters: current }, after: { recruiters: after }, at: now });
    return { id: managerId, recruiters: after };
  });
}
