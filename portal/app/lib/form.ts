// The portal's forms run the API's own schemas (api/services/*.schema.ts): the browser as the
// visitor types, the Remix actions for the real check. This file turns a schema's issues into
// one code per field and gives each code the portal's text for it.
import * as z from 'zod/mini';
import type { MessageKey } from '../i18n/index.js';

/** The first error code of each failing field. */
export type FieldErrors = Partial<Record<string, string>>;

export type Checked<S extends z.core.$ZodType> = { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors };

/** Checks raw form values with a schema; answers the data, or the first code of each field. */
export function checkForm<S extends z.core.$ZodType>(schema: S, values: Record<string, unknown>): Checked<S> {
  const result = z.safeParse(schema, values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

// The schemas' codes (keys of the API's catalogue) and the portal's wording of them.
const MESSAGES: Record<string, MessageKey> = {
  invalid_email: 'err_email',
  firstname_required: 'err_firstname',
  lastname_required: 'err_lastname',
  invalid_phone: 'err_phone',
  cgu_required: 'err_cgu',
  missing_parameters: 'err_required_fields',
  fill_all_required_fields: 'err_required_fields',
  invalid_quantity: 'sub_err_quantity',
  field_too_long: 'err_too_long',
  invalid_password: 'reset_err_invalid_password',
  password_mismatch: 'reset_not_identical',
  feedback_name_too_short: 'feedback_err_name',
  feedback_vote_required: 'feedback_err_vote',
  err_cv_size: 'err_cv_size',
};

/** The portal's message key of an error code (a generic one for codes the forms do not word). */
export const formMessage = (code: string): MessageKey => MESSAGES[code] ?? 'err_validation';
