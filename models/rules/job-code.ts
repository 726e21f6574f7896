// Job codes (back-office.md section 5), the one home of their rules: a new code is 6 characters of
// 0-9 and A-Z without I, O and U (33 characters, so a code read aloud cannot be mistaken); a code
// looked up may be older (letters and digits, at most 16); a manager's preferred code in the bulk
// creation: at least 5 characters, uppercased, only the alphabet. Browser-safe: the bulk creation
// screen checks as the server does (api/services/offers/manager-offers.service.ts). Drawing a free code
// needs the database: api/services/offers/job-codes.ts.
export const JOB_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTVWXYZ';
/** The length of a code the platform draws. */
export const JOB_CODE_LENGTH = 6;
export const PREFERRED_JOB_CODE_MIN = 5;
/** The offers.job_code column's size. */
export const PREFERRED_JOB_CODE_MAX = 16;

/** Shape of any code that may exist, older ones included: letters and digits, at most the column's size. */
export const JOB_CODE_SHAPE = new RegExp(`^[A-Z0-9]{1,${PREFERRED_JOB_CODE_MAX}}$`);

/** A code typed by someone: trimmed and uppercased (codes are case-insensitive on input). */
export function normalizeJobCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Whether a (normalized) code has the shape of a code that may exist: a lookup of anything else finds nothing. */
export function isJobCodeShape(code: string): boolean {
  return JOB_CODE_SHAPE.test(code);
}

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

/**
 * The preferred code as it is typed in the bulk creation: uppercased, every character outside the
 * alphabet dropped as it is typed, the first one dropped named in the screen's alert (which lists
 * the allowed ones).
 */
export const PREFERRED_JOB_CODE_TYPING = {
  apply(input: string): { value: string; refused: string | null } {
    let value = '';
    let refused: string | null = null;
    for (const ch of input.toUpperCase()) {
      if (JOB_CODE_ALPHABET.includes(ch)) value += ch;
      else if (refused === null && ch.trim() !== '') refused = ch;
    }
    return { value: value.slice(0, PREFERRED_JOB_CODE_MAX), refused };
  },
  allowed: JOB_CODE_ALPHABET,
  refusedMessage: 'manager.errors.job_code_not_allowed',
};
