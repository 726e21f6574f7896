// /terms: a legal page, in French.
import type { MetaFunction } from '@remix-run/node';
import { LegalPage } from '../components/LegalPage.js';
import { terms } from '../i18n/legal.fr.js';
import { pageMeta, rootData } from '../lib/meta.js';

/** Nothing to do in the browser: the page is sent without scripts (issue 26, decision 380). */
export const handle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const root = rootData(matches);
  return pageMeta({ title: terms.title, description: terms.description, url: root ? `${root.publicUrl}/terms` : undefined });
};

export default function Page() {
  return <LegalPage page={terms} />;
}
