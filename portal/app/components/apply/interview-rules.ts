// The interview's rules as the candidate reads them before starting, and the recorder's counts:
// "3 questions · 1 min each · 2 retakes · 30 s to think" (decision 405). Plurals by the language's
// own rules (Intl.PluralRules); the settings' values come from models/rules/interview.ts.
import type { MessageKey, T } from '../../i18n/index.js';
import { formatSeconds, type InterviewSettings } from '../../../../models/rules/interview.js';

/** The key of `n` things: `${base}_one` or `${base}_other`, by the language's plural rule. */
export function plural(lang: string, base: 'apply_rules_questions' | 'apply_rules_retakes' | 'apply_takes_left', n: number): MessageKey {
  return `${base}_${new Intl.PluralRules(lang).select(n) === 'one' ? 'one' : 'other'}` as MessageKey;
}

/** The parts of the rules line, in order: questions, answer length, retakes, thinking time. */
export function interviewRules(t: T, lang: string, questions: number, s: InterviewSettings): string[] {
  const retakes = s.retakes === null ? t('apply_rules_retakes_unlimited') : s.retakes === 0 ? t('apply_rules_retakes_none') : t(plural(lang, 'apply_rules_retakes', s.retakes), { n: s.retakes });
  const think = s.think_seconds === null ? t('apply_rules_think_press') : s.think_seconds === 0 ? t('apply_rules_think_none') : t('apply_rules_think_seconds', { n: s.think_seconds });
  return [t(plural(lang, 'apply_rules_questions', questions), { n: questions }), t('apply_rules_each', { duration: formatSeconds(s.answer_seconds) }), retakes, think];
}
