// An answer's upload in the list of answers (decision 445): its progress while it is sent, or why it
// failed with what the candidate can do. Loaded with the upload queue (only a queued answer has a row
// of this kind), so the apply page's first scripts stay within their budget.
import { dropAnswer, sendAgain, type QueuedAnswer } from '../../lib/upload-queue.js';
import { useT } from '../../lib/i18n.js';

export default function UploadState({ entry: q, n }: { entry: QueuedAnswer; n: number }) {
  const t = useT();
  if (q.state === 'failed')
    return (
      <span className="answer-upload failed" role="alert" data-testid="upload-error" data-question={n}>
        <span className="field-error">{t('apply_upload_error', { message: q.message ?? '' })}</span>
        {!/^video_/.test(q.code ?? '') && (
          <button type="button" className="button secondary" onClick={() => sendAgain(q.qid)}>
            {t('apply_upload_resume')}
          </button>
        )}
        <button type="button" className="button secondary" onClick={() => dropAnswer(q.qid)}>
          {t('apply_record_again', { n })}
        </button>
      </span>
    );
  return (
    <span className="answer-upload" data-testid="upload" data-question={n} data-percent={q.percent}>
      <progress max={100} value={q.state === 'waiting' ? 0 : q.percent} aria-label={t('apply_upload_label', { n })} />
      <span>{q.state === 'waiting' ? t('apply_upload_waiting') : t('apply_uploading', { percent: q.percent })}</span>
      {q.retrying && <span className="hint">{t('apply_upload_paused')}</span>}
    </span>
  );
}
