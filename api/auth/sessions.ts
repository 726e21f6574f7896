// Session tokens: random 32 bytes handed to the client (cookie or bearer), sha256 kept in the
// database. The middleware turns a valid token into req.caller.
import crypto from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { Op, type Transaction } from 'sequelize';
import { boundSequelize, plainRowsOf, readRows, Session, User, type UserRow } from '../../models/index.js';
import { sqlDate } from '../../models/columns.js';
import { apiKeyCaller, apiPathOf, isApiKeyToken } from './api-keys.js';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = { cookie: 14 * 24 * 3600_000, bearer: 90 * 24 * 3600_000 } as const;

const digest = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function createSession(userId: string, kind: 'cookie' | 'bearer', now: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await Session.create({ id: digest(token), user_id: userId, kind, expires_at: new Date(now.getTime() + SESSION_TTL_MS[kind]) });
  return token;
}

export async function destroySession(token: string): Promise<void> {
  await Session.destroy({ where: { id: digest(token) } });
}

/** Ends every session of a user except, optionally, the one given by its stored id (a password
 *  reset signs the user out everywhere; docs/decisions/040-sessions.md). */
export async function destroyUserSessions(userId: string, exceptSessionId?: string, transaction?: Transaction): Promise<number> {
  return Session.destroy({ where: { user_id: userId, ...(exceptSessionId ? { id: { [Op.ne]: exceptSessionId } } : {}) }, transaction });
}

/** Housekeeping (the lifecycle purge, api/services/platform/lifecycle.service.ts): expired sessions are useless rows. How many, or how many would go. */
export async function purgeExpiredSessions(now: Date, dryRun = false): Promise<number> {
  const where = { expires_at: { [Op.lte]: now } };
  return dryRun ? Session.count({ where }) : Session.destroy({ where });
}

/** Secure when the public address is https or the request came over TLS (behind a trusted proxy). */
export function cookieIsSecure(req: Request, publicUrl: string): boolean {
  return publicUrl.startsWith('https:') || req.secure;
}

/** Puts a browser session token in the httpOnly, SameSite=Lax cookie. */
export function setSessionCookie(req: Request, res: Response, token: string, publicUrl: string): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieIsSecure(req, publicUrl),
    path: '/',
    maxAge: SESSION_TTL_MS.cookie,
  });
}

/**
 * The same cookie as a Set-Cookie header value, for the portal's Remix actions (the subscription
 * page's own sign-in form works without JavaScript): a token to set it, null to clear it.
 */
export function sessionCookieHeader(token: string | null, secure: boolean): string {
  const attrs = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  if (token === null) return [`${SESSION_COOKIE}=`, 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', ...attrs].join('; ');
  const maxAge = Math.floor(SESSION_TTL_MS.cookie / 1000);
  return [`${SESSION_COOKIE}=${encodeURIComponent(token)}`, `Max-Age=${maxAge}`, `Expires=${new Date(Date.now() + SESSION_TTL_MS.cookie).toUTCString()}`, ...attrs].join('; ');
}

/** The session token a Fetch API request carries in its cookie (the portal's actions). */
export function cookieTokenOf(cookieHeader: string | null): string | undefined {
  return readCookie(cookieHeader ?? undefined, SESSION_COOKIE);
}

export function clearSessionCookie(req: Request, res: Response, publicUrl: string): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: cookieIsSecure(req, publicUrl), path: '/' });
}

/** One cookie's value from a Cookie header (undefined when absent or not decodable). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The token a request carries and how: Authorization: Bearer wins over the cookie. */
export function tokenOf(req: { get(name: string): string | undefined }): { token: string; via: 'cookie' | 'bearer' } | null {
  const auth = req.get('authorization');
  if (auth?.startsWith('Bearer ')) return { token: auth.slice(7).trim(), via: 'bearer' };
  const cookie = readCookie(req.get('cookie'), SESSION_COOKIE);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** The users table's columns as the caller's plain values (models/plain-rows.ts), built on first use. */
let callerRead: { sql: string; plain: (row: Record<string, unknown>) => UserRow } | undefined;
function callerStatement() {
  if (!callerRead) {
    const { columns, plain } = plainRowsOf(User);
    const sql = `SELECT ${columns.map((c) => `u.${c}`).join(', ')} FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ? AND s.kind = ? AND s.expires_at > ?`;
    callerRead = { sql, plain };
  }
  return callerRead;
}

/**
 * The signed-in caller of a session token, or null: its user when the session exists, was made for
 * the way the token came (a cookie session is no bearer) and has not expired. One SQL statement per
 * request, sent to the driver, the user given as plain values: a `User` model built through
 * `sequelize.query` cost more CPU than the rest of a signed-in read (docs/decisions/396, 425).
 * No cache: a sign-out or a password change on any node applies to the next request.
 */
async function callerOf(sessionId: string, via: 'cookie' | 'bearer', now: Date): Promise<UserRow | null> {
  const { sql, plain } = callerStatement();
  // `now` as the column stores it, written without moment (models/columns.ts, decision 404).
  const rows = await readRows(sql, [sessionId, via, sqlDate(now, boundSequelize().getDialect() === 'sqlite' ? 'sqlite' : 'mysql')]);
  return rows[0] ? plain(rows[0]) : null;
}

/** apiKeysPerMinute: the requests one API key may make a minute (API_KEY_REQUESTS_PER_MINUTE). */
export function loadCaller(clock: () => Date, apiKeysPerMinute: number): RequestHandler {
  return async (req, res, next) => {
    const found = tokenOf(req);
    if (!found || found.token.length > 100) return next();
    if (found.via === 'bearer' && isApiKeyToken(found.token)) {
      // A key works on the API only; elsewhere (pages, files) the request is anonymous.
      const path = apiPathOf(req);
      if (path === null) return next();
      try {
        req.caller = await apiKeyCaller(found.token, req.method, path, clock(), apiKeysPerMinute);
      } catch (e) {
        const retryAfter = (e as { details?: { retryAfter?: number } }).details?.retryAfter;
        if (retryAfter) res.set('Retry-After', String(retryAfter));
        return next(e);
      }
      return next();
    }
    // The session's stored id, hashed once for the read and the caller.
    const sessionId = digest(found.token);
    const user = await callerOf(sessionId, found.via, clock());
    if (!user) return next();
    req.caller = { user, via: found.via, sessionId };
    next();
  };
}
