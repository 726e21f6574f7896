// The one home of phone numbers (docs/decisions/020-interest-phone-numbers.md). Three different
// things, three names:
//   normalizePhone      checks a number a person typed (prefix + 10 national digits) and gives
//                       its stored form (E.164);
//   keepDigits          what the form's number input keeps while someone types (digits only);
//   phoneSearchDigits   the digits a stored number is searched by (+33 6.. found as 06..).
// Browser-safe: the portal bundles it.

/** The form's default country prefix (public-web.md section 9: +33, +32 for Dutch or BE). */
export const DEFAULT_PHONE_PREFIX = '+33';

/**
 * Country calling codes whose national numbers are written with 10 digits starting with the
 * trunk 0 (the spec's "10 digits"): France and its overseas departments, Belgium, Switzerland,
 * the Netherlands. The list is prefix-free, so the first match is the only one.
 */
export const PHONE_COUNTRY_CODES = ['33', '32', '41', '31', '262', '590', '594', '596'] as const;

/** The same codes as the form's prefix choices: '+33', '+32', ... */
export const PHONE_PREFIXES = PHONE_COUNTRY_CODES.map((c) => `+${c}` as `+${(typeof PHONE_COUNTRY_CODES)[number]}`);
export type PhonePrefix = (typeof PHONE_PREFIXES)[number];

export interface NormalizedPhone {
  /** '+33' */
  prefix: string;
  /** The 10 national digits the spec checks: '0612345678'. */
  national: string;
  /** What we store and what SMS providers take: '+33612345678'. */
  e164: string;
}

/** Anything but digits removed (the spec: the number input keeps digits only). */
export const keepDigits = (value: string): string => value.replace(/\D/g, '');

/**
 * Reads what the form sends (prefix plus number) and checks the national 10 digits.
 * '+33 6 12 34 56 78', '+33 (0)6 12 34 56 78', '+330612345678', '0033612345678' and
 * '06 12 34 56 78' (default prefix) are the same number; anything else than digits is
 * stripped, as the spec says. Returns null when it is not a valid number.
 */
export function normalizePhone(input: string, defaultPrefix: string = DEFAULT_PHONE_PREFIX): NormalizedPhone | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const raw = input.trim();
  let digits = keepDigits(raw);
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
    code = keepDigits(defaultPrefix);
    national = digits;
  }
  if (!/^0\d{9}$/.test(national)) return null;
  return { prefix: `+${code}`, national, e164: `+${code}${national.slice(1)}` };
}

/** +32 for Dutch or Belgian offers, +33 otherwise (public-web.md section 9). */
export function defaultPhonePrefix(offer: { lang?: string | null; country_iso?: string | null }): PhonePrefix {
  return offer.lang?.toLowerCase().startsWith('nl') || offer.country_iso?.toUpperCase() === 'BE' ? '+32' : '+33';
}

/** A stored number as the digits it is searched by, French international forms (+33 6.., 0033 6..) in national form (06..). */
export function phoneSearchDigits(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = keepDigits(phone);
  const intl = /^\s*(\+|00)33/.test(phone) ? digits.replace(/^(00)?33/, '') : null;
  return intl && intl.length === 9 ? `0${intl}` : digits;
}
