// Cross-site request forgery guard for cookie sessions (docs/decisions/041-csrf-origin-rule.md).
// A browser attaches the session cookie to any request to our host, including ones a hostile
// page makes; it also attaches an Origin header that the page cannot forge. So a request that
// changes data AND is signed in by the cookie must come from our own origin. Bearer requests
// (the mobile app) and anonymous requests carry no ambient credential and are not checked.
import type { Request, RequestHandler } from 'express';
import { AppError } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths (under /apis) that are authenticated by something else than the cookie, and that a
 *  third party legitimately posts to from another origin: the SAML assertion consumer (signed
 *  by the identity provider). */
const EXEMPT = [/^\/sso\/[^/]+\/acs$/];

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`.toLowerCase();
  } catch {
    return null;
  }
}

/** The origins this server answers as: PUBLIC_URL's, and the one the request itself was sent to
 *  (scheme + Host), which covers http://localhost:PORT and 127.0.0.1 during development. */
export function ownOrigins(req: Request, publicUrl: string): string[] {
  const list = [originOf(publicUrl)];
  const host = req.get('host');
  if (host) list.push(`${req.protocol}://${host}`.toLowerCase());
  return list.filter((o): o is string => !!o);
}

/** Paths checked even for anonymous callers (password sign-in and e-mail code sign-in): signing in sets the cookie, so a hostile page that
 *  posts its own credentials would sign the visitor into the attacker's account (login CSRF). */
const SIGN_IN = /^\/auth\/(login|email-code\/verify)$/;

/** A write a browser page may have made, checked whoever the caller is (sign-in, the portal's
 *  forms): a browser sends an Origin, or at least Sec-Fetch-Site, and it must be ours (`null` is
 *  refused: our pages send their origin, Referrer-Policy strict-origin-when-cross-origin). The
 *  mobile app and tools send neither, and carry no ambient credential to abuse. */
export function fromOwnPage(req: Request, publicUrl: string): boolean {
  const origin = req.get('origin');
  if (origin !== undefined) return origin !== 'null' && ownOrigins(req, publicUrl).includes(origin.toLowerCase());
  const site = req.get('sec-fetch-site');
  return site === undefined || site === 'same-origin' || site === 'none';
}

/** The portal's pages post plain forms to their own actions (sign-in and checkout on the
 *  subscription page, applications, leads, the offer wizard): every such write must come from
 *  one of our pages, signed in or not, so a hostile page can neither sign the visitor in nor act
 *  in their name. 403 `csrf_refused` otherwise. */
export function portalWriteGuard(publicUrl: string): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || fromOwnPage(req, publicUrl)) return next();
    next(new AppError(403, 'csrf_refused', 'csrf_refused'));
  };
}

export function csrfGuard(publicUrl: string): RequestHandler {
  return (req, _res, next) => {
    if (req.method === 'POST' && SIGN_IN.test(req.path)) {
      if (fromOwnPage(req, publicUrl)) return next();
      return next(new AppError(403, 'csrf_refused', 'csrf_refused'));
    }
    if (SAFE_METHODS.has(req.method) || req.caller?.via !== 'cookie') return next();
    if (EXEMPT.some((re) => re.test(req.path))) return next();
    const origin = req.get('origin');
    if (origin && origin !== 'null') {
      if (ownOrigins(req, publicUrl).includes(origin.toLowerCase())) return next();
    } else if (req.get('sec-fetch-site') === 'same-origin') {
      return next();
    }
    next(new AppError(403, 'csrf_refused', 'csrf_refused'));
  };
}

/** Sign-in accepts JSON only: an HTML form cannot send it cross-site without a CORS preflight,
 *  which we never grant. Anything else answers 415 `unsupported_media_type`. */
export const jsonOnly: RequestHandler = (req, _res, next) => {
  if (req.is('application/json')) return next();
  next(new AppError(415, 'unsupported_media_type', 'unsupported_media_type'));
};
