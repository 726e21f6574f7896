// Who is signed in on a candidate page (the recording page, the candidate's own page): the address,
// a way to sign out, and the warning for a company account, which cannot apply.
import { useT } from '../../lib/i18n.js';
import type { Me } from './Identity.js';

/** Signs out on the server, then lets the page forget who was there. */
async function signOutCandidate(): Promise<void> {
  await fetch('/apis/auth/logout', { method: 'POST' }).catch(() => undefined);
}

export function SignedInAs({ me, onSignedOut }: { me: Me | null; onSignedOut(): void }) {
  const t = useT();
  if (!me) return null;
  return (
    <>
      <p className="muted" data-testid="signed-in-as">
        {t('apply_signed_in', { email: me.email })}{' '}
        <button type="button" className="linklike" onClick={() => void signOutCandidate().then(onSignedOut)}>
          {t('apply_sign_out')}
        </button>
      </p>
      {!me.candidate && (
        <p className="panel err" role="alert">
          {t('apply_company_account')}
        </p>
      )}
    </>
  );
}
