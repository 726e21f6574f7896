// The public offer page: logo, title, company, the application form (a Remix form: it works
// without JavaScript; with JavaScript it checks fields as the visitor types and uploads the CV
// first), the collapsible details, and the sending / thank-you / error panels.
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useState, type ChangeEvent } from 'react';
import { StoreBadges } from './StoreBadges.js';
import { useLang, useLangHref, useT } from '../lib/i18n.js';
import { PHONE_PREFIXES, keepDigits } from '../../../models/rules/phone.js';
import { MAX_UPLOAD_BYTES } from '../../../models/rules/upload.js';
import { formMessage } from '../lib/form-messages.js';
import { useForm } from '../lib/use-form.js';

/** The application form's schema, loaded when the visitor starts filling the form (decision 174). */
const loadApplySchema = () => import('../../../api/services/interest.schema.js').then((m) => m.applyFormSchema);
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
  const [cv, setCv] = useState<{ state: 'none' | 'uploading' | 'ready' | 'error'; key?: string; name?: string; error?: string }>({ state: 'none' });
  // The form shows until a result comes back, again after an invalid one, and after "try again".
  const [retriedAfter, setRetriedAfter] = useState<ApplyResult | null>(null);
  const showForm = !result || result.status === 'invalid' || retriedAfter === result;

  const sending = navigation.state === 'submitting';
  const serverErrors = result?.status === 'invalid' ? result.errors : {};
  const form = useForm(loadApplySchema, { serverErrors });
  const { hydrated, recheck } = form;
  // The CV's key joins the form once uploaded.
  useEffect(recheck, [cv.state, recheck]);
  const ready = form.valid && cv.state !== 'uploading';

  const onField = (e: ChangeEvent<HTMLFormElement>) => {
    const input = e.target as unknown as HTMLInputElement;
    if (input.name === 'phone') input.value = keepDigits(input.value);
    form.onChange(e);
  };

  const onCv = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return setCv({ state: 'none' });
    if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return setCv({ state: 'error', error: t('err_cv_type') });
    if (file.size >= MAX_UPLOAD_BYTES) return setCv({ state: 'error', error: t('err_cv_size') });
    setCv({ state: 'uploading', name: file.name });
    try {
      const body = new FormData();
      body.append('file', file);
      const res = await fetch('/apis/upload/cv', { method: 'POST', body });
      const json = (await res.json()) as { key?: string; message?: string };
      if (!res.ok || !json.key) return setCv({ state: 'error', error: json.message ?? t('offer_cv_error') });
      setCv({ state: 'ready', key: json.key, name: file.name });
    } catch {
      setCv({ state: 'error', error: t('offer_cv_error') });
    }
  };

  const { fieldProps } = form;
  const FieldError = ({ field }: { field: string }) => {
    const err = form.errorOf(field);
    return err ? (
      <span className="field-error" id={form.errorId(field)}>
        {err}
      </span>
    ) : null;
  };

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
              <Form method="post" encType="multipart/form-data" ref={form.formRef} onChange={onField} noValidate aria-busy={sending}>
                <div className="field">
                  <label htmlFor="f-email">
                    {t('offer_email')}{' '}
                    <span className="req" aria-hidden="true">
                      *
                    </span>
                  </label>
                  <input type="email" autoComplete="email" required {...fieldProps('email')} />
                  <FieldError field="email" />
                </div>
                <div className="field">
                  <label htmlFor="f-firstname">
                    {t('offer_firstname')}{' '}
                    <span className="req" aria-hidden="true">
                      *
                    </span>
                  </label>
                  <input type="text" autoComplete="given-name" required {...fieldProps('firstname')} />
                  <FieldError field="firstname" />
                </div>
                <div className="field">
                  <label htmlFor="f-lastname">
                    {t('offer_lastname')}{' '}
                    <span className="req" aria-hidden="true">
                      *
                    </span>
                  </label>
                  <input type="text" autoComplete="family-name" required {...fieldProps('lastname')} />
                  <FieldError field="lastname" />
                </div>
                <div className="field">
                  <label htmlFor="f-phone">
                    {t('offer_phone')}{' '}
                    <span className="req" aria-hidden="true">
                      *
                    </span>
                  </label>
                  <div className="phone">
                    <select name="phone_prefix" aria-label={t('offer_phone_prefix')} defaultValue={defaultPrefix}>
                      {PHONE_PREFIXES.map((p) => (
                        <option key={p} value={p}>
                          {p}
                        </option>
                      ))}
                    </select>
                    <input type="tel" inputMode="numeric" autoComplete="tel-national" required {...fieldProps('phone')} />
                  </div>
                  <span className="hint">{t('offer_phone_hint')}</span>
                  <FieldError field="phone" />
                </div>
                <div className="field">
                  <label htmlFor="f-cv">{t('offer_cv')}</label>
                  <input id="f-cv" type="file" accept="application/pdf,.pdf" name={hydrated ? undefined : 'cv'} onChange={onCv} />
                  {cv.key && <input type="hidden" name="cv_file" value={cv.key} />}
                  {cv.state === 'uploading' && <span className="hint">{t('offer_cv_uploading')}</span>}
                  {cv.state === 'ready' && <span className="hint">{t('offer_cv_ready', { name: cv.name ?? '' })}</span>}
                  {cv.state === 'error' && <span className="field-error">{cv.error}</span>}
                  {!cv.error && serverErrors.cv_file && <span className="field-error">{t(formMessage(serverErrors.cv_file))}</span>}
                </div>
                <div className="field">
                  <div className="check">
                    <input type="checkbox" required {...fieldProps('accept_cgu')} />
                    <label htmlFor="f-accept_cgu">
                      {t('offer_cgu_before')}
                      <a href={href('/terms')} target="_blank" rel="noopener">
                        {t('offer_cgu_link')}
                      </a>{' '}
                      <span className="req" aria-hidden="true">
                        *
                      </span>
                    </label>
                  </div>
                  <FieldError field="accept_cgu" />
                </div>
                {hydrated && !ready && form.touchedAny && <p className="hint">{t('err_required_fields')}</p>}
                <button type="submit" className="button block secondary" disabled={sending || (hydrated && !ready)}>
                  {sending ? t('offer_sending') : t('offer_submit')}
                </button>
              </Form>
            </section>
          )}
        </div>
        <div>{details}</div>
      </div>
    </div>
  );
}

export { OfferNotFound } from './OfferNotFound.js';
