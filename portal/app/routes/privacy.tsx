// /privacy: a legal page, in French.
import type { MetaFunction } from '@remix-run/node';
import { LegalPage } from '../components/LegalPage.js';
import { privacy } from '../i18n/legal.fr.js';
import { pageMeta, rootData } from '../lib/meta.js';
import { useT } from '../lib/i18n.js';

/** Nothing to do in the browser: the page is sent without scripts (issue 26, decision 380). */
export const handle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const root = rootData(matches);
  return pageMeta({ title: privacy.title, description: privacy.description, url: root ? `${root.publicUrl}/privacy` : undefined });
};

export default function Page() {
  const t = useT();
  return (
    <>
      <LegalPage page={privacy} />
      {/* The rights of "Vos droits", exercised by the candidate alone (decision 168). */}
      <p className="page narrow">
        <a href="/candidate/privacy">{t('privacy_self_link')}</a>
      </p>
    </>
  );
}
