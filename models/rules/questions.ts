// An offer's questions (public-web.md sections 2 and 4, back-office.md section 5): 3 to 5, each at
// most 500 characters (the offer_questions and application_answers question columns). The one home
// of these numbers: the models size their columns with them, the drafts schema, the console's
// declarations and validation, the wizard and the console's question editor all import them.
// Browser-safe.

/** An offer has at least this many questions... */
export const QUESTIONS_MIN = 3;
/** ...and at most this many. */
export const QUESTIONS_MAX = 5;
/** A question's text: at most this many characters. */
export const QUESTION_MAX_LENGTH = 500;
