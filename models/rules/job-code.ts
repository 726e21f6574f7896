// Job codes (back-office.md section 5): 0-9 and A-Z without I, O and U (33 characters, so a code
// read aloud cannot be mistaken). A manager's preferred code in the bulk creation: at least 5
// characters, uppercased, only the alphabet. Browser-safe: the bulk creation screen checks as the
// server does (api/services/manager-offers.service.ts).
export const JOB_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTVWXYZ';
export const PREFERRED_JOB_CODE_MIN = 5;
/** The offers.job_code column's size. */
export const PREFERRED_JOB_CODE_MAX = 16;

export type PreferredJobCodeCheck = { ok: true; code: string } | { ok: false; error: 'job_code_too_short' | 'job_code_not_allowed' | 'job_code_too_long'; char?: string };

/** A typed preferred code, uppercased and trimmed, against the rules (the first refused character named). */
export function checkPreferredJobCode(input: string): PreferredJobCodeCheck {
  const code = input.trim().toUpperCase();
  const refused = [...code].find((ch) => !JOB_CODE_ALPHABET.includes(ch));
  if (refused !== undefined) return { ok: false, error: 'job_code_not_allowed', char: refused };
  if (code.length < PREFERRED_JOB_CODE_MIN) return { ok: false, error: 'job_code_too_short' };
  if (code.length > PREFERRED_JOB_CODE_MAX) return { ok: false, error: 'job_code_too_long' };
  return { ok: true, code };
}
