// Attempt counters kept in the database (table auth_attempts), so that every server process
// enforces the same limits. An attempt is recorded BEFORE the expensive check (password hash,
// reset code), then counted: each concurrent request sees at least its own row and every row
// committed before it, so no burst can get more than `max` tries through a window.
// Limits: docs/decisions/042-rate-limits.md, 095, 220 (sign-in by device, reset mails) and 221
// (messages to leads).
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
const DAY = 24 * 60 * MIN;
const pair = (account: string, ip: string) => `${account}|${ip}`;
/** Every limit of the product (docs/decisions/042-rate-limits.md, 095-anonymous-write-limits.md, 220, 221).
 *  Tests and the reliability suite change nothing here: they send from distinct addresses
 *  (X-Forwarded-For with TRUST_PROXY set). */
export const LIMITS = {
  // Sign-in (docs/decisions/220-sign-in-device-cookies.md): an attempt that presents a valid device
  // cookie (or the app's device token) for the account is judged on that device's own failures
  // only; any other attempt is counted per (account, address) pair, per address, and in the
  // account's "untrusted" budget, which when spent refuses untrusted attempts only.
  loginPair: (email: string, ip: string): Limit => ({ bucket: `login:pair:${pair(email, ip)}`, max: 5, windowMs: 15 * MIN }),
  loginAddress: (ip: string): Limit => ({ bucket: `login:ip:${ip}`, max: 20, windowMs: 15 * MIN }),
  /** Untrusted attempts on the account from every address (no valid device cookie). */
  loginAccount: (email: string): Limit => ({ bucket: `login:acct:${email}`, max: 10, windowMs: 15 * MIN }),
  /** Attempts from one known device (its token's nonce): a device that fails this often is locked itself. */
  loginDevice: (nonce: string): Limit => ({ bucket: `login:dev:${nonce}`, max: 5, windowMs: 15 * MIN }),
  forgotPair: (email: string, ip: string): Limit => ({ bucket: `forgot:pair:${pair(email, ip)}`, max: 3, windowMs: 60 * MIN }),
  forgotAddress: (ip: string): Limit => ({ bucket: `forgot:ip:${ip}`, max: 10, windowMs: 60 * MIN }),
  /** Reset mails one account receives, whoever asks and from wherever (decision 220): past it the
   *  request answers the same and mails nothing. */
  resetMails: (userId: string): Limit => ({ bucket: `forgot:mail:${userId}`, max: 3, windowMs: 60 * MIN }),
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
  // Messages to leads (docs/decisions/221-lead-messages-no-relay.md): whoever submitted the leads.
  /** One message a day to one number (E.164) or e-mail address. */
  leadMessageTo: (destination: string): Limit => ({ bucket: `lead-msg:to:${destination}`, max: 1, windowMs: DAY }),
  /** Messages a day about one offer. */
  leadMessagesOfOffer: (offer: string): Limit => ({ bucket: `lead-msg:offer:${offer}`, max: 200, windowMs: DAY }),
  // Meeting invitations (docs/decisions/290-meeting-invitations.md): a pair's candidate is sent at
  // most this many links and invitations an hour, whoever of the recruiter's side sends them.
  meetingInvites: (room: string): Limit => ({ bucket: `meeting-invite:${room}`, max: 10, windowMs: 60 * MIN }),
} as const;

/** A reset code is voided after this many wrong codes for its user (from any address); a new
 *  forgot-password request mails a fresh one (within resetMails). */
export const RESET_CODE_MAX_WRONG = 20;

/** A mailed sign-in code is voided after this many wrong codes for its address (from any
 *  network address); the candidate asks for a new one. */
export const EMAIL_CODE_MAX_WRONG = 5;

const cut = (s: string) => s.slice(0, 190);

/** Records one attempt in each bucket; throws 429 when any bucket is over its limit.
 *  Returns the ids recorded so that a success can take them back (see forget). */
export async function spend(limits: Limit[], now: Date, messageKey = 'too_many_requests', code = 'too_many_requests'): Promise<number[]> {
  return bookkeeping(async () => {
    const ids = await takeOnce(limits, now);
    if (!ids) throw tooMany(code, messageKey);
    return ids;
  });
}

/**
 * Takes one slot in each limit, or none: answers the ids recorded, or null (nothing recorded)
 * when any limit is full. For what is not refused to the caller but quietly not done (a reset
 * mail past its cap, a lead's message past its caps).
 */
export async function take(limits: Limit[], now: Date): Promise<number[] | null> {
  return bookkeeping(() => takeOnce(limits, now));
}

/** Records slots without checking them (something done that later checks must count). */
export async function record(limits: Limit[], now: Date): Promise<void> {
  await bookkeeping(async () => {
    for (const l of limits) await AuthAttempt.create({ bucket: cut(l.bucket), at: now });
  });
}

async function takeOnce(limits: Limit[], now: Date): Promise<number[] | null> {
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
    return null;
  }
  return ids;
}

/**
 * spend for one limit whose refusal says when it lets the next try in: 429 `too_many_requests`
 * with `login_wait` ("réessayer dans N s") and `details.seconds`. The account's untrusted sign-in
 * budget (decision 220).
 */
export async function spendOrWait(l: Limit, now: Date): Promise<number[]> {
  return bookkeeping(async () => {
    const ids = await takeOnce([l], now);
    if (ids) return ids;
    throw new AppError(429, 'too_many_requests', 'login_wait', { seconds: String(await secondsUntilFree(l, now)) });
  });
}

/** Seconds until a limit has a free slot again: when enough of its oldest rows leave the window. */
async function secondsUntilFree(l: Limit, now: Date): Promise<number> {
  const where = { bucket: cut(l.bucket), at: { [Op.gt]: new Date(now.getTime() - l.windowMs) } };
  const held = await AuthAttempt.count({ where });
  const leaving = await AuthAttempt.findOne({
    attributes: ['at'],
    where,
    order: [
      ['at', 'ASC'],
      ['id', 'ASC'],
    ],
    offset: Math.max(0, held - l.max),
  });
  const freeAt = leaving ? new Date(leaving.at).getTime() + l.windowMs : now.getTime();
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
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

/** Forgets attempts: the rows of one request (ids) and, after a success, a whole bucket. */
export async function forget(ids: number[], buckets: string[] = []): Promise<void> {
  if (ids.length) await AuthAttempt.destroy({ where: { id: ids } });
  if (buckets.length) await AuthAttempt.destroy({ where: { bucket: buckets.map(cut) } });
}

/** Housekeeping (the lifecycle purge): rows older than a day (the longest window) no longer count for any limit. */
export async function purgeOldAttempts(now: Date, dryRun = false): Promise<number> {
  const where = { at: { [Op.lt]: new Date(now.getTime() - DAY) } };
  return dryRun ? AuthAttempt.count({ where }) : AuthAttempt.destroy({ where });
}
