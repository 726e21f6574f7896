// The manager's reads of subscriptions (issue 11: GET /apis/subscription, /apis/subscription/{id};
// back-office.md section 3): the caller's reach's subscriptions with their seated recruiters, the
// company's recruiters a seat may go to, and whether a user has any (the manager menu).
import { QueryTypes } from 'sequelize';
import { User, boundSequelize, type UserRow, readRows } from '../../../models/index.js';
import { readDate } from '../../../models/rules/dates.js';
import { effectiveState, isActive, seatsOf } from '../../../models/rules/subscription.js';
import { companyRecruiterIds, reachOf } from '../../auth/access.js';
import { notFound } from '../../lib/errors.js';
import { SUBSCRIBER_PROFILES } from './subscription-view.js';

const iso = (v: unknown) => readDate(v)?.toISOString() ?? null;
type Row = Record<string, unknown>;

async function read(where: string, params: unknown[], now: Date) {
  const sequelize = boundSequelize();
  const subs = await sequelize.query<Row>(`SELECT id, sub_id, user_id, plan_id, quantity, state, expires_at, created_at FROM subscriptions s WHERE ${where} ORDER BY created_at DESC, id DESC`, {
    replacements: params,
    type: QueryTypes.SELECT,
  });
  const ids = subs.map((s) => Number(s.id));
  const seats = ids.length
    ? await sequelize.query<Row>(
        `SELECT sr.subscription_id, u.id, u.name, u.email, u.picture FROM subscription_recruiters sr JOIN users u ON u.id = sr.recruiter_id WHERE sr.subscription_id IN (${ids.map(() => '?').join(', ')}) ORDER BY u.name, u.id`,
        { replacements: ids, type: QueryTypes.SELECT },
      )
    : [];
  return subs.map((s) => {
    const recruiters = seats
      .filter((r) => Number(r.subscription_id) === Number(s.id))
      .map((r) => ({ sub: String(r.id), name: String(r.name ?? ''), email: String(r.email), picture: (r.picture as string | null) ?? null }));
    const state = effectiveState({ state: String(s.state), expires_at: readDate(s.expires_at) ?? null }, now);
    return {
      id: Number(s.id),
      sub_id: String(s.sub_id),
      plan_id: String(s.plan_id),
      created: iso(s.created_at),
      expires: iso(s.expires_at),
      sub_quantity: Number(s.quantity),
      sub_recruiters: recruiters,
      ...seatsOf(Number(s.quantity), recruiters.length),
      // Read-time expiry: a payed subscription past its expiry reads 'expired', inactive.
      state,
      active: isActive({ state: String(s.state), expires_at: readDate(s.expires_at) ?? null }, now),
    };
  });
}

export async function listSubscriptions(caller: UserRow, now: Date = new Date()) {
  const reach = await reachOf(caller);
  const Items = await read(reach.all ? '1 = 1' : 's.user_id = ?', reach.all ? [] : [caller.id], now);
  return { Items, Count: Items.length };
}

export async function getSubscription(caller: UserRow, id: string | null, now: Date = new Date()) {
  const reach = await reachOf(caller);
  const [Item] = id !== null ? await read(reach.all ? 's.id = ?' : 's.id = ? AND s.user_id = ?', reach.all ? [id] : [id, caller.id], now) : [];
  if (!Item) throw notFound('subscription_not_found', 'not_found');
  // The company's recruiters without a seat here, whom the seat form offers (decision 241).
  const [row] = await boundSequelize().query<Row>('SELECT user_id FROM subscriptions WHERE id = ?', { replacements: [id], type: QueryTypes.SELECT });
  const ownerId = row?.user_id ? String(row.user_id) : null;
  const seated = new Set(Item.sub_recruiters.map((r) => r.sub));
  const ids = ownerId ? (await companyRecruiterIds(ownerId)).filter((rid) => !seated.has(rid)) : [];
  const users = ids.length ? await User.findAll({ where: { id: ids, profile: [...SUBSCRIBER_PROFILES] }, attributes: ['id', 'name', 'email'], order: [['name', 'ASC']] }) : [];
  return { Item: { ...Item, assignable: users.map((u) => ({ sub: u.id, name: u.name, email: u.email })) } };
}

/** Whether a user has any subscription (the manager menu's subscriptions entry). */
export async function hasSubscriptions(userId: string): Promise<boolean> {
  const [row] = await readRows('SELECT 1 AS one FROM subscriptions WHERE user_id = ? LIMIT 1', [userId]);
  return !!row;
}
