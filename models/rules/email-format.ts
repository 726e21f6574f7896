// The email format and the one-time code's shape, free of zod so the portal's pages can check them
// without downloading the schemas (decision 174). models/rules/email.ts (the schema of an email
// field) and api/services/identity/email-code.schema.ts build on these.

export const EMAIL_PATTERN = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;
export const EMAIL_MAX = 254;

/** How an email is compared and stored: trimmed, lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** True for a normalised email the spec accepts. */
export const isEmail = (email: string): boolean => email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);

/** A one-time sign-in code is this many digits (what the mail shows and the candidate types). */
export const EMAIL_CODE_DIGITS = 6;
export const EMAIL_CODE_PATTERN = /^\d{6}$/;
