// A manager's recruiter subscriptions, read (back-office.md section 3): quantity, the recruiters
// on it, seats used and remaining (sub_quantity minus recruiters used), state (payed means active)
// and expiry. Buying and changing them is the payment flow's.
import { QueryTypes } from 'sequelize';
import { boundSequelize, type User } from '../../models/index.js';
import { readDate } from '../../models/rules/dates.js';
import { notFound } from '../lib/errors.js';
import { reachOf } from '../auth/access.js';

const iso = (v: unknown) => readDate(v)?.toISOString() ?? null;
type Row = Record<string, unknown>;

async function read(where: string, params: unknown[]) {
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
    const quantity = Number(s.quantity);
    return {
      id: Number(s.id),
      sub_id: String(s.sub_id),
      plan_id: String(s.plan_id),
      created: iso(s.created_at),
      expires: iso(s.expires_at),
      sub_quantity: quantity,
      sub_recruiters: recruiters,
      seats_used: recruiters.length,
      seats_remaining: Math.max(0, quantity - recruiters.length),
      state: String(s.state),
      active: s.state === 'payed',
    };
  });
}

export async function listSubscriptions(caller: User) {
  const reach = await reachOf(caller);
  const Items = await read(reach.all ? '1 = 1' : 's.user_id = ?', reach.all ? [] : [caller.id]);
  return { Items, Count: Items.length };
}

export async function getSubscription(caller: User, id: string) {
  const reach = await reachOf(caller);
  const [Item] = /^\d{1,12}$/.test(id) ? await read(reach.all ? 's.id = ?' : 's.id = ? AND s.user_id = ?', reach.all ? [id] : [id, caller.id]) : [];
  if (!Item) throw notFound('subscription_not_found', 'not_found');
  return { Item };
}

/** Whether a user has any subscription (the manager menu's subscriptions entry). */
export async function hasSubscriptions(userId: string): Promise<boolean> {
  const [row] = await boundSequelize().query<Row>('SELECT 1 AS one FROM subscriptions WHERE user_id = ? LIMIT 1', { replacements: [userId], type: QueryTypes.SELECT });
  return !!row;
}
