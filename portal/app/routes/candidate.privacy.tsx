// /candidate/privacy: the candidate's own data (issue 14, docs/decisions/168-self-service-privacy.md).
// Signed in (password or the one-time e-mail code, so a lead without a password gets in too), the
// candidate downloads a ZIP of everything kept about them (GET /apis/privacy/export) or deletes their
// account (POST /apis/privacy/delete with { confirm: true }) after ticking a confirmation.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { Identity, type Me } from '../components/apply/Identity.js';
import { postJson } from '../lib/api-client.js';
import { useT } from '../lib/i18n.js';
import { simpleMeta } from '../lib/meta.js';
import { isCandidate } from '../../../models/rules/roles.js';

export async function loader({ context }: LoaderFunctionArgs) {
  const user = context.caller?.user;
  const me: Me | null = user ? { email: user.email, name: user.name, candidate: isCandidate(user) } : null;
  return { me };
}

export const meta: MetaFunction = ({ matches }) => simpleMeta(matches, '/candidate/privacy', 'privacy_self_title', 'privacy_self_description');

export default function CandidatePrivacy() {
  const t = useT();
  const { me: signedIn } = useLoaderData<typeof loader>();
  const [me, setMe] = useState<Me | null>(signedIn);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);

  const remove = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!confirmed) return setError(t('privacy_self_confirm_first'));
    setBusy(true);
    setError(null);
    try {
      const res = await postJson('/apis/privacy/delete', { confirm: true });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      if (res.ok) setDeleted(body.message ?? t('privacy_self_deleted'));
      else setError(body.message ?? t('err_network'));
    } catch {
      setError(t('err_network'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page narrow">
      <h1>{t('privacy_self_title')}</h1>
      {deleted ? (
        <p role="status">{deleted}</p>
      ) : !me ? (
        <>
          <p>{t('privacy_self_sign_in')}</p>
          <Identity jobCode="" onSignedIn={setMe} />
        </>
      ) : !me.candidate ? (
        <p role="alert">{t('privacy_self_candidates_only')}</p>
      ) : (
        <>
          <p className="muted">{t('privacy_self_signed_in_as', { name: me.name || me.email, email: me.email })}</p>
          <section aria-labelledby="privacy-export">
            <h2 id="privacy-export">{t('privacy_self_export_title')}</h2>
            <p>{t('privacy_self_export_text')}</p>
            <a className="button" href="/apis/privacy/export" download>
              {t('privacy_self_export_button')}
            </a>
          </section>
          <section aria-labelledby="privacy-delete">
            <h2 id="privacy-delete">{t('privacy_self_delete_title')}</h2>
            <p>{t('privacy_self_delete_text')}</p>
            <form onSubmit={(e) => void remove(e)}>
              <label>
                <input type="checkbox" name="confirm" checked={confirmed} onChange={(e) => setConfirmed(e.currentTarget.checked)} /> {t('privacy_self_delete_confirm')}
              </label>
              {error && <p role="alert">{error}</p>}
              <button type="submit" className="button secondary" disabled={busy || !confirmed}>
                {t('privacy_self_delete_button')}
              </button>
            </form>
          </section>
        </>
      )}
    </div>
  );
}
