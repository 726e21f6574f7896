// The offer pages' "no offer matches" panel, on its own so a page that only needs it (the
// recording page) does not download the offer page and its form (decision 174).
import { useT } from '../lib/i18n.js';

export function OfferNotFound() {
  const t = useT();
  return (
    <div className="page narrow center">
      <section className="panel err" role="alert" data-testid="no-offer">
        <h1>{t('offer_not_found')}</h1>
        <p>{t('offer_not_found_text')}</p>
      </section>
    </div>
  );
}
