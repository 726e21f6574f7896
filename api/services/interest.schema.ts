// The interest application form (web application on /candidate/offer/{job_code} and landing
// lead on /landing/{customer}): one zod schema for the browser's instant feedback and the
// API's real check. No server-only imports here: the Remix portal bundles this file.
// Every error message is a key of config/i18n (the caller translates it).
import { z } from 'zod';

/** public-web.md section 5: letters, digits, dot, plus, dash, underscore, then @ and a dotted domain. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/** The form's default country prefix (public-web.md section 9: +33, +32 for Dutch or BE). */
export const DEFAULT_PHONE_PREFIX = '+33';

/**
 * Country calling codes whose national numbers are written with 10 digits starting with the
 * trunk 0 (the spec's "10 digits"): France and its overseas departments, Belgium, Switzerland,
 * the Netherlands. The list is prefix-free, so the first match is the only one.
 * See docs/decisions/020-interest-phone-numbers.md.
 */
export const PHONE_COUNTRY_CODES = ['33', '32', '41', '31', '262', '590', '594', '596'] as const;

export interface NormalizedPhone {
  /** '+33' */
  prefix: string;
  /** The 10 national digits the spec checks: '0612345678'. */
  national: string;
  /** What we store and what SMS providers take: '+33612345678'. */
  e164: string;
}

/**
 * Reads what the form sends (prefix plus number) and checks the national 10 digits.
 * '+33 6 12 34 56 78', '+33 (0)6 12 34 56 78', '+330612345678', '0033612345678' and
 * '06 12 34 56 78' (default prefix) are the same number; anything else than digits is
 * stripped, as the spec says. Returns null when it is not a valid number.
 */
export function normalizePhone(input: string, defaultPrefix: string = DEFAULT_PHONE_PREFIX): NormalizedPhone | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const raw = input.trim();
  let digits = raw.replace(/\D/g, '');
  let code: string;
  let national: string;
  if (raw.startsWith('+') || raw.startsWith('00')) {
    if (raw.startsWith('00')) digits = digits.slice(2);
    const found = PHONE_COUNTRY_CODES.find((c) => digits.startsWith(c));
    if (!found) return null;
    code = found;
    const rest = digits.slice(found.length);
    // After the prefix people write either the 9 digits without the trunk 0 or all 10 digits.
    national = rest.length === 9 && !rest.startsWith('0') ? `0${rest}` : rest;
  } else {
    code = defaultPrefix.replace(/\D/g, '');
    national = digits;
  }
  if (!/^0\d{9}$/.test(national)) return null;
  return { prefix: `+${code}`, national, e164: `+${code}${national.slice(1)}` };
}

/** 'landing/{identifier}': the lead came from that custom landing page. */
export const LANDING_CGU_FROM = /^landing\/([a-z0-9_-]{1,64})$/;

// Form posts send 'on' or 'true'; JSON sends booleans.
const flag = (error: string) =>
  z.preprocess((v) => {
    if (v === true || v === 'true' || v === 'on' || v === '1' || v === 1) return true;
    if (v === undefined || v === null || v === false || v === 'false' || v === '0' || v === 0 || v === '') return false;
    return v;
  }, z.boolean({ error }));

const absentIfEmpty = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

const name = (required: string) => z.string({ error: required }).trim().min(1, required).max(120, 'field_too_long');

export const interestSchema = z
  .object({
    job_code: z.string({ error: 'missing_parameters' }).trim().toUpperCase().min(1, 'missing_parameters'),
    email: z.string({ error: 'invalid_email' }).trim().toLowerCase().max(254, 'invalid_email').regex(EMAIL_PATTERN, 'invalid_email'),
    firstname: name('firstname_required'),
    lastname: name('lastname_required'),
    phone_number: z.preprocess(
      absentIfEmpty,
      z
        .string({ error: 'invalid_phone' })
        .transform((v, ctx) => {
          const phone = normalizePhone(v);
          if (!phone) {
            ctx.addIssue({ code: 'custom', message: 'invalid_phone' });
            return z.NEVER;
          }
          return phone.e164;
        })
        .optional(),
    ),
    use_cv: flag('validation_error'),
    cv_file: z.preprocess(absentIfEmpty, z.string({ error: 'cv_not_found' }).trim().max(255, 'cv_not_found').optional()),
    accept_cgu: flag('cgu_required').refine((v) => v, 'cgu_required'),
    cgu_from: z.preprocess(
      absentIfEmpty,
      z.string({ error: 'invalid_cgu_from' }).trim().toLowerCase().regex(LANDING_CGU_FROM, 'invalid_cgu_from').optional(),
    ),
  })
  .superRefine((v, ctx) => {
    // The web form asks for the phone; the landing's step 2 does not (public-web.md section 5).
    if (v.cgu_from === undefined && v.phone_number === undefined) {
      ctx.addIssue({ code: 'custom', path: ['phone_number'], message: 'invalid_phone' });
    }
    if (v.use_cv && v.cv_file === undefined) ctx.addIssue({ code: 'custom', path: ['cv_file'], message: 'cv_required' });
  });

export type InterestInput = z.input<typeof interestSchema>;
export type Interest = z.output<typeof interestSchema>;

/** The message keys this schema may answer; anything else is reported as validation_error. */
export const INTEREST_ERROR_CODES = [
  'missing_parameters', 'invalid_email', 'firstname_required', 'lastname_required', 'field_too_long',
  'invalid_phone', 'cv_required', 'cv_not_found', 'cgu_required', 'invalid_cgu_from', 'validation_error',
] as const;
export type InterestErrorCode = (typeof INTEREST_ERROR_CODES)[number];

export interface InterestFieldError {
  field: string;
  code: InterestErrorCode;
}

/** Every failing field with its code, in form order (the browser marks each one). */
export function interestErrors(input: unknown): InterestFieldError[] {
  const result = interestSchema.safeParse(input);
  if (result.success) return [];
  const seen = new Set<string>();
  const out: InterestFieldError[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    const code = (INTEREST_ERROR_CODES as readonly string[]).includes(issue.message) ? (issue.message as InterestErrorCode) : 'validation_error';
    out.push({ field, code });
  }
  return out;
}
