// The interview settings' timed values (models/rules/interview.ts) as the console names them, the
// same in every language and as the candidate's page writes them: "30 s", "1 min 30 s".
import { ANSWER_CHOICES, THINK_CHOICES, formatSeconds } from '../../../models/rules/interview.js';

/** resources.templates.choices.think_seconds: the timed ones (press and none are worded per language). */
export const THINK_SECONDS_NAMES = Object.fromEntries(THINK_CHOICES.filter((c): c is Exclude<typeof c, string> => typeof c === 'number' && c > 0).map((c) => [c, formatSeconds(c)]));
/** resources.templates.choices.answer_seconds. */
export const ANSWER_LENGTH_NAMES = Object.fromEntries(ANSWER_CHOICES.map((c) => [c, formatSeconds(c)]));
