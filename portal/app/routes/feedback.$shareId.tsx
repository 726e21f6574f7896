// /feedback/{share_id}: a shared application. The browser loads it once per page load from
// GET /apis/share-apply/{share_id} (each load counts one view, 50 at most), plays the answers
// and sends the reviewer's name, vote and comment to POST /apis/share-apply.
import type { MetaFunction } from '@remix-run/node';
import { useParams } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { StoryPlayer, type Answer } from '../components/StoryPlayer.js';
import { textsLoader, useT } from '../lib/i18n.js';
import { simpleMeta } from '../lib/meta.js';
import { postJson } from '../lib/api-client.js';
import { formMessage } from '../lib/form-messages.js';
import { useForm } from '../lib/use-form.js';
import { FEEDBACK_COMMENT_MAX } from '../../../models/rules/lengths.js';
import type { PictureSources } from '../../../models/rules/storage-url.js';
import type { RouteTexts } from '../i18n/registry.js';

/** The texts only this page family draws (decision 380). */
export const handle = { texts: ['feedback'] } satisfies RouteTexts;
// No data of its own: the server loader exists so that the clientLoader below runs after it,
// and the page is still rendered on the server (a clientLoader alone would not be).
export const loader = () => null;
// Its texts arrive with its data on a navigation inside the site (no key drawn meanwhile).
export const clientLoader = textsLoader(handle.texts);

/** The form's schema, loaded when the reviewer starts filling the form (decision 174). */
const loadFeedbackSchema = () => import('../../../api/services/applications/share.schema.js').then((m) => m.feedbackFormSchema);

export const meta: MetaFunction = ({ matches, location }) => simpleMeta(matches, location.pathname, 'feedback_meta_title', 'feedback_meta_description', { noindex: true });

interface Shared {
  application: {
    candidate: { name: string; picture_sources: PictureSources | null; phone: string | null; email: string | null };
    recruiter: { name: string };
    questions: Answer[];
  };
  viewId: string;
}

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'loaded'; shared: Shared };

