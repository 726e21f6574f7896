// /privacy: a legal page, in French.
import type { MetaFunction } from '@remix-run/node';
import { LegalPage } from '../components/LegalPage.js';
import { privacy } from '../i18n/legal.fr.js';
import { pageMeta, rootData } from '../lib/meta.js';

export const meta: MetaFunction = ({ matches }) => {
  const root = rootData(matches);
  return pageMeta({ title: privacy.title, description: privacy.description, url: root ? `${root.publicUrl}/privacy` : undefined });
};

export default function Page() {
  return <LegalPage page={privacy} />;
}
