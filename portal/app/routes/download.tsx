// The download-the-app page: where the app's links point (APP_DOWNLOAD_URL defaults here).
import type { MetaFunction } from '@remix-run/node';
import { StoreBadges } from '../components/StoreBadges.js';
import { useT } from '../lib/i18n.js';
import { simpleMeta } from '../lib/meta.js';

/** Nothing to do in the browser: the page is sent without scripts (issue 26, decision 380). */
export const handle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => simpleMeta(matches, '/download', 'download_meta_title', 'download_meta_description');

export default function Download() {
  const t = useT();
  return (
    <div className="page narrow center">
      <h1>{t('download_title')}</h1>
      <p>{t('download_text')}</p>
      <StoreBadges center />
    </div>
  );
}
