// The one password rule (public-web.md sections 5 and 9): at least 6 characters with at least
// one letter and one digit, in any script ("éééééé1" is fine), at most 200 characters. The
// reset form in the browser and POST /apis/auth/reset-password both use it.
import * as z from 'zod/mini';
import { hasNul } from './text.js';
import { PASSWORD_MIN } from './lengths.js';

export { PASSWORD_MIN };
export const PASSWORD_MAX = 200;

export function isAcceptablePassword(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX && !hasNul(password) && /\p{L}/u.test(password) && /\p{Nd}/u.test(password);
}

/** The schema of a new password (never trimmed); every problem answers `code`. */
export function newPassword(code = 'invalid_password') {
  return z.string(code).check(z.refine(isAcceptablePassword, code));
}
