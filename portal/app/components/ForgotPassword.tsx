// "Forgot password?" under the portal's sign-in forms (the apply page's "I have a password",
// /login): the address, then POST /apis/auth/forgot-password in the page's language, so that the
// mail and the reset page it links to are in that language (decision 280).
import { useState, type FormEvent } from 'react';
import { useLang, useT } from '../lib/i18n.js';
import { useHydrated } from '../lib/hydrated.js';
import { postJson } from '../lib/api-client.js';

export function ForgotPassword({ email = '' }: { email?: string }) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const address = String(new FormData(e.currentTarget).get('forgot_email') ?? '').trim();
    setBusy(true);
    try {
      const res = await postJson(`/apis/auth/forgot-password?lang=${lang}`, { email: address, lang });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      setAnswer({ ok: res.ok, text: body.message ?? t('err_network') });
    } catch {
      setAnswer({ ok: false, text: t('err_network') });
    } finally {
      setBusy(false);
    }
  };

  if (!open)
    return (
      <p>
        <button type="button" className="linklike" onClick={() => setOpen(true)} disabled={!hydrated} data-testid="forgot-password">
          {t('forgot_link')}
        </button>
      </p>
    );
  return (
    <form onSubmit={(e) => void submit(e)} className="forgot" data-testid="forgot-form">
      <div className="field">
        <label htmlFor="fp-email">{t('login_email')}</label>
        <input id="fp-email" name="forgot_email" type="email" autoComplete="username" required defaultValue={email} />
      </div>
      {answer && (
        <p className={`panel ${answer.ok ? 'ok' : 'err'}`} role={answer.ok ? 'status' : 'alert'} data-testid="forgot-answer">
          {answer.text}
        </p>
      )}
      <p className="actions">
        <button type="submit" className="button" disabled={busy}>
          {t('forgot_send')}
        </button>{' '}
        <button type="button" className="button secondary" onClick={() => setOpen(false)}>
          {t('forgot_back')}
        </button>
      </p>
    </form>
  );
}
