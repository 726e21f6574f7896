// The seats of a subscription (back-office.md section 3; decision 241): a recruiter of the
// subscriber's company given or freed a seat, the new recruiter form (account, seat and point of
// sale at once) and the staff console's seats action. One seat rule, takeSeat, for every path.
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { Shop, Subscription, SubscriptionRecruiter, User, transaction, type UserRow } from '../../../models/index.js';
import { isActive } from '../../../models/rules/subscription.js';
import { isCompanyRecruiter, reachOf } from '../../auth/access.js';
import { hashPassword } from '../../auth/passwords.js';
import { insertRecruiter } from '../accounts/recruiters.service.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { SeatsAction } from '../../../models/resources/subscriptions/actions.js';
import { newSeatRecruiterSchema, type NewSeatRecruiter } from './subscriptions.schema.js';
import { parseInput } from '../../lib/validate.js';
import { isRecordId } from '../../../models/rules/ids.js';
import { SUBSCRIBER_PROFILES, seatsUsed, subNotFound, subscriptionView } from './subscription-view.js';

/** The subscription a caller manages seats of, locked: its owner's (staff: any); others 404. */
async function seatSubscription(subId: string, caller: UserRow, all: boolean, t: Transaction): Promise<Subscription> {
  const sub = await Subscription.findOne({ where: { sub_id: subId }, transaction: t, lock: t.LOCK.UPDATE });
  if (!sub || (!all && sub.user_id !== caller.id)) throw subNotFound();
  return sub;
}

/**
 * The one seat rule, asked by every path that gives a recruiter a seat (the manager's assign and
 * new-recruiter forms, the REST call, the staff console's seats action): the subscription, locked
 * by the caller's transaction, must be active at `now` and have a seat left. Answers the seats used.
 */
async function takeSeat(sub: Subscription, now: Date, t: Transaction): Promise<number> {
  if (!isActive(sub, now) || !sub.user_id) throw conflict('subscription_not_active', 'subscription_not_active');
  const used = await seatsUsed(sub.id, t);
  if (used >= sub.quantity) throw conflict('no_seats_left', 'no_seats_left');
  return used;
}

/**
 * Gives a recruiter of the subscriber's company a seat (access.ts isCompanyRecruiter; staff: any
 * recruiter account). The subscription row is locked, so clicks racing for the last seat give one
 * seat. Assigning a recruiter who already holds a seat answers the same view.
 */
export async function assignSeat(subId: string, recruiterId: string, caller: UserRow, now: Date) {
  const reach = await reachOf(caller);
  return transaction(async (t) => {
    const sub = await seatSubscription(subId, caller, reach.all, t);
    const recruiter = await User.findByPk(recruiterId, { attributes: ['id', 'profile'], transaction: t });
    const inCompany = !!recruiter && (reach.all || (!!sub.user_id && (await isCompanyRecruiter(sub.user_id, recruiterId, t))));
    if (!recruiter || !SUBSCRIBER_PROFILES.has(recruiter.profile) || !inCompany) throw notFound('recruiter_not_found', 'recruiter_not_found');
    const already = await SubscriptionRecruiter.findOne({ where: { subscription_id: sub.id, recruiter_id: recruiterId }, transaction: t });
    if (already) return subscriptionView(sub, await seatsUsed(sub.id, t), now);
    const used = await takeSeat(sub, now, t);
    await SubscriptionRecruiter.create({ subscription_id: sub.id, recruiter_id: recruiterId }, { transaction: t });
    return subscriptionView(sub, used + 1, now);
  });
}

/**
 * The new recruiter form of the subscription page (decision 241): in one transaction, the recruiter
 * account (the staff's creation path, recruiters.service.ts), their seat (the seat rule) and the
 * point of sale it pays for, a shop of the subscriber run by that recruiter. Refused whole: a taken
 * email, no seat left, an inactive subscription.
 */
export async function addSeatRecruiter(subId: string, input: NewSeatRecruiter, caller: UserRow, now: Date) {
  const form = parseInput(newSeatRecruiterSchema, input);
  const reach = await reachOf(caller);
  if (await User.findOne({ where: { email: form.email }, attributes: ['id'] })) throw conflict('user_exists', 'user_already_exists');
  const hash = await hashPassword(form.password);
  try {
    return await transaction(async (t) => {
      const sub = await seatSubscription(subId, caller, reach.all, t);
      const used = await takeSeat(sub, now, t);
      const recruiter = await insertRecruiter({ name: form.name, email: form.email, password: form.password }, hash, caller, t);
      await SubscriptionRecruiter.create({ subscription_id: sub.id, recruiter_id: recruiter.id }, { transaction: t });
      const shop = await Shop.create(
        {
          manager_id: sub.user_id!,
          shopname: form.shopname,
          street: form.street,
          zip_code: form.zip_code,
          city: form.city,
          area: null,
          sub_area: null,
          country: null,
          country_iso: 'FR',
          lat: null,
          lng: null,
          recruiter_id: recruiter.id,
        },
        { transaction: t },
      );
      return { ...subscriptionView(sub, used + 1, now), recruiter: { sub: recruiter.id, name: recruiter.name, email: recruiter.email }, shop_id: shop.id };
    });
  } catch (e) {
    if (e instanceof UniqueConstraintError) throw conflict('user_exists', 'user_already_exists');
    throw e;
  }
}

/** Frees a recruiter's seat (always allowed to the owner, even on an inactive subscription). */
export async function releaseSeat(subId: string, recruiterId: string, caller: UserRow, now: Date) {
  const reach = await reachOf(caller);
  return transaction(async (t) => {
    const sub = await seatSubscription(subId, caller, reach.all, t);
    const removed = await SubscriptionRecruiter.destroy({ where: { subscription_id: sub.id, recruiter_id: recruiterId }, transaction: t });
    if (!removed) throw notFound('recruiter_not_found', 'recruiter_not_found');
    return subscriptionView(sub, await seatsUsed(sub.id, t), now);
  });
}

/** The console's seats action on a subscription record id: { add: recruiter_id } or { remove: recruiter_id }. */
export async function seatsAction(caller: UserRow, recordId: string, { add, remove }: SeatsAction, now: Date) {
  const sub = isRecordId(recordId) ? await Subscription.findByPk(Number(recordId), { attributes: ['sub_id'] }) : null;
  if (!sub) throw subNotFound();
  return add ? assignSeat(sub.sub_id, add, caller, now) : releaseSeat(sub.sub_id, remove!, caller, now);
}
