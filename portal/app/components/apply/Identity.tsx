// The candidate proves their e-mail before recording: a one-time code mailed to them
// (POST /apis/auth/email-code, then /verify), or their password (the one SignInForm).
// The mailed link carries the address and code in the URL fragment: read here, sent to the
// verify call, then removed from the address bar.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLang, useT } from '../../lib/i18n.js';
import { useHydrated } from '../../lib/hydrated.js';
import { postJson } from '../../lib/api-client.js';
import { formMessage } from '../../lib/form-messages.js';
import { ForgotPassword } from '../ForgotPassword.js';
import { SignInForm, type SignedInUser } from '../SignInForm.js';
import { EMAIL_CODE_PATTERN, isEmail, normalizeEmail } from '../../../../models/rules/email-format.js';
import { isCandidate } from '../../../../models/rules/roles.js';

export interface Me {
  email: string;
  name: string;
  candidate: boolean;
}

const toMe = (u: SignedInUser): Me => ({ email: u.email, name: u.name, candidate: isCandidate(u) });

async function answer(res: Response): Promise<{ ok: boolean; body: { user?: SignedInUser; message?: string; error?: string } }> {
  return { ok: res.ok, body: (await res.json().catch(() => ({}))) as { user?: SignedInUser; message?: string; error?: string } };
}

/**
 * jobCode: the offer being answered (the code's mail opens its page); returnTo: a meeting room
 * being joined instead (its mail opens the room); askName: a new account's name fields (not in
 * the room: an invited candidate has an account).
 */
export function Identity({ jobCode, returnTo, askName = true, onSignedIn }: { jobCode?: string; returnTo?: string; askName?: boolean; onSignedIn(me: Me): void }) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [withPassword, setWithPassword] = useState(false);
  const nameRef = useRef('');
  const codeInput = useRef<HTMLInputElement>(null);

  const verify = async (address: string, code: string) => {
    setBusy(true);
    setError(null);
    try {
      const { ok, body } = await answer(await postJson('/apis/auth/email-code/verify', { email: address, code, name: nameRef.current || undefined, lang }));
      if (ok && body.user) onSignedIn(toMe(body.user));
      else setError(body.message ?? t('err_network'));
    } catch {
      setError(t('err_network'));
    } finally {
      setBusy(false);
    }
  };

  // The mailed link: #email=...&code=...
  useEffect(() => {
    const hash = new URLSearchParams(window.location.hash.slice(1));
    const address = hash.get('email');
    const code = hash.get('code');
    if (!address || !code) return;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    setEmail(address);
    setSentTo(address);
    void verify(address, code);
  }, []);

  const askCode = async (e?: FormEvent<HTMLFormElement>) => {
    e?.preventDefault();
    const form = e ? new FormData(e.currentTarget) : null;
    const address = normalizeEmail(form ? String(form.get('email') ?? '') : (sentTo ?? email));
    if (form)
      nameRef.current = [form.get('firstname'), form.get('lastname')]
        .map((v) => String(v ?? '').trim())
        .filter(Boolean)
        .join(' ');
    if (!isEmail(address)) return setError(t(formMessage('invalid_email')));
    setBusy(true);
    setError(null);
    try {
      const { ok, body } = await answer(await postJson('/apis/auth/email-code', { email: address, lang, job_code: jobCode || undefined, return_to: returnTo }));
      if (!ok) return setError(body.message ?? t('err_network'));
      setEmail(address);
      setSentTo(address);
      setInfo(body.message ?? null);
      window.setTimeout(() => codeInput.current?.focus(), 0);
    } catch {
      setError(t('err_network'));
    } finally {
      setBusy(false);
    }
  };

  const checkCode = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim();
    if (!EMAIL_CODE_PATTERN.test(code)) return setError(t('apply_code'));
    void verify(sentTo ?? email, code);
  };

  return (
    <section className="card" aria-labelledby="identity-title" data-testid="identity">
      <h2 id="identity-title">{t('apply_identity_title')}</h2>
      {error && (
        <p className="panel err" role="alert" data-testid="identity-error">
          {error}
        </p>
      )}
      {withPassword && (
        <SignInForm
          idPrefix="ap-login"
          noValidate
          defaultEmail={email}
          texts={{ email: t('apply_email'), password: t('apply_password'), submit: t('apply_sign_in') }}
          onAttempt={() => setError(null)}
          onSignedIn={(user) => onSignedIn(toMe(user))}
          onError={(failure) => setError((failure !== 'network' && failure.message) || t('err_network'))}
        />
      )}
      {withPassword ? (
        <ForgotPassword email={email} />
      ) : sentTo ? (
        <form onSubmit={checkCode} noValidate>
          {info && (
            <p role="status" data-testid="code-sent">
              {info}
            </p>
          )}
          <div className="field">
            <label htmlFor="ap-code">{t('apply_code')}</label>
            <input
              ref={codeInput}
              id="ap-code"
              className="code-input"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              enterKeyHint="done"
              spellCheck={false}
              required
            />
          </div>
          <button type="submit" className="button block" disabled={!hydrated || busy}>
            {t('apply_check_code')}
          </button>
          <p className="actions">
            <button type="button" className="button secondary" disabled={busy} onClick={() => void askCode()}>
              {t('apply_code_again')}
            </button>{' '}
            <button type="button" className="button secondary" onClick={() => setSentTo(null)}>
              {t('apply_other_email')}
            </button>
          </p>
        </form>
      ) : (
        <form onSubmit={(e) => void askCode(e)} noValidate>
          <p>{t('apply_identity_text')}</p>
          <div className="field">
            <label htmlFor="ap-email">{t('apply_email')}</label>
            <input id="ap-email" name="email" type="email" autoComplete="email" required defaultValue={email} />
          </div>
          {askName && (
            <>
              <div className="field">
                <label htmlFor="ap-firstname">{t('apply_firstname')}</label>
                <input id="ap-firstname" name="firstname" type="text" autoComplete="given-name" />
              </div>
              <div className="field">
                <label htmlFor="ap-lastname">{t('apply_lastname')}</label>
                <input id="ap-lastname" name="lastname" type="text" autoComplete="family-name" />
              </div>
            </>
          )}
          <button type="submit" className="button block" disabled={!hydrated || busy}>
            {t('apply_send_code')}
          </button>
        </form>
      )}
      <p>
        <button type="button" className="linklike" onClick={() => setWithPassword((v) => !v)}>
          {withPassword ? t('apply_send_code') : t('apply_password_toggle')}
        </button>
      </p>
    </section>
  );
}