export default function Feedback() {
  const { shareId = '' } = useParams();
  const t = useT();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const loadedFor = useRef<string | null>(null);

  // The vote's radios are named "vote" on the page and "feedback" in the API.
  const form = useForm(loadFeedbackSchema, {
    read: (el) => {
      const values = Object.fromEntries(new FormData(el).entries());
      return { name: values.name, feedback: values.vote, comment: values.comment };
    },
  });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);

  useEffect(() => {
    if (loadedFor.current === shareId) return; // one view per page load
    loadedFor.current = shareId;
    fetch(`/apis/share-apply/${encodeURIComponent(shareId)}`)
      .then(async (res) => {
        const body = (await res.json().catch(() => ({}))) as Partial<Shared> & { error?: string; message?: string };
        if (body.error === 'MaxViewLimit' || body.message === 'MaxViewLimit') return setLoad({ state: 'error', message: t('feedback_max_views') });
        if (!res.ok) return setLoad({ state: 'error', message: body.message ?? t('feedback_no_result') });
        if (!body.application || !body.viewId) return setLoad({ state: 'error', message: t('feedback_no_result') });
        setLoad({ state: 'loaded', shared: body as Shared });
      })
      .catch((e: unknown) => setLoad({ state: 'error', message: JSON.stringify({ error: String(e) }) }));
  }, [shareId, t]);

  const nameCode = String(form.values.name ?? '') !== '' ? form.errorCode('name') : undefined;
  const nameError = nameCode ? t(formMessage(nameCode)) : undefined;
  const ready = load.state === 'loaded' && form.valid && !sending;

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const checked = form.data;
    if (!ready || load.state !== 'loaded' || !checked) return;
    setSending(true);
    setSendError(null);
    try {
      const res = await postJson('/apis/share-apply', { share_id: shareId, view_id: load.shared.viewId, ...checked });
      const body = (await res.json().catch(() => ({}))) as { error?: string | boolean; message?: string };
      if (!res.ok || body.error) {
        setSendError(body.message === 'MaxViewLimit' ? t('feedback_max_views') : (body.message ?? t('err_internal')));
      } else {
        setSent(true);
      }
    } catch (err) {
      setSendError(JSON.stringify({ error: String(err) }));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="page">
      <h1>{t('feedback_meta_title')}</h1>
      {load.state === 'error' && (
        <p className="panel err" role="alert" data-testid="feedback-load-error">
          {load.message}
        </p>
      )}
      {load.state === 'loading' && (
        // The loaded page's layout, empty: nothing moves when the application arrives.
        <div className="feedback" aria-busy="true">
          <div>
            <div className="candidate card skeleton">
              <p role="status">
                <span className="spinner" aria-hidden="true" /> {t('feedback_loading')}
              </p>
            </div>
            <div style={{ marginTop: '1rem' }}>
              <div className="player" />
            </div>
          </div>
        </div>
      )}
      {load.state === 'loaded' && (
        <div className="feedback">
          <div>
            <div className="candidate card" data-testid="candidate">
              {load.shared.application.candidate.picture_sources && (
                <img
                  src={load.shared.application.candidate.picture_sources.src}
                  srcSet={load.shared.application.candidate.picture_sources.srcSet}
                  alt={t('feedback_picture_alt', { name: load.shared.application.candidate.name })}
                  width={64}
                  height={64}
                />
              )}
              <div>
                <p>
                  <strong>{load.shared.application.candidate.name}</strong>
                </p>
                {load.shared.application.candidate.phone && (
                  <p>
                    <a href={`tel:${load.shared.application.candidate.phone}`}>{load.shared.application.candidate.phone}</a>
                  </p>
                )}
                {load.shared.application.candidate.email && (
                  <p>
                    <a href={`mailto:${load.shared.application.candidate.email}`}>{load.shared.application.candidate.email}</a>
                  </p>
                )}
                <p className="muted">{t('feedback_shared_by', { recruiter: load.shared.application.recruiter.name })}</p>
              </div>
            </div>
            <div style={{ marginTop: '1rem' }}>
              <StoryPlayer answers={load.shared.application.questions} />
            </div>
          </div>
          <form onSubmit={send} onChange={form.onChange} ref={form.formRef} className="card" aria-labelledby="fb-title" noValidate>
            <h2 id="fb-title">{t('feedback_form_title')}</h2>
            {sendError && (
              <div className="panel err banner" role="alert" data-testid="feedback-send-error">
                <span>{sendError}</span>
                <button type="button" onClick={() => setSendError(null)} aria-label={t('feedback_close')}>
                  ×
                </button>
              </div>
            )}
            <div className="field">
              <label htmlFor="fb-name">
                {t('feedback_name')} <span aria-hidden="true">*</span>
              </label>
              <input
                id="fb-name"
                name="name"
                type="text"
                autoComplete="name"
                required
                disabled={sent}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? 'fb-name-err' : undefined}
              />
              {nameError && (
                <span className="field-error" id="fb-name-err">
                  {nameError}
                </span>
              )}
            </div>
            <fieldset className="field" style={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
              <legend className="label">
                {t('feedback_vote')} <span aria-hidden="true">*</span>
              </legend>
              <div className="votes">
                <label>
                  <input type="radio" name="vote" value="1" disabled={sent} />
                  <span aria-hidden="true">👍</span> {t('feedback_vote_up')}
                </label>
                <label>
                  <input type="radio" name="vote" value="-1" disabled={sent} />
                  <span aria-hidden="true">👎</span> {t('feedback_vote_down')}
                </label>
              </div>
            </fieldset>
            <div className="field">
              <label htmlFor="fb-comment">{t('feedback_comment')}</label>
              <textarea id="fb-comment" name="comment" disabled={sent} maxLength={FEEDBACK_COMMENT_MAX} />
            </div>
            {sent ? (
              <p className="panel ok" role="status" data-testid="feedback-sent">
                {t('feedback_sent_message', { recruiter: load.shared.application.recruiter.name })}
              </p>
            ) : (
              <button type="submit" className="button block" disabled={!ready}>
                {sending ? t('feedback_sending') : t('feedback_send')}
              </button>
            )}
          </form>
        </div>
      )}
    </div>
  );
}
