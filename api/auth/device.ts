// Device tokens (OWASP, "Slow down online guessing attacks with device cookies";
// docs/decisions/220-sign-in-device-cookies.md). A successful password sign-in gives the browser
// (a cookie) or the app (a token in the answer) a signed token naming the account. A later
// sign-in that presents a valid token for the same account is judged on that device's own
// failures only, so strangers failing from other addresses never lock a known device out.
//
// A token is `base64url(user id).expiry.nonce.mac`: expiry in seconds (base 36), a random nonce
// that names the device in the limits (api/auth/throttle.ts LIMITS.loginDevice), and
// HMAC-SHA256 of the three under a key derived from SESSION_SECRET (the same on every node).
// Nothing is stored: the token only says "this device signed in to this account before"; it
// opens no session.
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import type { Settings } from '../../config/settings.js';
import { mediaSecret } from '../integrations/media-urls.js';
import { cookieIsSecure, readCookie } from './sessions.js';
import { DEVICE_TOKEN_MAX } from '../../models/rules/lengths.js';

export const DEVICE_COOKIE = 'did';
/** How long a device stays known without signing in again. */
export const DEVICE_TTL_MS = 365 * 24 * 3600_000;
/** Accounts one browser remembers (a shared computer, a recruiter with two accounts). */
export const DEVICES_PER_BROWSER = 5;
const SEPARATOR = '~';

export interface KnownDevice {
  userId: string;
  /** Names this device in the sign-in limits. */
  nonce: string;
}

export class DeviceTokens {
  constructor(private readonly key: Buffer) {}

  /** A new token for this account (a new nonce each time: every sign-in renews the device). */
  issue(userId: string, now: Date): string {
    const uid = Buffer.from(userId, 'utf8').toString('base64url');
    const exp = Math.floor((now.getTime() + DEVICE_TTL_MS) / 1000).toString(36);
    const nonce = crypto.randomBytes(16).toString('base64url');
    return `${uid}.${exp}.${nonce}.${this.mac(uid, exp, nonce).toString('base64url')}`;
  }

  /** The device a token names when it is ours, not expired and (when given) for this account. */
  read(token: string, now: Date, userId?: string): KnownDevice | null {
    if (token.length > DEVICE_TOKEN_MAX) return null;
    const parts = token.split('.');
    if (parts.length !== 4) return null;
    const [uid, exp, nonce, mac] = parts;
    if (!uid || !nonce || !/^[0-9a-z]{1,12}$/.test(exp)) return null;
    if (parseInt(exp, 36) * 1000 <= now.getTime()) return null;
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(uid, exp, nonce);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    const owner = Buffer.from(uid, 'base64url').toString('utf8');
    if (userId !== undefined && owner !== userId) return null;
    return { userId: owner, nonce };
  }

  /** The first of the presented tokens that names this account, if any. */
  find(tokens: string[], userId: string, now: Date): KnownDevice | null {
    for (const token of tokens) {
      const device = this.read(token, now, userId);
      if (device) return device;
    }
    return null;
  }

  /**
   * The browser's cookie after a sign-in to `userId`: the fresh token first, then the other
   * accounts' still valid tokens, at most DEVICES_PER_BROWSER.
   */
  nextCookie(previous: string[], fresh: string, userId: string, now: Date): string {
    const others = previous.filter((token) => {
      const device = this.read(token, now);
      return device !== null && device.userId !== userId;
    });
    return [fresh, ...others].slice(0, DEVICES_PER_BROWSER).join(SEPARATOR);
  }

  private mac(uid: string, exp: string, nonce: string): Buffer {
    return crypto.createHmac('sha256', this.key).update(`device\n${uid}\n${exp}\n${nonce}`).digest();
  }
}

/**
 * The signing key: derived from SESSION_SECRET when set (every node agrees), else from the secret
 * generated once under var/ (decision 085), which nodes sharing var/ share too.
 */
export function deviceKey(settings: Pick<Settings, 'sessionSecret' | 'storageDir'>): Buffer {
  const base = settings.sessionSecret ?? mediaSecret(settings);
  return crypto.createHmac('sha256', base).update('device-tokens').digest();
}

export function createDeviceTokens(settings: Pick<Settings, 'sessionSecret' | 'storageDir'>): DeviceTokens {
  return new DeviceTokens(deviceKey(settings));
}

/** The tokens a browser's device cookie holds (unchecked; at most a few are read). */
export function deviceCookieTokens(cookieHeader: string | null | undefined): string[] {
  const value = readCookie(cookieHeader ?? undefined, DEVICE_COOKIE);
  if (!value) return [];
  return value
    .split(SEPARATOR)
    .slice(0, DEVICES_PER_BROWSER * 2)
    .filter((token) => token.length > 0 && token.length <= DEVICE_TOKEN_MAX);
}

const COOKIE_MAX_AGE_S = Math.floor(DEVICE_TTL_MS / 1000);

/** Puts the device cookie on an API answer: httpOnly, SameSite=Lax, Secure on https, a year. */
export function setDeviceCookie(req: Request, res: Response, value: string, publicUrl: string): void {
  res.cookie(DEVICE_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure: cookieIsSecure(req, publicUrl), path: '/', maxAge: DEVICE_TTL_MS });
}

/** The same cookie as a Set-Cookie header value, for the portal's in-process sign-in form. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  const expires = new Date(Date.now() + DEVICE_TTL_MS).toUTCString();
  return [`${DEVICE_COOKIE}=${encodeURIComponent(value)}`, `Max-Age=${COOKIE_MAX_AGE_S}`, `Expires=${expires}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
}
