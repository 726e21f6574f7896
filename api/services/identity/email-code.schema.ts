// The bodies of the one-time e-mail code calls (api/routes/auth.routes.ts): ask for a code, then
// give it back. Browser-safe (zod/mini): the portal's /candidate/apply page checks the same.
import * as z from 'zod/mini';
import { email } from '../../../models/rules/email.js';
import { optionalText } from '../../../models/rules/text.js';
import { EMAIL_CODE_PATTERN } from '../../../models/rules/email-format.js';
import { MEETING_ROOM_PATH } from '../../../models/rules/meeting.js';
export { EMAIL_CODE_DIGITS, EMAIL_CODE_PATTERN } from '../../../models/rules/email-format.js';

export const emailCodeRequestSchema = z.object({
  email: email(),
  /** The language of the mail (default: the caller's). */
  lang: z.optional(z.enum(['fr', 'nl', 'en', 'es'], 'validation_error')),
  /** The offer the candidate is answering: the mailed link opens its /candidate/apply page. */
  job_code: optionalText(16, { invalid: 'validation_error', transform: 'upper' }),
  /** A meeting room the candidate was signing in to join: the mailed link opens it (decision 290). */
  return_to: z.optional(z.string('validation_error').check(z.regex(MEETING_ROOM_PATH, 'validation_error'))),
});
export type EmailCodeRequest = z.output<typeof emailCodeRequestSchema>;

export const emailCodeVerifySchema = z.object({
  email: email('email_code_invalid'),
  code: z.string('email_code_invalid').check(z.trim(), z.regex(EMAIL_CODE_PATTERN, 'email_code_invalid')),
  /** browser: a session cookie; app: a bearer token in the answer (like POST /apis/auth/login). */
  client: z._default(z.enum(['browser', 'app'], 'validation_error'), 'browser'),
  /** The name of a new account (first and last name); an existing account keeps its own. */
  name: optionalText(120, { invalid: 'validation_error' }),
  lang: z.optional(z.enum(['fr', 'nl', 'en', 'es'], 'validation_error')),
});
export type EmailCodeVerify = z.output<typeof emailCodeVerifySchema>;
