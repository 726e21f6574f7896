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

// Question types (issue 27, docs/decisions/455-question-types.md): video (the default, today's),
// short text, and one choice among 2 to 6 options, some of which may be marked as not meeting a
// requirement (a "knockout": shown to the recruiter, never hiding nor rejecting the candidate).
// Every type counts in the 3 to 5 questions; an offer keeps at least one video question.

export const QUESTION_TYPES = ['video', 'text', 'choice'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** At least this many video questions per offer or template (a video interview). */
export const VIDEO_QUESTIONS_MIN = 1;
/** A short text answer: at most this many characters (trimmed). */
export const TEXT_ANSWER_MAX_LENGTH = 500;
/** A one-choice question offers 2 to 6 options... */
export const CHOICE_OPTIONS_MIN = 2;
export const CHOICE_OPTIONS_MAX = 6;
/** ...each at most this many characters. */
export const CHOICE_OPTION_MAX_LENGTH = 100;

/** One option of a choice question; `knockout`: choosing it does not meet a requirement. */
export interface ChoiceOption {
  label: string;
  knockout?: boolean;
}

/** A question as templates, drafts and offers hold it (type absent: video). */
export interface QuestionJson {
  id: string;
  question: string;
  type?: QuestionType;
  options?: ChoiceOption[];
}

export const questionType = (v: unknown): QuestionType | undefined => QUESTION_TYPES.find((t) => t === v);
const hasNul = (s: string) => s.includes('\u0000');

/**
 * A question's type and options from any input (a text, { question, type, options }): the options
 * of a choice question as { label, knockout } (texts accepted), trimmed, 2 to 6, distinct, at least
 * one that is not a knockout. The problem's code, or the type and options (none for other types).
 */
export function readQuestionType(q: unknown): { type: QuestionType; options?: ChoiceOption[] } | { problem: 'question_type_invalid' | 'question_options_invalid' } {
  const raw = q && typeof q === 'object' ? (q as { type?: unknown; options?: unknown }) : {};
  const type = raw.type === undefined || raw.type === null || raw.type === '' ? 'video' : questionType(raw.type);
  if (!type) return { problem: 'question_type_invalid' };
  if (type !== 'choice') return { type };
  if (!Array.isArray(raw.options)) return { problem: 'question_options_invalid' };
  const options: ChoiceOption[] = [];
  for (const o of raw.options) {
    const label = typeof o === 'string' ? o : o && typeof o === 'object' ? (o as { label?: unknown }).label : undefined;
    const knockout = o && typeof o === 'object' ? (o as { knockout?: unknown }).knockout : false;
    if (typeof label !== 'string' || hasNul(label) || (knockout !== undefined && typeof knockout !== 'boolean')) return { problem: 'question_options_invalid' };
    if (label.trim() === '') continue;
    options.push(knockout ? { label: label.trim(), knockout: true } : { label: label.trim() });
  }
  const labels = new Set(options.map((o) => o.label.toLowerCase()));
  if (
    options.length < CHOICE_OPTIONS_MIN ||
    options.length > CHOICE_OPTIONS_MAX ||
    labels.size !== options.length ||
    options.some((o) => o.label.length > CHOICE_OPTION_MAX_LENGTH) ||
    options.every((o) => o.knockout)
  ) {
    return { problem: 'question_options_invalid' };
  }
  return { type, options };
}

/** The video questions of a list (at least VIDEO_QUESTIONS_MIN are needed to publish or save a template). */
export const videoCount = (questions: ReadonlyArray<{ type?: QuestionType | null }>) => questions.filter((q) => (q.type ?? 'video') === 'video').length;

/** A question as candidates and the public API see it: its options' labels, never which are knockouts. */
export function publicQuestion(q: QuestionJson): { id: string; question: string; type: QuestionType; options?: string[] } {
  const type = q.type ?? 'video';
  return type === 'choice' ? { id: q.id, question: q.question, type, options: (q.options ?? []).map((o) => o.label) } : { id: q.id, question: q.question, type };
}

/**
 * An answer is given: a video answer has its story, a text or choice answer its text (decision
 * 455). The application completes when every answer is given (api/services/applications/video-answers.service.ts).
 */
export const isAnswered = (a: { type?: string | null; state: string | null; upload_path: string | null; text_answer?: string | null }) =>
  a.state === 'done' && ((a.type ?? 'video') === 'video' ? !!a.upload_path : a.text_answer !== null && a.text_answer !== undefined);
