// The offer wizard's step 12: the questions candidates answer on video. Three slots at least, up to
// QUESTIONS_MAX; adding, deleting the last one and filling one from a template are posts to the
// action (no JavaScript needed). Below them, the interview settings (decision 405): thinking time,
// answer length and retakes, posted with the questions.
import { QUESTIONS_MAX, QUESTIONS_MIN, QUESTION_MAX_LENGTH } from '../../../../models/rules/questions.js';
import { Field, type StepProps } from './parts.js';

/** The interview settings: their selects, the choices and their names made by the page's loader (no rule shipped to the browser). */
function InterviewSettings({ page, t, errorOf, typedText }: StepProps) {
  return (
    <fieldset className="interview-settings" data-testid="interview-settings">
      <legend>{t('wiz_interview_title')}</legend>
      <p className="hint">{t('wiz_interview_hint')}</p>
      {page.interview.map((s) => (
        <Field key={s.name} id={`w-${s.name}`} label={s.label} error={errorOf(s.name)}>
          <select id={`w-${s.name}`} name={s.name} defaultValue={typedText(s.name, s.value)}>
            {s.choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      ))}
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
