// The one email rule (public-web.md section 5): letters, digits, dot, plus, dash, underscore,
// then @ and a dotted domain; stored trimmed and lower-cased, at most 254 characters (the
// users.email and landing_interests.email columns). Browser-safe: the portal bundles it.
import * as z from 'zod/mini';
import { hasNul } from './text.js';

export const EMAIL_PATTERN = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;
export const EMAIL_MAX = 254;

/** How an email is compared and stored: trimmed, lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** True for a normalised email the spec accepts. */
export const isEmail = (email: string): boolean => email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);

/** The schema of an email field: normalised, then checked; every problem answers `code`. */
export function email(code = 'invalid_email') {
  return z.string(code).check(
    z.trim(),
    z.toLowerCase(),
    z.refine((v: string) => !hasNul(v), { message: code, abort: true }),
    z.maxLength(EMAIL_MAX, code),
    z.regex(EMAIL_PATTERN, code),
  );
}
