// The offer wizard's step 12: the questions candidates answer on video. Three slots at least, up to
// QUESTIONS_MAX; adding, deleting the last one and filling one from a template are posts to the
// action (no JavaScript needed). Below them, the interview settings (decision 405): thinking time,
// answer length and retakes, posted with the questions.
import { QUESTIONS_MAX, QUESTIONS_MIN, QUESTION_MAX_LENGTH, QUESTION_TYPES, type QuestionJson } from '../../../../models/rules/questions.js';
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

/** A question's type (decision 455) and, for a choice, its options one per line ("!" first: a knockout). */
function QuestionType({ i, q, t }: { i: number; q: QuestionJson; t: StepProps['t'] }) {
  return (
    <div className="qtype">
      <label htmlFor={`w-qt${i}`}>{t('wiz_qtype')}</label>
      <select id={`w-qt${i}`} name="qtype" defaultValue={q.type ?? 'video'}>
        {QUESTION_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`wiz_qtype_${type}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`w-qo${i}`}>{t('wiz_qoptions')}</label>
      <textarea id={`w-qo${i}`} name="qoptions" rows={2} aria-describedby="w-qo-hint" defaultValue={(q.options ?? []).map((o) => (o.knockout ? `!${o.label}` : o.label)).join('\n')} />
    </div>
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
      <p className="hint" id="w-qo-hint">
        {t('wiz_qoptions_hint')}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {questions.map((q, i) => (
        <Field key={q.id} id={`w-q${i + 1}`} label={t('wiz_question', { n: i + 1 })} required={i < QUESTIONS_MIN}>
          <textarea id={`w-q${i + 1}`} name="question" rows={2} maxLength={QUESTION_MAX_LENGTH} defaultValue={q.question} />
          <QuestionType i={i + 1} q={q} t={t} />
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
