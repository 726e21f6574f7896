// The job code alphabet and the preferred job code of the bulk creation (back-office.md section 5):
// 0-9 and A-Z without I, O and U (33 characters), at least 5 characters, typed uppercased.
// Browser-safe: the server's job codes (api/services/job-codes.ts) and the manager's bulk creation
// screen (admin/src/manager/OfferCreate.tsx) both read it.
import type { NormalizeRule } from '../resources/schema.js';

export const JOB_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTVWXYZ';
/** A preferred job code has at least this many characters ("job codes must have at least 5 characters"). */
export const PREFERRED_JOB_CODE_MIN = 5;
/** ...and at most as many as any code may have. */
export const PREFERRED_JOB_CODE_MAX = 16;

/** Whether a code only uses the alphabet (preferred codes of the bulk creation must). */
export function usesJobCodeAlphabet(code: string): boolean {
  return code.length > 0 && [...code].every((ch) => JOB_CODE_ALPHABET.includes(ch));
}

/**
 * A preferred job code as it is typed: uppercased, every character outside the alphabet dropped;
 * the first one dropped is named (the screen's alert lists the allowed ones).
 */
export const PREFERRED_JOB_CODE: NormalizeRule = {
  apply(input: string) {
    let value = '';
    let refused: string | null = null;
    for (const ch of input.toUpperCase()) {
      if (JOB_CODE_ALPHABET.includes(ch)) value += ch;
      else if (refused === null) refused = ch;
    }
    return { value: value.slice(0, PREFERRED_JOB_CODE_MAX), refused };
  },
  allowed: JOB_CODE_ALPHABET,
  refusedMessage: 'manager.create.code_not_allowed',
};

/** Why a preferred job code is refused (a translation key), or null when it is fine or absent. */
export function preferredJobCodeProblem(code: string | null | undefined): string | null {
  if (!code) return null;
  if (!usesJobCodeAlphabet(code)) return 'manager.create.code_not_allowed';
  if (code.length < PREFERRED_JOB_CODE_MIN) return 'manager.create.code_too_short';
  return null;
}
