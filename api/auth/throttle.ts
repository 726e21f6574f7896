// Attempt counters kept in the database (table auth_attempts), so that every server process
// enforces the same limits. An attempt is recorded BEFORE the expensive check (password hash,
// reset code), then counted: each concurrent request sees at least its own row and every row
// committed before it, so no burst can get more than `max` tries through a window.
// Limits: docs/decisions/042-rate-limits.md.
import { Op } from 'sequelize';
import { AuthAttempt } from '../../models/index.js';
import { tooMany } from '../lib/errors.js';

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

const MIN = 60_000;
export const LIMITS = {
  loginAccount: (email: string): Limit => ({ bucket: `login:acct:${email}`, max: 5, windowMs: 15 * MIN }),
  loginAddress: (ip: string): Limit => ({ bucket: `login:ip:${ip}`, max: 20, windowMs: 15 * MIN }),
  forgotAccount: (email: string): Limit => ({ bucket: `forgot:acct:${email}`, max: 3, windowMs: 60 * MIN }),
  forgotAddress: (ip: string): Limit => ({ bucket: `forgot:ip:${ip}`, max: 10, windowMs: 60 * MIN }),
  resetUser: (userId: string): Limit => ({ bucket: `reset:user:${userId}`, max: 10, windowMs: 60 * MIN }),
  resetAddress: (ip: string): Limit => ({ bucket: `reset:ip:${ip}`, max: 30, windowMs: 60 * MIN }),
} as const;

const cut = (s: string) => s.slice(0, 190);

/** Records one attempt in each bucket; throws 429 when any bucket is over its limit.
 *  Returns the ids recorded so that a success can take them back (see forget). */
export async function spend(limits: Limit[], now: Date, messageKey = 'too_many_requests', code = 'too_many_requests'): Promise<number[]> {
  const ids: number[] = [];
  let over = false;
  for (const l of limits) {
    const row = await AuthAttempt.create({ bucket: cut(l.bucket), at: now });
    ids.push(row.id);
    const count = await AuthAttempt.count({
      where: { bucket: cut(l.bucket), at: { [Op.gt]: new Date(now.getTime() - l.windowMs) }, id: { [Op.lte]: row.id } },
    });
    if (count > l.max) over = true;
  }
  if (over) {
    // A refused try does not count against the caller a second time.
    await AuthAttempt.destroy({ where: { id: ids } });
    throw tooMany(code, messageKey);
  }
  return ids;
}

/** Forgets attempts: the rows of one request (ids) and, after a success, a whole bucket. */
export async function forget(ids: number[], buckets: string[] = []): Promise<void> {
  if (ids.length) await AuthAttempt.destroy({ where: { id: ids } });
  if (buckets.length) await AuthAttempt.destroy({ where: { bucket: buckets.map(cut) } });
}

/** Housekeeping: rows older than a day no longer count for any limit. */
export async function purgeOldAttempts(now: Date): Promise<void> {
  await AuthAttempt.destroy({ where: { at: { [Op.lt]: new Date(now.getTime() - 24 * 3600_000) } } });
}
