// /landing/{customer}: step 1/2 shop then offer ('Annonce'), step 2/2 contact details and terms,
// step 3 'ready for story' with the app instructions and the chosen job code. Steps are plain
// GET/POST forms, so the page works without JavaScript; with it, choosing a shop filters the
// offers and selects the first one.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useMemo, useState } from 'react';
import { GeneralErrorBoundary } from '../components/GeneralErrorBoundary.js';
import { AppleBadge, PlayBadge } from '../components/StoreBadges.js';
import { ApplicationForm } from '../components/apply/ApplicationForm.js';
import { textsLoader, useLang, useT } from '../lib/i18n.js';
import { errorMeta, isServerError, metaT, pageMeta, rootData } from '../lib/meta.js';
import { useHydrated } from '../lib/hydrated.js';
import { landingData, leadAction, type LeadResult } from './landing.$customer.server.js';
import { fileUrl } from '../../../models/rules/storage-url.js';
import type { RouteTexts } from '../i18n/registry.js';

/** The texts only this page family draws (decision 380). */
export const handle = { texts: ['landing'] } satisfies RouteTexts;
// Its texts arrive with its data on a navigation inside the site (no key drawn meanwhile).
export const clientLoader = textsLoader(handle.texts);

/** The step 2 form's schema, loaded when the visitor starts filling it (decision 174). */
const loadLandingSchema = () => import('../../../api/services/applications/interest.schema.js').then((m) => m.landingFormSchema);

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return landingData(params.customer ?? '', request, context);
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  return leadAction(params.customer ?? '', request, context);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  if (isServerError(error)) return errorMeta(matches, error);
  const t = metaT(matches);
  const root = rootData(matches);
  if (!data) return pageMeta({ title: t('notfound_meta_title'), description: t('landing_not_found'), noindex: true });
  const company = data.config.name ?? data.config.identifier;
  return pageMeta({
    title: t('landing_meta_title', { company }),
    description: t('landing_meta_description', { company }),
    url: root ? `${root.publicUrl}/landing/${data.config.identifier}` : undefined,
    image: data.config.logo?.src ? fileUrl(data.config.logo.src, root?.publicUrl ?? '') : undefined,
    siteName: company,
  });
};

