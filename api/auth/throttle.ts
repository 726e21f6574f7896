// Attempt counters kept in the database (table auth_attempts), so that every server process
// enforces the same limits. An attempt is recorded BEFORE the expensive check (password hash,
// reset code), then counted: each concurrent request sees at least its own row and every row
// committed before it, so no burst can get more than `max` tries through a window.
// Limits: docs/decisions/042-rate-limits.md.
import { Op } from 'sequelize';
import { AuthAttempt } from '../../models/index.js';
import type { Request, RequestHandler } from 'express';
import { AppError, tooMany } from '../lib/errors.js';
import './caller.js';
import { bookkeeping } from '../../models/write-once.js';

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

const MIN = 60_000;
const pair = (account: string, ip: string) => `${account}|${ip}`;
/** Every limit of the product (docs/decisions/042-rate-limits.md and 095-anonymous-write-limits.md).
 *  Tests and the reliability suite change nothing here: they send from distinct addresses
 *  (X-Forwarded-For with TRUST_PROXY set). */
export const LIMITS = {
  // Sign-in: wrong passwords per (account, address) pair and per address; the account itself
  // only slows down (LOGIN_BACKOFF), so a stranger cannot lock the owner out.
  loginPair: (email: string, ip: string): Limit => ({ bucket: `login:pair:${pair(email, ip)}`, max: 5, windowMs: 15 * MIN }),
  loginAddress: (ip: string): Limit => ({ bucket: `login:ip:${ip}`, max: 20, windowMs: 15 * MIN }),
  /** Failures on the account from every address: counted for the backoff, never a hard stop. */
  loginAccount: (email: string): Limit => ({ bucket: `login:acct:${email}`, max: Number.MAX_SAFE_INTEGER, windowMs: 15 * MIN }),
  forgotPair: (email: string, ip: string): Limit => ({ bucket: `forgot:pair:${pair(email, ip)}`, max: 3, windowMs: 60 * MIN }),
  /** Repeat requests for one email from every address (mail bombing). A pair's first request in
   *  the window is never refused by it (see forgotLimits), so strangers cannot use it up for the owner. */
  forgotAccount: (email: string): Limit => ({ bucket: `forgot:acct:${email}`, max: 10, windowMs: 60 * MIN }),
  forgotAddress: (ip: string): Limit => ({ bucket: `forgot:ip:${ip}`, max: 10, windowMs: 60 * MIN }),
  resetPair: (userId: string, ip: string): Limit => ({ bucket: `reset:pair:${pair(userId, ip)}`, max: 10, windowMs: 60 * MIN }),
  resetAddress: (ip: string): Limit => ({ bucket: `reset:ip:${ip}`, max: 30, windowMs: 60 * MIN }),
  // One-time e-mail codes (docs/decisions/135-email-code-sign-in.md): mails asked per (email,
  // address) pair, per email and per address; codes typed per pair and per address.
  emailCodePair: (email: string, ip: string): Limit => ({ bucket: `ecode:pair:${pair(email, ip)}`, max: 3, windowMs: 15 * MIN }),
  emailCodeAccount: (email: string): Limit => ({ bucket: `ecode:acct:${email}`, max: 8, windowMs: 60 * MIN }),
  emailCodeAddress: (ip: string): Limit => ({ bucket: `ecode:ip:${ip}`, max: 20, windowMs: 60 * MIN }),
  emailVerifyPair: (email: string, ip: string): Limit => ({ bucket: `ecode-try:pair:${pair(email, ip)}`, max: 10, windowMs: 15 * MIN }),
  emailVerifyAddress: (ip: string): Limit => ({ bucket: `ecode-try:ip:${ip}`, max: 30, windowMs: 15 * MIN }),
  // Anonymous writes, per address (per user when signed in): numbers a real candidate never reaches.
  apply: (who: string): Limit => ({ bucket: `write:apply:${who}`, max: 10, windowMs: 10 * MIN }),
  upload: (who: string): Limit => ({ bucket: `write:upload:${who}`, max: 10, windowMs: 10 * MIN }),
  /** New video-answer uploads (tus creation), per user and per address: retakes included, 5 questions. */
  videoUpload: (who: string): Limit => ({ bucket: `write:video-upload:${who}`, max: 40, windowMs: 10 * MIN }),
  feedback: (who: string): Limit => ({ bucket: `write:feedback:${who}`, max: 10, windowMs: 10 * MIN }),
  shareView: (who: string): Limit => ({ bucket: `write:share-view:${who}`, max: 60, windowMs: 10 * MIN }),
} as const;

/** Account-wide sign-in backoff: after FREE failures in the account window (from any address),
 *  each try must wait 1 s, 2 s, 4 s... after the account's last failure, at most MAX_MS. */
