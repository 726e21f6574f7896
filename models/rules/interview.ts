// An offer's interview settings (issue 27, docs/decisions/405-interview-settings.md): thinking time
// before each answer, answer length, retakes. The one home of their values: the models (offer
// columns, the answers' take counters), the drafts schema, the templates declaration, the video
// service's limits, the wizard, the console and the candidate's page all import them here.
// Browser-safe.
//
// Two spellings of one setting:
// - in forms and JSON (template content, the wizard's draft, request bodies): think_seconds is
//   'press' (until the candidate presses record), 0 (none) or 10..60; retakes is 0..3 or 'unlimited';
// - in the offers table and in what the candidate's page reads (InterviewSettings): null stands
//   for 'press' and for 'unlimited'.

/** Thinking time: until the candidate presses record (today's behaviour, the default). */
export const THINK_UNTIL_PRESS = 'press';
/** Thinking time: none, the recording starts by itself after the 3-second countdown. */
export const THINK_NONE = 0;
/** The thinking times offered (and accepted): press, none, then 10 s to 60 s (a timed thinking time). */
export const THINK_CHOICES = [THINK_UNTIL_PRESS, THINK_NONE, 10, 15, 20, 30, 45, 60] as const;
export type ThinkChoice = (typeof THINK_CHOICES)[number];

/** Answer length, seconds: 15 to 180, 60 by default (the spec's one minute). */
export const ANSWER_DEFAULT_SECONDS = 60;
export const ANSWER_CHOICES = [15, 30, 45, 60, 90, 120, 180] as const;
export type AnswerChoice = (typeof ANSWER_CHOICES)[number];

/** Retakes after the first recording: 0 to 3, or unlimited (today's behaviour, the default). */
export const RETAKES_UNLIMITED = 'unlimited';
export const RETAKE_CHOICES = [0, 1, 2, 3, RETAKES_UNLIMITED] as const;
export type RetakeChoice = (typeof RETAKE_CHOICES)[number];

/**
 * A received answer may last this much longer than the answer length: the recorder stops within a
 * fraction of a second, and a container's duration is rounded up to its last frame or audio packet.
 */
export const ANSWER_TOLERANCE_SECONDS = 2;

/** The settings as stored on an offer and read by the candidate's page: null = until press / unlimited. */
export interface InterviewSettings {
  think_seconds: number | null;
  answer_seconds: number;
  retakes: number | null;
}

/** The settings in their form spelling (template content, draft JSON, request bodies). */
export interface InterviewSettingsJson {
  think_seconds?: ThinkChoice;
  answer_seconds?: AnswerChoice;
  retakes?: RetakeChoice;
}

export const DEFAULT_INTERVIEW: InterviewSettings = { think_seconds: null, answer_seconds: ANSWER_DEFAULT_SECONDS, retakes: null };
/** The form spelling of the defaults: what a new template or draft starts with. */
export const DEFAULT_INTERVIEW_JSON: Required<InterviewSettingsJson> = { think_seconds: THINK_UNTIL_PRESS, answer_seconds: ANSWER_DEFAULT_SECONDS, retakes: RETAKES_UNLIMITED };

/** One of `choices`, given as itself or as its text (a form posts "30" for 30); undefined otherwise. */
function pick<C extends string | number>(choices: readonly C[], v: unknown): C | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  return choices.find((c) => String(c) === String(v).trim());
}
export const thinkChoice = (v: unknown) => pick(THINK_CHOICES, v);
export const answerChoice = (v: unknown) => pick(ANSWER_CHOICES, v);
export const retakeChoice = (v: unknown) => pick(RETAKE_CHOICES, v);

/** The stored spelling of form values (absent ones take the defaults). */
export function interviewColumns(json: InterviewSettingsJson): InterviewSettings {
  const think = json.think_seconds ?? THINK_UNTIL_PRESS;
  const retakes = json.retakes ?? RETAKES_UNLIMITED;
  return {
    think_seconds: think === THINK_UNTIL_PRESS ? null : think,
    answer_seconds: json.answer_seconds ?? ANSWER_DEFAULT_SECONDS,
    retakes: retakes === RETAKES_UNLIMITED ? null : retakes,
  };
}

/** How many recordings an answer may have: the first and its retakes (null: no limit). */
/**
 * An offer's settings as its columns hold them (migration 035; a driver may give numbers as text):
 * null thinking time is "until press", null retakes "unlimited", a missing length the default.
 */
export function interviewOfColumns(row: { think_seconds: number | string | null; answer_seconds: number | string | null; retakes: number | string | null }): InterviewSettings {
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return { think_seconds: num(row.think_seconds), answer_seconds: num(row.answer_seconds) ?? DEFAULT_INTERVIEW.answer_seconds, retakes: num(row.retakes) };
}

export const takesAllowed = (s: Pick<InterviewSettings, 'retakes'>): number | null => (s.retakes === null ? null : 1 + s.retakes);

/** The longest file accepted for an answer, in seconds (the answer length and the tolerance). */
export const maxAnswerSeconds = (s: Pick<InterviewSettings, 'answer_seconds'>): number => s.answer_seconds + ANSWER_TOLERANCE_SECONDS;

/** A duration as the pages write it: "45 s", "1 min", "1 min 30 s" (the same units in fr, nl, en). */
export function formatSeconds(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return `${s} s`;
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}

/**
 * Every recording the offer allows for an answer was counted (never with unlimited retakes): the
 * candidate can no longer record it, and the offer's side may give one take back (decision 465).
 */
export const takesUsedUp = (s: Pick<InterviewSettings, 'retakes'>, takes: number): boolean => {
  const allowed = takesAllowed(s);
  return allowed !== null && takes >= allowed;
};