export default function Landing() {
  const { config, device } = useLoaderData<typeof loader>();
  const result = useActionData<LeadResult>();
  const [params] = useSearchParams();
  const t = useT();
  const lang = useLang();

  const shops = useMemo(() => [...new Set(config.offers.map((o) => o.shopcode))], [config.offers]);
  const chosen = config.offers.find((o) => o.job_code === params.get('job_code')?.toUpperCase());
  const step = result && result.status !== 'invalid' ? 3 : params.get('step') === '2' && chosen ? 2 : 1;

  const [shop, setShop] = useState(chosen?.shopcode ?? shops[0] ?? '');
  const [jobCode, setJobCode] = useState(chosen?.job_code ?? config.offers.find((o) => o.shopcode === shops[0])?.job_code ?? '');
  const shopOffers = config.offers.filter((o) => o.shopcode === shop);

  const hydrated = useHydrated();

  return (
    <div>
      <div className="landing-header" style={{ background: config.bg_color }}>
        {config.logo?.src ? (
          <img src={fileUrl(config.logo.src)} alt={config.name ?? config.identifier} width={config.logo.width} height={config.logo.height} />
        ) : (
          <span style={{ color: '#fff', fontWeight: 700, fontSize: '1.5rem' }}>{config.name ?? config.identifier}</span>
        )}
      </div>
      <div className="page narrow">
        {step === 1 && (
          <section aria-labelledby="step1" data-testid="landing-step-1">
            <p className="counter">{t('landing_step', { n: 1 })}</p>
            <h1 id="step1">{config.select_label}</h1>
            {config.select_description && <p>{config.select_description}</p>}
            {config.offers.length === 0 ? (
              <p className="panel info">{t('landing_no_offers')}</p>
            ) : (
              <Form method="get">
                <input type="hidden" name="step" value="2" />
                {lang !== 'fr' && <input type="hidden" name="lang" value={lang} />}
                {/* Drawn from the start (no layout shift); it filters once JavaScript runs. Without it,
                    the offers below are grouped by shop. */}
                <div className="field">
                  <label htmlFor="l-shop">{config.select_label || t('landing_shop')}</label>
                  <select
                    id="l-shop"
                    value={shop}
                    disabled={!hydrated}
                    onChange={(e) => {
                      setShop(e.target.value);
                      setJobCode(config.offers.find((o) => o.shopcode === e.target.value)?.job_code ?? '');
                    }}
                  >
                    {shops.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="l-job">{config.selectlist_label || t('landing_offer')}</label>
                  {hydrated ? (
                    <select id="l-job" name="job_code" value={jobCode} onChange={(e) => setJobCode(e.target.value)}>
                      {shopOffers.map((o) => (
                        <option key={o.job_code} value={o.job_code}>
                          {o.title}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <select id="l-job" name="job_code" defaultValue={jobCode}>
                      {shops.map((s) => (
                        <optgroup key={s} label={s}>
                          {config.offers
                            .filter((o) => o.shopcode === s)
                            .map((o) => (
                              <option key={o.job_code} value={o.job_code}>
                                {o.title}
                              </option>
                            ))}
                        </optgroup>
                      ))}
                    </select>
                  )}
                </div>
                <button type="submit" className="button block" disabled={hydrated && !jobCode}>
                  {t('landing_next')}
                </button>
              </Form>
            )}
          </section>
        )}

        {step === 2 && chosen && (
          <section aria-labelledby="step2" data-testid="landing-step-2">
            <p className="counter">{t('landing_step', { n: 2 })}</p>
            <h1 id="step2">{chosen.title}</h1>
            {config.informations_description && <p>{config.informations_description}</p>}
            <ApplicationForm
              schema={loadLandingSchema}
              serverErrors={result?.status === 'invalid' ? result.errors : {}}
              idPrefix="l"
              errorPrefix="le"
              hidden={{ job_code: chosen.job_code }}
              footer={({ hydrated: live, ready, sending }) => (
                <>
                  <p className="hint muted">{t('landing_sso')}</p>
                  <div style={{ display: 'flex', gap: '.75rem', flexWrap: 'wrap' }}>
                    <a className="button secondary" href={`?lang=${lang}`}>
                      {t('landing_back')}
                    </a>
                    <button type="submit" className="button" disabled={sending || (live && !ready)}>
                      {t('landing_finish')}
                    </button>
                  </div>
                </>
              )}
            />
          </section>
        )}

        {step === 3 && result && result.status !== 'invalid' && (
          <section className="ready" aria-labelledby="step3" data-testid="landing-step-3">
            <h1 id="step3">{t('landing_ready_title')}</h1>
            {result.status === 'sent' ? (
              <p className="panel ok" role="status">
                {t('landing_saved')}
              </p>
            ) : (
              <p className="panel err" role="alert">
                {t('landing_error', { message: result.message })}
              </p>
            )}
            <ol>
              <li>
                {t('landing_ready_1')}
                {device === 'ios' && (
                  <div className="badges">
                    <AppleBadge />
                  </div>
                )}
                {device === 'android' && (
                  <div className="badges">
                    <PlayBadge />
                  </div>
                )}
                {device === 'unknown' && (
                  <div>
                    <img className="qr" src="/apis/qrcode?redirect=true" alt={t('landing_qr_alt')} width={180} height={180} data-testid="qr" />
                    <p className="hint">{t('landing_qr_hint')}</p>
                  </div>
                )}
              </li>
              <li>{t('landing_ready_2')}</li>
              <li>
                {t('landing_ready_3')}{' '}
                <span className="code" data-testid="ready-code">
                  {result.job_code}
                </span>
              </li>
            </ol>
          </section>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
