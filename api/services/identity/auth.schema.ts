// The bodies of the account calls (api/routes/auth.routes.ts). The reset-password rule is also
// the portal's /reset-password form (resetPasswordFormSchema): browser-safe, zod/mini.
// Lengths are the users columns' (models/user.model.ts).
import * as z from 'zod/mini';
import { EMAIL_MAX } from '../../../models/rules/email.js';
import { newPassword, PASSWORD_MAX } from '../../../models/rules/password.js';
import { optionalText, text } from '../../../models/rules/text.js';
import { DEVICE_TOKEN_MAX } from '../../../models/rules/lengths.js';

const missing = 'missing_parameters';

export const loginSchema = z.object({
  email: text(EMAIL_MAX, { invalid: missing, min: 1 }),
  password: text(PASSWORD_MAX, { invalid: missing, min: 1, trim: false }),
  client: z._default(z.enum(['browser', 'app'], 'validation_error'), 'browser'),
  /** The app's device token, answered by its previous sign-in (browsers carry theirs in a cookie;
   *  docs/decisions/220-sign-in-device-cookies.md). */
  device_token: optionalText(DEVICE_TOKEN_MAX, { invalid: 'validation_error' }),
});
export type LoginInput = z.output<typeof loginSchema>;

/** Absent leaves a field as it is; null clears an optional one. */
const clearable = (max: number) => z.optional(z.nullable(text(max, { invalid: 'validation_error' })));

export const profileSchema = z.object({
  name: z.optional(text(120, { invalid: 'validation_error', min: 1 })),
  phone: clearable(32),
  picture: clearable(255),
  lang: z.optional(z.enum(['fr', 'nl', 'en', 'es'], 'validation_error')),
});
export type ProfileChanges = z.output<typeof profileSchema>;

export const forgotPasswordSchema = z.object({
  email: text(EMAIL_MAX, { invalid: 'invalid_email', min: 3 }),
  lang: optionalText(5, { invalid: 'validation_error' }),
});
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  user_id: text(64, { invalid: 'code_mismatch', min: 1, trim: false }),
  code: text(200, { invalid: 'code_mismatch', min: 1, trim: false }),
  password: newPassword('invalid_password'),
});
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

/** The /reset-password page's form: the new password, then the same again. */
export const resetPasswordFormSchema = z
  .object({
    password: newPassword('invalid_password'),
    confirm: z.string('password_mismatch'),
  })
  .check(z.refine((v) => v.password === v.confirm, { message: 'password_mismatch', path: ['confirm'] }));
