// POST /apis/sso-get-identifier: which company provider serves an email (any text that could
// be an email; the domain decides).
import * as z from 'zod/mini';
import { EMAIL_MAX } from '../../models/rules/email.js';
import { text } from '../../models/rules/text.js';

export const ssoIdentifierSchema = z.object({
  email: text(EMAIL_MAX, { invalid: 'invalid_email', min: 3 }),
});
export type SsoIdentifierInput = z.output<typeof ssoIdentifierSchema>;
