// Length limits the browser shows before any check runs (hints, maxLength), kept free of zod so a
// page can show them without downloading the schemas (decision 174). The schemas that enforce
// them import them from here: models/rules/password.ts, api/services/share.schema.ts.

/** A password has at least this many characters (public-web.md section 5). */
export const PASSWORD_MIN = 6;

/** A reviewer's feedback comment: at most this many characters (the feedbacks column). */
export const FEEDBACK_COMMENT_MAX = 2000;
