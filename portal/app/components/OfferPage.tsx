// The public offer page: logo, title, company, the application form (apply/ApplicationForm.tsx,
// with the phone and the CV), the collapsible details, and the sending / thank-you / error panels.
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { StoreBadges } from './StoreBadges.js';
import { ApplicationForm } from './apply/ApplicationForm.js';
import { useLang, useLangHref, useT } from '../lib/i18n.js';
import { useHydrated } from '../lib/hydrated.js';

/** The application form's schema, loaded when the visitor starts filling the form (decision 174). */
const loadApplySchema = () => import('../../../api/services/applications/interest.schema.js').then((m) => m.applyFormSchema);
import type { ApplyResult, offerPageData } from '../lib/apply.server.js';
import { formDate } from '../../../models/rules/dates.js';

type PageData = Awaited<ReturnType<typeof offerPageData>>;

export function OfferPage({ applyFirst = false }: { applyFirst?: boolean }) {
  const { offer, facts, defaultPrefix } = useLoaderData<PageData>();
  const result = useActionData<ApplyResult>();
  const navigation = useNavigation();
  const t = useT();
  const lang = useLang();
  const href = useLangHref();
  const hydrated = useHydrated();
  // The form shows until a result comes back, again after an invalid one, and after "try again".
  const [retriedAfter, setRetriedAfter] = useState<ApplyResult | null>(null);
  const showForm = !result || result.status === 'invalid' || retriedAfter === result;

  const sending = navigation.state === 'submitting';
  const serverErrors = result?.status === 'invalid' ? result.errors : {};

  const mapsUrl = offer.address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(offer.address)}` : null;
  const frenchPage = lang === 'fr';

  const details = (
    <details className="details" open={!applyFirst}>
      <summary>{t('offer_details')}</summary>
      <div>
        <h3>{t('offer_description')}</h3>
        <p className="prewrap">{offer.description}</p>
        {offer.candidate_qualification && (
          <>
            <h3>{t('offer_qualifications')}</h3>
            <p className="prewrap">{offer.candidate_qualification}</p>
          </>
        )}
        {offer.start_date && (
          <>
            <h3>{t('offer_start_date')}</h3>
            <p>{formDate(offer.start_date)}</p>
          </>
        )}
        {mapsUrl && (
          <>
            <h3>{t('offer_location')}</h3>
            <address>
              <a href={mapsUrl} target="_blank" rel="noopener noreferrer" title={t('offer_location_open')}>
                {offer.address}
              </a>
            </address>
          </>
        )}
      </div>
    </details>
  );

  return (
    <div className="page">
      <div className="offer-head">
        {offer.logo_src && <img src={offer.logo_src} alt={t('offer_logo_alt', { company: offer.company_name })} width={64} height={64} />}
        <div>
          {offer.boosted && (
            <p className="boost-mark" data-testid="boost-mark">
              <span aria-hidden="true">★</span> {t('offer_boosted')}
            </p>
          )}
          <h1>{offer.title}</h1>
          <p>{offer.company_name}</p>
        </div>
      </div>
      {facts.length > 0 && (
        <dl className="offer-facts" data-testid="offer-facts">
          {facts.map((f) => (
            <div key={f.key} data-testid={`offer-fact-${f.key}`}>
              <dt>{t(`offer_fact_${f.key}`)}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p>
        <a className="button" href={href(`/candidate/apply/${encodeURIComponent(offer.job_code)}`)} data-testid="apply-video">
          {t('apply_cta')}
        </a>
      </p>

      {!frenchPage && (
        <section className="panel info" aria-labelledby="app-way">
          <h2 id="app-way">{t('offer_app_title')}</h2>
          <ol>
            <li>{t('offer_app_step_1')}</li>
            <li>
              {t('offer_app_step_2')}{' '}
              <span className="code" data-testid="offer-code">
                {offer.job_code}
              </span>
            </li>
            <li>{t('offer_app_step_3')}</li>
          </ol>
          <StoreBadges />
        </section>
      )}

      <div className="two-cols">
        <div>
          {result?.status === 'sent' && !showForm && (
            <section className="panel ok" role="status" data-testid="thx-panel">
              <h2>{t('thx_application')}</h2>
              <p>
                {t('thx_application_text', { code: result.job_code })} <span className="code">{result.job_code}</span>
              </p>
              <a className="button block" href={href(`/candidate/apply/${encodeURIComponent(result.job_code)}`)} data-testid="apply-video-after">
                {t('apply_cta')}
              </a>
              <StoreBadges />
            </section>
          )}
          {result?.status === 'error' && !showForm && (
            <section className="panel err" role="alert" data-testid="error-panel">
              <h2>{t('error_web_application')}</h2>
              <p>{result.message}</p>
              {hydrated ? (
                <button type="button" className="button secondary" onClick={() => setRetriedAfter(result)}>
                  {t('error_retry')}
                </button>
              ) : (
                <a className="button secondary" href={href('')}>
                  {t('error_retry')}
                </a>
              )}
            </section>
          )}
          {showForm && (
            <section className="apply" aria-labelledby="apply-title">
              <h2 id="apply-title">{t('offer_apply_title')}</h2>
              {sending && (
                <p role="status" data-testid="sending">
                  <span className="spinner" aria-hidden="true" /> {t('offer_sending')}
                </p>
              )}
              <ApplicationForm
                schema={loadApplySchema}
                serverErrors={serverErrors}
                phone={{ defaultPrefix }}
                cv
                footer={({ hydrated, ready, touched }) => (
                  <>
                    {hydrated && !ready && touched && <p className="hint">{t('err_required_fields')}</p>}
                    <button type="submit" className="button block secondary" disabled={sending || (hydrated && !ready)}>
                      {sending ? t('offer_sending') : t('offer_submit')}
                    </button>
                  </>
                )}
              />
            </section>
          )}
        </div>
        <div>{details}</div>
      </div>
    </div>
  );
}

export { OfferNotFound } from './OfferNotFound.js';
