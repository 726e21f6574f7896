// The schemas' error codes (keys of the API's catalogue) and the portal's wording of them. Kept
// apart from form.ts (which runs the schemas with zod) so a page that shows codes without checking
// in the browser, or before its schema has loaded, does not download zod.
import type { MessageKey } from '../i18n/index.js';

/** The first error code of each failing field. */
export type FieldErrors = Partial<Record<string, string>>;

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
