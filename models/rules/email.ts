// The one email rule (public-web.md section 5): letters, digits, dot, plus, dash, underscore,
// then @ and a dotted domain; stored trimmed and lower-cased, at most 254 characters (the
// users.email and landing_interests.email columns). Browser-safe: the portal bundles it.
import * as z from 'zod/mini';
import { hasNul } from './text.js';
import { EMAIL_MAX, EMAIL_PATTERN } from './email-format.js';

export { EMAIL_MAX, EMAIL_PATTERN, isEmail, normalizeEmail } from './email-format.js';

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
