// The interest application (public-web.md sections 5 and 7): POST /apis/submit-interest, the
// web application form of /candidate/offer/{job_code} and the landing lead form of
// /landing/{customer}. One module for the API (validate middleware), the Remix actions and the
// browser's instant feedback: no server-only imports, zod/mini (the offer page stays under
// 100 KB of gzipped JS). Every message is a code of config/i18n (the portal shows its own text
// for it, portal/app/lib/form.ts).
import * as z from 'zod/mini';
import { email } from '../../../models/rules/email.js';
import { PHONE_PREFIXES, keepDigits, normalizePhone } from '../../../models/rules/phone.js';
import { absentIfBlank, text } from '../../../models/rules/text.js';

/** 'landing/{identifier}': the lead came from that custom landing page. */
export const LANDING_CGU_FROM = /^landing\/([a-z0-9_-]{1,64})$/;

/** Form posts send 'on' or 'true'; JSON sends booleans. */
const toFlag = (v: unknown): unknown => {
  if (v === true || v === 'true' || v === 'on' || v === '1' || v === 1) return true;
  if (v === undefined || v === null || v === false || v === 'false' || v === '0' || v === 0 || v === '') return false;
  return v;
};
const flag = (code: string) => z.pipe(z.transform(toFlag), z.boolean(code));
const accepted = z.pipe(flag('cgu_required'), z.boolean().check(z.refine((v) => v, 'cgu_required')));

// landing_interests columns: firstname, lastname 120; cv_key 255; job_code 16; cgu_from 160.
export const personName = (required: string) => text(120, { invalid: required, required, min: 1, tooLong: 'field_too_long' });
export const jobCode = text(64, { invalid: 'missing_parameters', min: 1, transform: 'upper' });
const cvFile = z.pipe(z.transform(absentIfBlank), z.optional(text(255, { invalid: 'cv_not_found' })));

/** A number as typed (prefix and national digits together), stored in E.164. */
export const phoneNumber = z.pipe(
  z.transform(absentIfBlank),
  z.optional(
    z.pipe(
      text(40, { invalid: 'invalid_phone' }),
      z.transform((v: string, ctx) => {
        const phone = normalizePhone(v);
        if (phone) return phone.e164;
        ctx.issues.push({ code: 'custom', message: 'invalid_phone', input: v });
        return v;
      }),
    ),
  ),
);

export const interestSchema = z
  .object({
    job_code: jobCode,
    email: email(),
    firstname: personName('firstname_required'),
    lastname: personName('lastname_required'),
    phone_number: phoneNumber,
    use_cv: flag('validation_error'),
    cv_file: cvFile,
    accept_cgu: accepted,
    cgu_from: z.pipe(z.transform(absentIfBlank), z.optional(text(160, { invalid: 'invalid_cgu_from', transform: 'lower' }).check(z.regex(LANDING_CGU_FROM, 'invalid_cgu_from')))),
  })
  .check(
    z.superRefine((v, ctx) => {
      // The web form asks for the phone; the landing's step 2 does not (public-web.md section 5).
      if (v.cgu_from === undefined && v.phone_number === undefined) {
        ctx.issues.push({ code: 'custom', path: ['phone_number'], message: 'invalid_phone', input: v.phone_number });
      }
      if (v.use_cv && v.cv_file === undefined) ctx.issues.push({ code: 'custom', path: ['cv_file'], message: 'cv_required', input: v.cv_file });
    }),
  );

export type Interest = z.output<typeof interestSchema>;

/**
 * The offer page's application form (fields as the browser posts them): the phone comes as a
 * prefix choice and 10 national digits, the terms as a checkbox. Its values become an interest
 * body with `interestFromApplyForm`.
 */
export const applyFormSchema = z.object({
  email: email(),
  firstname: personName('firstname_required'),
  lastname: personName('lastname_required'),
  phone_prefix: z.enum(PHONE_PREFIXES, 'invalid_phone'),
  phone: z.pipe(z.pipe(z.string('invalid_phone'), z.transform(keepDigits)), z.string().check(z.refine((v) => normalizePhone(v) !== null, 'invalid_phone'))),
  accept_cgu: accepted,
  cv_file: cvFile,
});
export type ApplyForm = z.output<typeof applyFormSchema>;

/** The submit-interest body of a checked application form. */
export function interestFromApplyForm(form: ApplyForm, jobCode: string, cvKey?: string): Record<string, unknown> {
  return {
    job_code: jobCode,
    email: form.email,
    phone_number: `${form.phone_prefix}${form.phone}`,
    firstname: form.firstname,
    lastname: form.lastname,
    accept_cgu: true,
    use_cv: !!cvKey,
    ...(cvKey ? { cv_file: cvKey } : {}),
  };
}

/** The landing's step 2 (public-web.md section 5): the chosen offer, email, names and terms. */
export const landingFormSchema = z.object({
  job_code: jobCode,
  email: email(),
  firstname: personName('firstname_required'),
  lastname: personName('lastname_required'),
  accept_cgu: accepted,
});
