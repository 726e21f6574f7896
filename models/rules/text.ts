// Text fields: the one builder every schema uses for a string that is stored. It trims, refuses
// a NUL byte (SQLite would store it, MariaDB may refuse it with a 500) and caps the length at the
// column's size (models/*.model.ts), so a too long or broken text is a 400 with the field's code,
// never a database error. Browser-safe: the portal bundles it (zod/mini keeps that small).
import * as z from 'zod/mini';

/**
 * An issue message naming an error code and the message key of its text, when they differ
 * (validate() in api/lib/validate.ts splits it; a plain message is both).
 */
export const coded = (code: string, messageKey: string): string => `${code}|${messageKey}`;

/** True when the text holds a NUL byte (U+0000), which no text column takes. */
export const hasNul = (value: string): boolean => value.includes('\u0000');

/** A UTF-16 surrogate without its pair: no character, no UTF-8 form (encodeURIComponent throws on it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds a lone surrogate (JSON can carry one as "\ud800"). */
export const hasLoneSurrogate = (value: string): boolean => LONE_SURROGATE.test(value);

export interface TextOptions {
  /** The code of a wrong type (null, a number...) or a NUL byte. */
  invalid: string;
  /** The code when, once trimmed, it is shorter than min (default: invalid). */
  required?: string;
  /** The code when it is longer than max (default: invalid). */
  tooLong?: string;
  /** The least length once trimmed (default 0). */
  min?: number;
  /** Trim spaces first (default true; passwords keep theirs). */
  trim?: boolean;
  /** Lower- or upper-case it after trimming. */
  transform?: 'lower' | 'upper';
}

/** A stored text of at most `max` characters (the column's size). */
export function text(max: number, options: TextOptions) {
  const { invalid, required = invalid, tooLong = invalid, min = 0, trim = true, transform } = options;
  const checks: z.core.$ZodCheck<string>[] = [];
  if (trim) checks.push(z.trim());
  if (transform === 'lower') checks.push(z.toLowerCase());
  if (transform === 'upper') checks.push(z.toUpperCase());
  checks.push(z.refine((v: string) => !hasNul(v) && !hasLoneSurrogate(v), { message: invalid, abort: true }));
  if (min > 0) checks.push(z.minLength(min, required));
  checks.push(z.maxLength(max, tooLong));
  return z.string(invalid).check(...checks);
}

/** Absent when the value is null, undefined or only spaces (optional fields of forms and JSON). */
export const absentIfBlank = (v: unknown): unknown => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** An optional text: null, blank or absent read as absent; anything else must be a valid text. */
export function optionalText(max: number, options: TextOptions) {
  return z.pipe(z.transform(absentIfBlank), z.optional(text(max, options)));
}
