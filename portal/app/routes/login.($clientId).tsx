// /login and /login/{client_id}: the internal sign-in test page (back-office.md section 2):
// email/password through POST /apis/auth/login (session cookie, the one SignInForm), who is signed in through
// GET /apis/auth/me with a sign-out, and single sign-on by company email.
import type { MetaFunction } from '@remix-run/node';
import { useParams } from '@remix-run/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useLangHref, useT } from '../lib/i18n.js';
import { useHydrated } from '../lib/hydrated.js';
import { simpleMeta } from '../lib/meta.js';
import { postJson } from '../lib/api-client.js';
import { ForgotPassword } from '../components/ForgotPassword.js';
import { SignInForm } from '../components/SignInForm.js';

export const meta: MetaFunction = ({ matches, location }) => simpleMeta(matches, location.pathname, 'login_meta_title', 'login_meta_description', { noindex: true });

interface Me {
  name?: string;
  email?: string;
  profile?: string;
  is_admin?: boolean;
  is_manager?: boolean;
}

/** Where a signed-in person goes from here, by what they are (api/auth/access.ts decides what each may open). */
function destinations(me: Me): Array<{ href: string; key: 'login_go_admin' | 'login_go_manager' | 'login_go_dashboard' | 'login_go_candidate' }> {
  const out: ReturnType<typeof destinations> = [];
  if (me.is_admin) out.push({ href: '/admin', key: 'login_go_admin' });
  if (me.is_manager) out.push({ href: '/manager', key: 'login_go_manager' });
  if (me.profile === 'recruiter' || me.profile === 'manager') out.push({ href: '/dashboard', key: 'login_go_dashboard' });
  if (me.profile === 'candidate') out.push({ href: '/candidate', key: 'login_go_candidate' });
  return out;
}

export default function Login() {
  const { clientId } = useParams();
  const t = useT();
  const langHref = useLangHref();
  const hydrated = useHydrated();
  const [me, setMe] = useState<Me | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const loadMe = async () => {
    const res = await fetch('/apis/auth/me', { credentials: 'same-origin' });
    if (!res.ok) return setMe(null);
    const body = (await res.json()) as Me & { user?: Me };
    setMe(body.user ?? body);
  };
  useEffect(() => {
    loadMe().catch(() => setMe(null));
  }, []);

  const signOut = async () => {
    await fetch('/apis/auth/logout', { method: 'POST' }).catch(() => undefined);
    setMe(null);
  };

  const sso = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('sso_email') ?? '');
    setBusy(true);
    setError(null);
    try {
      const res = await postJson('/apis/sso-get-identifier', { email });
      const body = (await res.json().catch(() => ({}))) as { success?: boolean; identifier?: string; message?: string };
      if (res.ok && body.success && body.identifier) {
        window.location.assign(`/apis/sso/${encodeURIComponent(body.identifier)}/login`);
        return;
      }
      setError(body.message ?? t('login_sso_not_found'));
    } catch {
      setError(t('err_network'));
    }
    setBusy(false);
  };

  return (
    <div className="page narrow">
      <h1>{t('login_title')}</h1>
      {clientId && <p className="muted">{t('login_client', { client: clientId })}</p>}
      {error && (
        <div className="panel err banner" role="alert">
          <span>{error}</span>
          <button type="button" onClick={() => setError(null)} aria-label={t('feedback_close')}>
            ×
          </button>
        </div>
      )}
      {me ? (
        <section className="panel ok" data-testid="signed-in">
          <p>{t('login_signed_in_as', { name: me.name ?? '', email: me.email ?? '' })}</p>
          <p className="actions">
            {destinations(me).map((d) => (
              <a key={d.href} className="button" href={langHref(d.href)} data-testid={`go-${d.href.slice(1)}`}>
                {t(d.key)}
              </a>
            ))}
            <button type="button" className="button secondary" onClick={signOut}>
              {t('login_sign_out')}
            </button>
          </p>
        </section>
      ) : (
        <>
          <SignInForm
            idPrefix="lg"
            className="card"
            texts={{ email: t('login_email'), password: t('login_password'), submit: t('login_submit') }}
            onAttempt={() => setError(null)}
            onSignedIn={loadMe}
            onError={(failure) => setError(failure === 'network' ? t('err_network') : t('login_error', { message: failure.message ?? String(failure.status) }))}
          />
          <ForgotPassword />
          <form onSubmit={sso} className="card" style={{ marginTop: '1.5rem' }}>
            <h2>{t('login_sso_title')}</h2>
            <div className="field">
              <label htmlFor="lg-sso">{t('login_sso_email')}</label>
              <input id="lg-sso" name="sso_email" type="email" autoComplete="email" required />
            </div>
            <button type="submit" className="button block secondary" disabled={!hydrated || busy}>
              {t('login_sso_submit')}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
