// /reset-password/{user_id}/{reset_code}?lang=..: choose a new password. Save is enabled only
// when the input is valid; the browser calls POST /apis/auth/reset-password and shows the
// server's error in a closable box (code_mismatch, expired_code, too_many_requests, ...).
import type { MetaFunction } from '@remix-run/node';
import { useParams } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { useLangHref, useT } from '../lib/i18n.js';
import { simpleMeta } from '../lib/meta.js';
import { formMessage } from '../lib/form-messages.js';
import { useForm } from '../lib/use-form.js';
import { PASSWORD_MIN } from '../../../models/rules/lengths.js';
import type { MessageKey } from '../i18n/index.js';
import { postJson } from '../lib/api-client.js';

/** The form's schema, loaded when the visitor starts typing (decision 174). */
const loadResetSchema = () => import('../../../api/services/identity/auth.schema.js').then((m) => m.resetPasswordFormSchema);

export const meta: MetaFunction = ({ matches, location }) => simpleMeta(matches, location.pathname, 'reset_meta_title', 'reset_meta_description', { noindex: true });

const KNOWN_ERRORS = ['code_mismatch', 'expired_code', 'too_many_requests', 'invalid_password', 'internal_error'] as const;

export default function ResetPassword() {
  const { userId = '', resetCode = '' } = useParams();
  const t = useT();
  const form = useForm(loadResetSchema);
  const langHref = useLangHref();
  const [state, setState] = useState<'form' | 'saving' | 'done'>('form');
  // Where this account signs in (the API answers it with the change).
  const [signIn, setSignIn] = useState('/login');
  const [error, setError] = useState<string | null>(null);

  // "Not identical" only once both are long enough (public-web.md section 5).
  const mismatch = form.errorCode('confirm');
  const shownProblem = mismatch && String(form.values.confirm ?? '').length >= PASSWORD_MIN ? formMessage(mismatch) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const password = form.data?.password;
    if (!password) return;
    setState('saving');
    setError(null);
    try {
      const res = await postJson('/apis/auth/reset-password', { user_id: userId, code: resetCode, password });
      const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string; sign_in?: string };
      if (res.ok) {
        if (body.sign_in?.startsWith('/')) setSignIn(body.sign_in);
        return setState('done');
      }
      const code = (KNOWN_ERRORS as readonly string[]).includes(body.error ?? '') ? body.error : res.status === 429 ? 'too_many_requests' : 'internal_error';
      setError(t(`reset_err_${code}` as MessageKey));
      setState('form');
    } catch {
      setError(t('err_network'));
      setState('form');
    }
  };

  return (
    <div className="page narrow">
      <h1>{t('reset_title')}</h1>
      {state === 'done' ? (
        <>
          <p className="panel ok" role="status" data-testid="reset-success">
            {t('reset_success')}
          </p>
          <p>
            <a className="button block" href={langHref(signIn)} data-testid="reset-sign-in">
              {t('login_submit')}
            </a>
          </p>
        </>
      ) : (
        <form onSubmit={submit} onChange={form.onChange} ref={form.formRef} noValidate>
          {error && (
            <div className="panel err banner" role="alert" data-testid="reset-error">
              <span>{error}</span>
              <button type="button" onClick={() => setError(null)} aria-label={t('feedback_close')}>
                ×
              </button>
            </div>
          )}
          <div className="field">
            <label htmlFor="r-password">{t('reset_password')}</label>
            <input id="r-password" name="password" type="password" autoComplete="new-password" aria-describedby="r-rule" />
            <span className="hint" id="r-rule">
              {t('reset_rule')}
            </span>
          </div>
          <div className="field">
            <label htmlFor="r-confirm">{t('reset_confirm')}</label>
            <input
              id="r-confirm"
              name="confirm"
              type="password"
              autoComplete="new-password"
              aria-invalid={shownProblem ? true : undefined}
              aria-describedby={shownProblem ? 'r-mismatch' : undefined}
            />
            {shownProblem && (
              <span className="field-error" id="r-mismatch">
                {t(shownProblem)}
              </span>
            )}
          </div>
          <button type="submit" className="button block" disabled={!form.valid || state === 'saving'}>
            {state === 'saving' ? t('reset_saving') : t('reset_save')}
          </button>
        </form>
      )}
    </div>
  );
}
