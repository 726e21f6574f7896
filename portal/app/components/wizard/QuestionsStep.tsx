// The offer wizard's step 12: the questions candidates answer on video. Three slots at least, up to
// QUESTIONS_MAX; adding, deleting the last one and filling one from a template are posts to the
// action (no JavaScript needed). Below them, the interview settings (decision 405): thinking time,
// answer length and retakes, posted with the questions.
import { QUESTIONS_MAX, QUESTIONS_MIN, QUESTION_MAX_LENGTH } from '../../../../models/rules/questions.js';
import { ANSWER_CHOICES, DEFAULT_INTERVIEW_JSON, RETAKE_CHOICES, RETAKES_UNLIMITED, THINK_CHOICES, THINK_NONE, THINK_UNTIL_PRESS, formatSeconds } from '../../../../models/rules/interview.js';
import { Field, described, type StepProps } from './parts.js';

/** One interview setting: a select of its offered values, the draft's (or the default) chosen. */
function SettingSelect({ name, label, choices, p }: { name: 'think_seconds' | 'answer_seconds' | 'retakes'; label: string; choices: { value: string; name: string }[]; p: StepProps }) {
  const id = `w-${name}`;
  const error = p.errorOf(name);
  return (
    <Field id={id} label={label} error={error}>
      <select id={id} name={name} defaultValue={p.typedText(name, p.page.json[name] ?? DEFAULT_INTERVIEW_JSON[name])} {...described(id, error)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

function InterviewSettings(p: StepProps) {
  const { t } = p;
  const think = THINK_CHOICES.map((c) => ({
    value: String(c),
    name: c === THINK_UNTIL_PRESS ? t('wiz_think_press') : c === THINK_NONE ? t('wiz_think_none') : t('wiz_seconds', { n: c }),
  }));
  const answer = ANSWER_CHOICES.map((c) => ({ value: String(c), name: formatSeconds(c) }));
  const retakes = RETAKE_CHOICES.map((c) => ({ value: String(c), name: c === RETAKES_UNLIMITED ? t('wiz_retakes_unlimited') : c === 0 ? t('wiz_retakes_none') : String(c) }));
  return (
    <fieldset className="interview-settings" data-testid="interview-settings">
      <legend>{t('wiz_interview_title')}</legend>
      <p className="hint">{t('wiz_interview_hint')}</p>
      <SettingSelect name="think_seconds" label={t('wiz_think_seconds')} choices={think} p={p} />
      <SettingSelect name="answer_seconds" label={t('wiz_answer_seconds')} choices={answer} p={p} />
      <SettingSelect name="retakes" label={t('wiz_retakes')} choices={retakes} p={p} />
    </fieldset>
  );
}

export function QuestionsStep(props: StepProps) {
  const { page, t, errorOf } = props;
  // Three question slots at least (a draft made elsewhere may hold fewer).
  const saved = page.json.questions ?? [];
  const questions = [...saved, ...Array.from({ length: Math.max(0, QUESTIONS_MIN - saved.length) }, (_, i) => ({ id: `q${saved.length + i + 1}`, question: '' }))];
  const error = errorOf('questions');
  return (
    <div id="questions">
      <p className="hint">{t('wiz_questions_hint')}</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {questions.map((q, i) => (
        <Field key={q.id} id={`w-q${i + 1}`} label={t('wiz_question', { n: i + 1 })} required={i < QUESTIONS_MIN}>
          <textarea id={`w-q${i + 1}`} name="question" rows={2} maxLength={QUESTION_MAX_LENGTH} defaultValue={q.question} />
        </Field>
      ))}
      <div className="row">
        {questions.length < QUESTIONS_MAX && (
          <button type="submit" name="intent" value="add_question" className="button secondary">
            {t('wiz_add_question')}
          </button>
        )}
        {questions.length > QUESTIONS_MIN && (
          <button type="submit" name="intent" value="delete_question" className="button secondary">
            {t('wiz_delete_question')}
          </button>
        )}
      </div>
      {questions.length < QUESTIONS_MAX || questions.some((q) => q.question.trim() === '') ? (
        <div className="field">
          <label htmlFor="w-template">{t('wiz_template')}</label>
          <select id="w-template" name="template" defaultValue="">
            <option value="">{t('wiz_template_choose')}</option>
            {page.lists.q_template.map((q) => (
              <option key={q.value} value={q.name}>
                {q.name}
              </option>
            ))}
          </select>
          <button type="submit" name="intent" value="template" className="button secondary">
            {t('wiz_template_add')}
          </button>
        </div>
      ) : null}
      <InterviewSettings {...props} />
    </div>
  );
}
