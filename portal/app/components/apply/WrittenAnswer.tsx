// A text or one-choice question of the apply page (issue 27, decision 455): a text field with its
// counter (TEXT_ANSWER_MAX_LENGTH characters) or a group of radio buttons, sent with
// PUT /apis/candidate/applications/{id}/answers/{qid}. The body is checked by the server's own
// schema first (written-answers.schema.ts); what the question accepts is the server's answer (422,
// its message shown). Loaded on demand, like the recorder: the page's first scripts stay as they were.
import { useId, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { TEXT_ANSWER_MAX_LENGTH } from '../../../../models/rules/questions.js';
import { writtenAnswerSchema } from '../../../../api/services/applications/written-answers.schema.js';
import { ApiError, giveWrittenAnswer, type ApplicationStatus } from '../../lib/video-answers.js';
import { useT } from '../../lib/i18n.js';

export interface WrittenAnswerProps {
  applicationId: number;
  questionId: string;
  index: number;
  total: number;
  question: string;
  type: 'text' | 'choice';
  options?: string[];
  onSent: (app: ApplicationStatus) => void;
}

export default function WrittenAnswer({ applicationId, questionId, index, total, question, type, options = [], onSent }: WrittenAnswerProps) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [choice, setChoice] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const headingId = `q-${questionId}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = type === 'text' ? { text } : { choice };
    const missing = type === 'text' ? text.trim() === '' : choice === null;
    if (missing || !z.safeParse(writtenAnswerSchema, body).success) {
      setError(type === 'text' ? t('apply_text_required') : t('apply_choice_required'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      onSent(await giveWrittenAnswer(applicationId, questionId, body as z.output<typeof writtenAnswerSchema>));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('err_network'));
      setSending(false);
    }
  };

  const errorId = `${id}-error`;
  return (
    <section className="recorder written" aria-labelledby={headingId} data-testid="written-answer" data-question={index + 1} data-type={type}>
      <p className="muted">{t('apply_question', { n: index + 1, total })}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {type === 'text' ? (
          <div className="field">
            <h2 id={headingId}>
              <label htmlFor={`${id}-text`}>{question}</label>
            </h2>
            <textarea
              id={`${id}-text`}
              rows={5}
              maxLength={TEXT_ANSWER_MAX_LENGTH}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              aria-describedby={`${id}-count${error ? ` ${errorId}` : ''}`}
              aria-invalid={error ? true : undefined}
              data-testid="text-answer"
            />
            <p id={`${id}-count`} className="muted counter" data-testid="text-count">
              {t('apply_text_count', { n: text.length, max: TEXT_ANSWER_MAX_LENGTH })}
            </p>
          </div>
        ) : (
          <fieldset className="choices" aria-describedby={error ? errorId : undefined}>
            <legend>
              <h2 id={headingId}>{question}</h2>
            </legend>
            {options.map((label, i) => (
              <label key={i} className="choice">
                <input
                  type="radio"
                  name={`${id}-choice`}
                  value={i}
                  checked={choice === i}
                  onChange={() => {
                    setChoice(i);
                    setError(null);
                  }}
                  data-testid="choice-option"
                />
                <span>{label}</span>
              </label>
            ))}
          </fieldset>
        )}
        {error && (
          <p id={errorId} className="field-error" role="alert" data-testid="written-error">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={sending} data-testid="send-written">
          {t('apply_written_send')}
        </button>
      </form>
    </section>
  );
}
