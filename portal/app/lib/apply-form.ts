// The web application form's one schema, used by the browser as the visitor types and by the
// Remix action for the real check (the API checks the same rules again in submitInterest).
// zod/mini keeps the browser bundle small (the offer page stays under 100 KB of gzipped JS).
// Messages are catalog keys.
import * as z from 'zod/mini';
import type { MessageKey } from '../i18n/index.js';

/** Letters, digits, dot, plus, dash, underscore, then @ and a dotted domain (public-web.md section 5). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
// The prefixes whose national numbers have 10 digits (the API's PHONE_COUNTRY_CODES; a unit test keeps them equal).
export const PHONE_PREFIXES = ['+33', '+32', '+41', '+31', '+262', '+590', '+594', '+596'] as const;
export const CV_MAX_BYTES = 10 * 1024 * 1024;

/** Phone input is stripped to digits only. */
export const phoneDigits = (v: string) => v.replace(/\D/g, '');

const key = (k: MessageKey) => k;
const trimmed = z.pipe(z.string(), z.transform((v) => v.trim()));

export const applyFormSchema = z.object({
  email: z.pipe(trimmed, z.string().check(z.regex(EMAIL_PATTERN, key('err_email')))),
  firstname: z.pipe(trimmed, z.string().check(z.minLength(1, key('err_firstname')))),
  lastname: z.pipe(trimmed, z.string().check(z.minLength(1, key('err_lastname')))),
  phone_prefix: z.enum(PHONE_PREFIXES, key('err_phone')),
  phone: z.pipe(
    z.pipe(z.string(), z.transform(phoneDigits)),
    z.string().check(z.regex(/^\d{10}$/, key('err_phone'))),
  ),
  accept_cgu: z.literal('on', key('err_cgu')),
  cv_file: z.optional(z.string()),
});

export type ApplyForm = z.infer<typeof applyFormSchema>;
export type ApplyField = keyof z.input<typeof applyFormSchema>;
export type FieldErrors = Partial<Record<ApplyField, MessageKey>>;

/** Checks raw form values; answers the data or the first error of each field. */
export function checkApplyForm(values: Record<string, unknown>): { data: ApplyForm; errors: null } | { data: null; errors: FieldErrors } {
  const result = applyFormSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as ApplyField;
    if (!errors[field]) errors[field] = issue.message as MessageKey;
  }
  return { data: null, errors };
}

/** +32 for Dutch or Belgian offers, +33 otherwise (public-web.md section 9). */
export function defaultPrefix(offer: { lang?: string | null; country_iso?: string | null }): (typeof PHONE_PREFIXES)[number] {
  return offer.lang?.toLowerCase().startsWith('nl') || offer.country_iso?.toUpperCase() === 'BE' ? '+32' : '+33';
}
