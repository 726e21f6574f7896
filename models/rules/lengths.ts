// Length limits the browser shows before any check runs (hints, maxLength), kept free of zod so a
// page can show them without downloading the schemas (decision 174). The schemas that enforce
// them import them from here: models/rules/password.ts, api/services/applications/share.schema.ts.

/** A password has at least this many characters (public-web.md section 5). */
export const PASSWORD_MIN = 6;

/** A reviewer's feedback comment: at most this many characters (the feedbacks column). */
export const FEEDBACK_COMMENT_MAX = 2000;

/** The longest device token a sign-in may present (api/auth/device.ts; decision 220). A real one
 *  is about 125 characters: a user id (36 at most) in base64url, its expiry, nonce and signature. */
export const DEVICE_TOKEN_MAX = 256;