export const LOGIN_BACKOFF = { free: 5, firstMs: 1000, maxMs: 10_000 } as const;

/** A reset code is voided after this many wrong codes for its user (from any address); a new
 *  forgot-password request mails a fresh one. */
export const RESET_CODE_MAX_WRONG = 20;

/** A mailed sign-in code is voided after this many wrong codes for its address (from any
 *  network address); the candidate asks for a new one. */
export const EMAIL_CODE_MAX_WRONG = 5;

const cut = (s: string) => s.slice(0, 190);

/** Records one attempt in each bucket; throws 429 when any bucket is over its limit.
 *  Returns the ids recorded so that a success can take them back (see forget). */
export async function spend(limits: Limit[], now: Date, messageKey = 'too_many_requests', code = 'too_many_requests'): Promise<number[]> {
  return bookkeeping(() => spendOnce(limits, now, messageKey, code));
}

async function spendOnce(limits: Limit[], now: Date, messageKey: string, code: string): Promise<number[]> {
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

/** The wait the account-wide backoff asks for, in ms, after `failures` failures. */
export function backoffMs(failures: number): number {
  if (failures < LOGIN_BACKOFF.free) return 0;
  return Math.min(LOGIN_BACKOFF.firstMs * 2 ** (failures - LOGIN_BACKOFF.free), LOGIN_BACKOFF.maxMs);
}

/**
 * Records one try against an account and refuses it (429 `login_wait`, with the seconds to wait)
 * when it comes sooner after the account's previous failure than the backoff allows. Counted
 * like spend: the row is written first, then compared with the rows written before it, so a
 * burst gets at most one try through per wait. Returns the recorded id.
 */
export async function spendWithBackoff(l: Limit, now: Date): Promise<number> {
  return bookkeeping(() => backoffOnce(l, now));
}

async function backoffOnce(l: Limit, now: Date): Promise<number> {
  const bucket = cut(l.bucket);
  const row = await AuthAttempt.create({ bucket, at: now });
  const where = { bucket, at: { [Op.gt]: new Date(now.getTime() - l.windowMs) }, id: { [Op.lt]: row.id } };
  const before = await AuthAttempt.count({ where });
  const wait = backoffMs(before);
  if (wait > 0) {
    const last = (await AuthAttempt.max('at', { where })) as Date | string | null;
    const lastMs = last ? new Date(last).getTime() : 0;
    if (now.getTime() < lastMs + wait) {
      await AuthAttempt.destroy({ where: { id: row.id } });
      const seconds = Math.max(1, Math.ceil((lastMs + wait - now.getTime()) / 1000));
      throw new AppError(429, 'too_many_requests', 'login_wait', { seconds: String(seconds) });
    }
  }
  return row.id;
}

/** Who an anonymous-write limit counts: the signed-in user, else the address (req.ip, see
 *  TRUST_PROXY). The API's routes and the portal's in-process actions use the same key. */
export function writerOf(req: Request): string {
  return req.caller ? `user:${req.caller.user.id}` : `ip:${req.ip ?? 'unknown'}`;
}

/** Counts one write against a writer's limit; 429 `too_many_requests` (too_many_writes) past it. */
export async function spendWrite(limit: (who: string) => Limit, who: string, now: Date): Promise<void> {
  await spend([limit(who)], now, 'too_many_writes');
}

/** Express guard for an anonymous write: counts the request against the caller's limit and
 *  answers 429 past it. */
export function limitWrites(limit: (who: string) => Limit, clock: () => Date): RequestHandler {
  return (req, _res, next) => {
    spendWrite(limit, writerOf(req), clock()).then(() => next(), next);
  };
}

/** Attempts recorded in a limit's window so far. */
export async function attemptsIn(l: Limit, now: Date): Promise<number> {
  return AuthAttempt.count({ where: { bucket: cut(l.bucket), at: { [Op.gt]: new Date(now.getTime() - l.windowMs) } } });
}

/**
 * The limits a forgot-password request spends (decision 042). The owner asking from their own
 * address must always get a link, whatever strangers asked for the same email elsewhere: the
 * per-email limit applies only to an (email, address) pair that has already asked in the window.
 * The pair (3) and the address (10) limits apply to every request.
 */
export async function forgotLimits(email: string, ip: string, now: Date): Promise<Limit[]> {
  const pairLimit = LIMITS.forgotPair(email, ip);
  const repeat = (await attemptsIn(pairLimit, now)) > 0;
  return repeat ? [pairLimit, LIMITS.forgotAccount(email), LIMITS.forgotAddress(ip)] : [pairLimit, LIMITS.forgotAddress(ip)];
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
