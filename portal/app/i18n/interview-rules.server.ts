// The interview's rules as the candidate reads them before starting (decisions 405, 455 and 466):
// "3 questions · 1 min chacune · 2 nouvelles prises · 30 s de réflexion" for an offer of video
// questions; "4 questions : 3 vidéos de 1 min, 1 réponse écrite · 2 nouvelles prises · 30 s de
// réflexion" for a mixed one (the answer length, the retakes and the thinking time are the video
// questions' rules). The one home of this wording: the apply page's loader sends the line drawn
// here, so its texts and plural rules stay out of the page's scripts (the 100 KB budget).
import { catalogLang, type Lang } from '../../../config/i18n/langs.js';
import { formatSeconds, type InterviewSettings } from '../../../models/rules/interview.js';
import type { QuestionType } from '../../../models/rules/questions.js';

type Plural = { one: string; other: string };
interface RulesTexts {
  label: string;
  questions: Plural;
  /** After the count of a mixed offer: "4 questions : …". */
  mixed: string;
  videos: Plural;
  texts: Plural;
  choices: Plural;
  each: string;
  retakes_none: string;
  retakes: Plural;
  retakes_unlimited: string;
  think_seconds: string;
  think_none: string;
  think_press: string;
}

const fr: RulesTexts = {
  label: 'Les règles de l’entretien :',
  questions: { one: '{n} question', other: '{n} questions' },
  mixed: '{questions} : {parts}',
  videos: { one: '{n} vidéo de {duration}', other: '{n} vidéos de {duration}' },
  texts: { one: '{n} réponse écrite', other: '{n} réponses écrites' },
  choices: { one: '{n} question à choix', other: '{n} questions à choix' },
  each: '{duration} chacune',
  retakes_none: 'pas de nouvelle prise',
  retakes: { one: '{n} nouvelle prise', other: '{n} nouvelles prises' },
  retakes_unlimited: 'nouvelles prises illimitées',
  think_seconds: '{n} s de réflexion',
  think_none: 'l’enregistrement démarre dès que la question s’affiche',
  think_press: 'réfléchissez autant que vous voulez',
};
const nl: RulesTexts = {
  label: 'De regels van het interview:',
  questions: { one: '{n} vraag', other: '{n} vragen' },
  mixed: '{questions}: {parts}',
  videos: { one: '{n} video van {duration}', other: '{n} video’s van {duration}' },
  texts: { one: '{n} geschreven antwoord', other: '{n} geschreven antwoorden' },
  choices: { one: '{n} meerkeuzevraag', other: '{n} meerkeuzevragen' },
  each: '{duration} per antwoord',
  retakes_none: 'geen nieuwe opname',
  retakes: { one: '{n} nieuwe opname', other: '{n} nieuwe opnames' },
  retakes_unlimited: 'onbeperkt nieuwe opnames',
  think_seconds: '{n} s bedenktijd',
  think_none: 'de opname start zodra de vraag verschijnt',
  think_press: 'denk zo lang na als u wilt',
};
const en: RulesTexts = {
  label: 'The interview’s rules:',
  questions: { one: '{n} question', other: '{n} questions' },
  mixed: '{questions}: {parts}',
  videos: { one: '{n} video of {duration}', other: '{n} videos of {duration}' },
  texts: { one: '{n} written answer', other: '{n} written answers' },
  choices: { one: '{n} multiple-choice question', other: '{n} multiple-choice questions' },
  each: '{duration} each',
  retakes_none: 'no retakes',
  retakes: { one: '{n} retake', other: '{n} retakes' },
  retakes_unlimited: 'unlimited retakes',
  think_seconds: '{n} s to think',
  think_none: 'recording starts as soon as the question is shown',
  think_press: 'think as long as you like',
};
const TEXTS: Record<'fr' | 'nl' | 'en', RulesTexts> = { fr, nl, en };

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_m, k: string) => String(vars[k] ?? ''));
/** `n` things by the language's own plural rule (French: 0 and 1 are singular). */
const count = (lang: Lang, p: Plural, n: number, vars: Record<string, string | number> = {}) => fill(new Intl.PluralRules(lang).select(n) === 'one' ? p.one : p.other, { n, ...vars });

export interface InterviewRulesLine {
  /** Read before the line by screen readers. */
  label: string;
  /** "3 questions", the name of the list of answers. */
  questions: string;
  line: string;
}

/** The rules line of an offer's questions (by type) and interview settings, in `lang`. */
export function interviewRulesLine(lang: Lang, questions: ReadonlyArray<{ type: QuestionType }>, s: InterviewSettings): InterviewRulesLine {
  const x = TEXTS[catalogLang(lang)];
  const n = (type: QuestionType) => questions.filter((q) => q.type === type).length;
  const duration = formatSeconds(s.answer_seconds);
  const total = count(lang, x.questions, questions.length);
  const videos = n('video');
  const head =
    videos === questions.length
      ? [total, fill(x.each, { duration })]
      : [
          fill(x.mixed, {
            questions: total,
            parts: [videos ? count(lang, x.videos, videos, { duration }) : '', n('text') ? count(lang, x.texts, n('text')) : '', n('choice') ? count(lang, x.choices, n('choice')) : '']
              .filter(Boolean)
              .join(', '),
          }),
        ];
  const retakes = s.retakes === null ? x.retakes_unlimited : s.retakes === 0 ? x.retakes_none : count(lang, x.retakes, s.retakes);
  const think = s.think_seconds === null ? x.think_press : s.think_seconds === 0 ? x.think_none : fill(x.think_seconds, { n: s.think_seconds });
  return { label: x.label, questions: total, line: [...head, retakes, think].join(' · ') };
}
