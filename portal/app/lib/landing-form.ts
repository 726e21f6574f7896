// The landing's step 2 form: one schema for the browser and the action (public-web.md section 5:
// valid email, terms accepted, non-empty first and last name). Messages are catalog keys.
import * as z from 'zod/mini';
import { EMAIL_PATTERN } from './apply-form.js';
import type { MessageKey } from '../i18n/index.js';

const trimmed = z.pipe(z.string(), z.transform((v) => v.trim()));
const key = (k: MessageKey) => k;

export const landingFormSchema = z.object({
  job_code: z.pipe(trimmed, z.string().check(z.minLength(1, key('err_required_fields')))),
  email: z.pipe(trimmed, z.string().check(z.regex(EMAIL_PATTERN, key('err_email')))),
  firstname: z.pipe(trimmed, z.string().check(z.minLength(1, key('err_firstname')))),
  lastname: z.pipe(trimmed, z.string().check(z.minLength(1, key('err_lastname')))),
  accept_cgu: z.literal('on', key('err_cgu')),
});

export type LandingField = keyof z.input<typeof landingFormSchema>;
export type LandingErrors = Partial<Record<LandingField, MessageKey>>;

export function checkLandingForm(values: Record<string, unknown>) {
  const result = landingFormSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: LandingErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as LandingField;
    if (!errors[field]) errors[field] = issue.message as MessageKey;
  }
  return { data: null, errors };
}

export type Device = 'ios' | 'android' | 'unknown';

export function deviceOf(userAgent: string | null): Device {
  if (!userAgent) return 'unknown';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'unknown';
}
