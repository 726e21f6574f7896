// /draft/offer/{edition_token} and /draft/offer/{edition_token}/{step}: the offer creation wizard
// (public-web.md sections 2, 4, 5, 8; issue 13; decisions 171-174). Without a step, the
// welcome-back menu: the 12 steps with a tick on each filled one and start/continue (after the
// last filled step). With a step, the sidebar of steps and the step's form with next, or finish on
// step 12. Every step is a plain form (the server action saves the draft), so the wizard works
// without JavaScript; with it, the address step adds an autocomplete and a published offer opens
// after 0.5 s. Once the draft is published, every address of the link shows the published page:
// the public offer, and where to manage it for those on the offer's side (decision 190). The
// component imports no schema library: the action answers the checks.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useRouteError, isRouteErrorResponse, type ShouldRevalidateFunction } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { GeneralErrorBoundary } from '../components/GeneralErrorBoundary.js';
import { useLangHref, useT } from '../lib/i18n.js';
import { errorMeta, isServerError, metaT, pageMeta } from '../lib/meta.js';
import type { MessageKey } from '../i18n/index.js';
import { WIZARD_STEP_COUNT } from '../../../models/rules/offer-wizard.js';
import { QUESTIONS_MAX, QUESTIONS_MIN, QUESTION_MAX_LENGTH } from '../../../models/rules/questions.js';
import { wizardAction, wizardData, type WizardResult } from './draft.offer.$token.($step).server.js';
import type { AddressResult } from '../../../api/integrations/address/types.js';

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return wizardData(params.token ?? '', params.step, request, context);
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  return wizardAction(params.token ?? '', params.step, request, context);
}

/** A refused post means the draft was published meanwhile: read it again (its published page and links). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => (actionResult as WizardResult | undefined)?.status === 'refused' || defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  if (isServerError(error)) return errorMeta(matches, error);
  const t = metaT(matches);
  return pageMeta({ title: t(data?.jobCode ? 'wiz_published_title' : 'wiz_meta_title'), description: t('wiz_meta_description'), noindex: true });
};

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
const STEPS = Array.from({ length: WIZARD_STEP_COUNT }, (_, i) => i + 1);
const stepKey = (n: number) => `wiz_step_${n}` as MessageKey;

export default function OfferWizard() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<WizardResult>();
  const t = useT();
  // The finish that just published keeps its step (success message, locked form, redirect).
  const publishedAs = page.jobCode ?? (result?.status === 'refused' ? result.job_code : null);
  if (publishedAs && result?.status !== 'published') return <Published page={page} jobCode={publishedAs} result={result} />;
  return (
    <div className="page wizard">
      {page.step === null ? (
        <Welcome page={page} />
      ) : (
        <div className="wizard-layout">
          <StepList page={page} />
          <div className="wizard-main">
            <p className="muted">{t('wiz_step_of', { n: page.step, total: WIZARD_STEP_COUNT })}</p>
            <StepForm page={page} step={page.step} />
          </div>
        </div>
      )}
    </div>
  );
}

function useHref(token: string) {
  const { search } = useLocation();
  return (step?: number) => `/draft/offer/${encodeURIComponent(token)}${step ? `/${step}` : ''}${search}`;
}

function Tick({ filled }: { filled: boolean }) {
  const t = useT();
  return (
    <>
      <span className={filled ? 'tick on' : 'tick'} aria-hidden="true">
        {filled ? '✓' : ''}
      </span>
      <span className="visually-hidden">({t(filled ? 'wiz_filled' : 'wiz_not_filled')})</span>
    </>
  );
}

const MANAGE_LABEL = { admin: 'wiz_manage_admin', manager: 'wiz_manage_manager', dashboard: 'wiz_manage_dashboard' } as const;

/**
 * A published draft, whatever the address of its link: the offer is online, the link no longer
 * changes it; the public offer, and where to manage it for the caller on the offer's side (else who
 * does). A post from a page opened before publication answers the refusal shown on top.
 */
function Published({ page, jobCode, result }: { page: Data; jobCode: string; result: WizardResult | undefined }) {
  const t = useT();
  const langHref = useLangHref();
  const { search } = useLocation();
  const notice = result && result.status !== 'published' ? result.message : null;
  return (
    <div className="page wizard">
      <section className="narrow" aria-labelledby="wiz-published" data-testid="wizard-published-page">
        {notice && (
          <p className="panel err" role="alert" data-testid="wizard-refused">
            {notice}
          </p>
        )}
        <h1 id="wiz-published">{t('wiz_published_title')}</h1>
        <p>{t('wiz_published_text', { code: jobCode })}</p>
        <p>
          <a className="button block" href={langHref(`/candidate/offer/${encodeURIComponent(jobCode)}${search}`)} data-testid="wizard-public-offer">
            {t('wiz_see_offer')}
          </a>
        </p>
        {page.manage ? (
          <p>
            <a className="button secondary block" href={page.manage.href} data-testid="wizard-manage">
              {t(MANAGE_LABEL[page.manage.area])}
            </a>
          </p>
        ) : page.signedIn ? (
          <p className="muted">{t('wiz_published_owner')}</p>
        ) : (
          <p className="muted">
            {t('wiz_published_sign_in')} <a href={langHref('/dashboard')}>{t('wiz_sign_in')}</a>
          </p>
        )}
      </section>
    </div>
  );
}

function Welcome({ page }: { page: Data }) {
  const t = useT();
  const href = useHref(page.token);
  const { started } = page;
  return (
    <section className="narrow" aria-labelledby="wiz-welcome" data-testid="wizard-welcome">
      <h1 id="wiz-welcome">{t(started ? 'wiz_welcome_back' : 'wiz_welcome_new')}</h1>
      <p>{t('wiz_welcome_text')}</p>
      <ol className="wizard-menu">
        {STEPS.map((n) => (
          <li key={n} data-filled={page.filled.includes(n) ? 'true' : 'false'}>
            <Link to={href(n)}>
              <Tick filled={page.filled.includes(n)} /> {n}. {t(stepKey(n))}
            </Link>
          </li>
        ))}
      </ol>
      <p>
        <Link className="button block" to={href(page.next)} data-testid="wizard-start">
          {t(started ? 'wiz_continue' : 'wiz_start')}
        </Link>
      </p>
    </section>
  );
}

function StepList({ page }: { page: Data }) {
  const t = useT();
  const href = useHref(page.token);
  return (
    <nav className="wizard-steps" aria-label={t('wiz_steps_label')}>
      <ol>
        {STEPS.map((n) => (
          <li key={n} className={n === page.step ? 'current' : undefined} data-filled={page.filled.includes(n) ? 'true' : 'false'}>
            <Link to={href(n)} aria-current={n === page.step ? 'step' : undefined}>
              <Tick filled={page.filled.includes(n)} /> <span className="n">{n}.</span> <span className="name">{t(stepKey(n))}</span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A labelled field with its error (the action names one field at a time). */
function Field({ id, label, required, error, hint, children }: { id: string; label: string; required?: boolean; error?: string | null; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** aria attributes of an input whose field may carry the action's error. */
function described(id: string, error: string | null | undefined, hint = false) {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

function Cards({ name, legend, choices, value, error }: { name: string; legend: string; choices: Array<{ name: string; value: string }>; value?: string; error?: string | null }) {
  return (
    <fieldset className="cards" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>
        {legend}
        <span aria-hidden="true"> *</span>
      </legend>
      {choices.map((c) => (
        <label key={c.value} className="choice-card">
          <input type="radio" name={name} value={c.value} defaultChecked={value === c.value} />
          <span>{c.name}</span>
        </label>
      ))}
      {error && (
        <span className="field-error" id={`${name}-error`} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}

function StepForm({ page, step }: { page: Data; step: number }) {
  const t = useT();
  const langHref = useLangHref();
  const result = useActionData<WizardResult>();
  const navigation = useNavigation();
  const href = useHref(page.token);
  const publishedHref = (jobCode: string) => langHref(`/candidate/offer/${encodeURIComponent(jobCode)}`);
  const { json, lists } = page;
  const published = result?.status === 'published' ? result : null;
  const busy = navigation.state !== 'idle';
  const errorOf = (field: string) => (result?.status === 'invalid' && (result.field === field || result.field.startsWith(`${field}.`)) ? result.message : null);
  const typed = (name: string) => (result?.status === 'invalid' ? result.values[name] : undefined);
  const typedText = (name: string, saved: string | number | undefined) => {
    const v = typed(name);
    return typeof v === 'string' ? v : saved === undefined ? '' : String(saved);
  };

  // A published offer opens after 0.5 s (public-web.md section 8).
  useEffect(() => {
    if (!published) return;
    const timer = setTimeout(() => window.location.assign(publishedHref(published.job_code)), 500);
    return () => clearTimeout(timer);
  }, [published]);

  const loc = json.location ?? {};
  // Three question slots at least (a draft made elsewhere may hold fewer).
  const saved = json.questions ?? [];
  const questions = [...saved, ...Array.from({ length: Math.max(0, QUESTIONS_MIN - saved.length) }, (_, i) => ({ id: `q${saved.length + i + 1}`, question: '' }))];
  const formKey = `${step}-${JSON.stringify(json)}`;

  return (
    <section aria-labelledby="wiz-step-title">
      <h1 id="wiz-step-title">{t(stepKey(step))}</h1>
      {step !== 6 && <p className="hint">{t('wiz_required_hint')}</p>}

      {result?.status === 'invalid' &&
        ![
          'title',
          'lang',
          'company_name',
          'company_description',
          'description',
          'logo',
          'start_date',
          'candidate_qualification',
          'pay_min',
          'pay_max',
          'contract_type',
          'candidate_experience',
          'candidate_graduation',
          'tags',
          'questions',
        ].includes(result.field) &&
        !result.field.startsWith('location') && (
          <p className="panel err" role="alert">
            {result.message}
          </p>
        )}
      {result?.status === 'missing' && (
        <div className="panel err" role="alert" data-testid="wizard-missing">
          <p>{result.message}</p>
          <p>{t('wiz_missing_steps')}</p>
          <ul>
            {result.steps.map((n) => (
              <li key={n}>
                <Link to={href(n)}>
                  {n}. {t(stepKey(n))}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result?.status === 'error' && (
        <p className="panel err" role="alert" data-testid="wizard-error">
          {result.message}
        </p>
      )}
      {published && (
        <div className="panel ok" role="status" data-testid="wizard-published">
          <p>{published.message}</p>
          <p>
            {t('wiz_redirecting')} <a href={publishedHref(published.job_code)}>{t('wiz_see_offer')}</a>
          </p>
          <noscript>
            <meta httpEquiv="refresh" content={`0.5;url=${publishedHref(published.job_code)}`} />
          </noscript>
        </div>
      )}

      <Form method="post" encType={step === 2 ? 'multipart/form-data' : undefined} noValidate key={formKey} className="wizard-form">
        <fieldset disabled={!!published} className="plain">
          {step === 1 && (
            <>
              <Field id="w-title" label={t('wiz_title_label')} required error={errorOf('title')}>
                <input id="w-title" name="title" type="text" maxLength={200} defaultValue={typedText('title', json.title)} {...described('w-title', errorOf('title'))} />
              </Field>
              <Field id="w-lang" label={t('wiz_lang_label')} required error={errorOf('lang')}>
                <select id="w-lang" name="lang" defaultValue={typedText('lang', json.lang)}>
                  {lists.languages.map((l) => (
                    <option key={l.value} value={l.value}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </Field>
            </>
          )}
          {step === 2 && (
            <>
              <Field id="w-logo" label={t('wiz_logo')} error={errorOf('logo')}>
                {page.logoSrc && <img className="wizard-logo" src={page.logoSrc} alt={t('wiz_logo_alt')} width={96} height={96} />}
                <input id="w-logo" name="logo" type="file" accept="image/*" {...described('w-logo', errorOf('logo'))} />
                <span className="row">
                  <button type="submit" name="intent" value="logo" className="button secondary" formNoValidate>
                    {t('wiz_logo_upload')}
                  </button>
                  {json.company_picture && (
                    <button type="submit" name="intent" value="remove_logo" className="button secondary">
                      {t('wiz_logo_remove')}
                    </button>
                  )}
                </span>
              </Field>
              <Field id="w-company_name" label={t('wiz_company_name')} required error={errorOf('company_name')}>
                <input
                  id="w-company_name"
                  name="company_name"
                  type="text"
                  maxLength={160}
                  autoComplete="organization"
                  defaultValue={typedText('company_name', json.company_name)}
                  {...described('w-company_name', errorOf('company_name'))}
                />
              </Field>
              <Field id="w-company_description" label={t('wiz_company_description')} required error={errorOf('company_description')}>
                <textarea
                  id="w-company_description"
                  name="company_description"
                  rows={5}
                  maxLength={5000}
                  defaultValue={typedText('company_description', json.company_description)}
                  {...described('w-company_description', errorOf('company_description'))}
                />
              </Field>
            </>
          )}
          {step === 3 && (
            <Field id="w-description" label={t('wiz_description')} required error={errorOf('description')}>
              <textarea
                id="w-description"
                name="description"
                rows={10}
                maxLength={10000}
                defaultValue={typedText('description', json.description)}
                {...described('w-description', errorOf('description'))}
              />
            </Field>
          )}
          {step === 4 && <AddressStep token={page.token} loc={loc} countries={page.countries} errorOf={errorOf} />}
          {step === 5 && <Cards name="contract_type" legend={t('wiz_contract')} choices={lists.cont_type} value={json.contract_type} error={errorOf('contract_type')} />}
          {step === 6 && (
            <fieldset className="chips" aria-describedby={errorOf('tags') ? 'tags-error' : undefined}>
              <legend>{t('wiz_category')}</legend>
              {lists.job_cat.map((c) => (
                <label key={c.value} className="chip">
                  <input type="checkbox" name="tags" value={c.value} defaultChecked={json.tags?.includes(c.value)} />
                  <span>{c.name}</span>
                </label>
              ))}
              {errorOf('tags') && (
                <span className="field-error" id="tags-error" role="alert">
                  {errorOf('tags')}
                </span>
              )}
            </fieldset>
          )}
          {step === 7 && (
            <Field id="w-start_date" label={t('wiz_start_date')} required error={errorOf('start_date')} hint={t('wiz_date_hint')}>
              <input
                id="w-start_date"
                name="start_date"
                type="text"
                inputMode="numeric"
                placeholder="jj/mm/aaaa"
                pattern="\d{1,2}/\d{1,2}/\d{4}"
                defaultValue={typedText('start_date', page.startDate)}
                {...described('w-start_date', errorOf('start_date'), true)}
              />
            </Field>
          )}
          {step === 8 && (
            <Cards name="candidate_experience" legend={t('wiz_experience')} choices={lists.candidate_experience} value={json.candidate_experience} error={errorOf('candidate_experience')} />
          )}
          {step === 9 && (
            <Cards name="candidate_graduation" legend={t('wiz_graduation')} choices={lists.candidate_graduation} value={json.candidate_graduation} error={errorOf('candidate_graduation')} />
          )}
          {step === 10 && (
            <Field id="w-candidate_qualification" label={t('wiz_qualifications')} required error={errorOf('candidate_qualification')}>
              <textarea
                id="w-candidate_qualification"
                name="candidate_qualification"
                rows={6}
                maxLength={5000}
                defaultValue={typedText('candidate_qualification', json.candidate_qualification)}
                {...described('w-candidate_qualification', errorOf('candidate_qualification'))}
              />
            </Field>
          )}
          {step === 11 && (
            <div className="grid-2">
              {(['pay_min', 'pay_max'] as const).map((f) => (
                <Field key={f} id={`w-${f}`} label={t(f === 'pay_min' ? 'wiz_pay_min' : 'wiz_pay_max')} required error={errorOf(f)}>
                  <input id={`w-${f}`} name={f} type="number" inputMode="numeric" min={0} step={100} defaultValue={typedText(f, json[f])} {...described(`w-${f}`, errorOf(f))} />
                </Field>
              ))}
              <Field id="w-pay_currency" label={t('wiz_currency')} required error={errorOf('pay_currency')}>
                <select id="w-pay_currency" name="pay_currency" defaultValue={typedText('pay_currency', json.pay_currency)}>
                  {lists.pay_currency.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="w-pay_period" label={t('wiz_period')} required error={errorOf('pay_period')}>
                <select id="w-pay_period" name="pay_period" defaultValue={typedText('pay_period', json.pay_period)}>
                  {lists.pay_period.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          )}
          {step === 12 && (
            <div id="questions">
              <p className="hint">{t('wiz_questions_hint')}</p>
              {errorOf('questions') && (
                <p className="field-error" role="alert">
                  {errorOf('questions')}
                </p>
              )}
              {questions.map((q, i) => (
                <Field key={q.id} id={`w-q${i + 1}`} label={t('wiz_question', { n: i + 1 })} required={i < QUESTIONS_MIN}>
                  <textarea id={`w-q${i + 1}`} name="question" rows={2} maxLength={QUESTION_MAX_LENGTH} defaultValue={q.question} />
                </Field>
              ))}
              <div className="row">
                {questions.length < QUESTIONS_MAX && (
                  <button type="submit" name="intent" value="add_question" className="button secondary">
                    {t('wiz_add_question')}
                  </button>
                )}
                {questions.length > QUESTIONS_MIN && (
                  <button type="submit" name="intent" value="delete_question" className="button secondary">
                    {t('wiz_delete_question')}
                  </button>
                )}
              </div>
              {questions.length < QUESTIONS_MAX || questions.some((q) => q.question.trim() === '') ? (
                <div className="field">
                  <label htmlFor="w-template">{t('wiz_template')}</label>
                  <select id="w-template" name="template" defaultValue="">
                    <option value="">{t('wiz_template_choose')}</option>
                    {lists.q_template.map((q) => (
                      <option key={q.value} value={q.name}>
                        {q.name}
                      </option>
                    ))}
                  </select>
                  <button type="submit" name="intent" value="template" className="button secondary">
                    {t('wiz_template_add')}
                  </button>
                </div>
              ) : null}
            </div>
          )}

          <div className="wizard-nav">
            {step > 1 && (
              <button type="submit" name="intent" value="prev" className="button secondary" disabled={busy}>
                {t('wiz_prev')}
              </button>
            )}
            {step < WIZARD_STEP_COUNT ? (
              <button type="submit" name="intent" value="next" className="button" disabled={busy} data-testid="wizard-next">
                {t('wiz_next')}
              </button>
            ) : (
              <button type="submit" name="intent" value="publish" className="button" disabled={busy} data-testid="wizard-finish">
                {t('wiz_finish')}
              </button>
            )}
          </div>
        </fieldset>
      </Form>
    </section>
  );
}

/** One address of GET /apis/address-search (the address service's own result shape). */
type Suggestion = AddressResult;

type Loc = NonNullable<Data['json']['location']>;

/** Step 4: free text fields (what a page without JavaScript gets), and with JavaScript an
 *  autocomplete above them (sent by the server, shown only when scripts run) through GET /apis/address-search with the draft's token. */
function AddressStep({ token, loc, countries, errorOf }: { token: string; loc: Loc; countries: Array<{ value: string; name: string }>; errorOf: (f: string) => string | null }) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<Suggestion[] | null>(null);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<Partial<Suggestion>>({ lat: loc.lat ?? null, lng: loc.lng ?? null, area: loc.area, sub_area: loc.sub_area, country: loc.country, city: loc.city });
  const refs = { street: useRef<HTMLInputElement>(null), zip_code: useRef<HTMLInputElement>(null), city: useRef<HTMLInputElement>(null), country_iso: useRef<HTMLSelectElement>(null) };

  const chosen = useRef<string | null>(null);
  useEffect(() => {
    // The label of the suggestion just chosen is not searched again.
    if (query.trim().length < 2 || query === chosen.current) {
      setItems(null);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      const url = `/apis/address-search?${new URLSearchParams({ q: query, limit: '6', edition_token: token })}`;
      fetch(url, { signal: ctrl.signal, headers: { accept: 'application/json' } })
        .then((r) => (r.ok ? r.json() : { Items: [] }))
        .then((body: { Items: Suggestion[] }) => {
          setItems(body.Items);
          setActive(-1);
        })
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [query, token]);

  const choose = (s: Suggestion) => {
    if (refs.street.current && s.street) refs.street.current.value = s.street;
    if (refs.zip_code.current) refs.zip_code.current.value = s.zip_code;
    if (refs.city.current) refs.city.current.value = s.city;
    if (refs.country_iso.current && s.country_iso) refs.country_iso.current.value = s.country_iso;
    setPicked(s);
    setItems(null);
    chosen.current = s.label;
    setQuery(s.label);
    if (!s.street) refs.street.current?.focus();
  };
  const known = countries.some((c) => c.value === loc.country_iso);
  const field = (name: 'street' | 'zip_code' | 'city', label: string, autoComplete: string, max: number) => (
    <Field id={`w-${name}`} label={label} required error={errorOf(`location.${name}`)}>
      <input
        ref={refs[name]}
        id={`w-${name}`}
        name={name}
        type="text"
        maxLength={max}
        autoComplete={autoComplete}
        defaultValue={loc[name] ?? ''}
        {...described(`w-${name}`, errorOf(`location.${name}`))}
      />
    </Field>
  );

  return (
    <>
      {/* Rendered by the server so the step does not move when it hydrates; hidden without
          JavaScript (root's <noscript> rule for .js-only), where the address is typed. */}
      <div className="field autocomplete js-only">
        <label htmlFor="w-address-search">{t('wiz_address_search')}</label>
        <input
          id="w-address-search"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={!!items?.length}
          aria-controls="w-address-list"
          aria-activedescendant={active >= 0 ? `w-address-${active}` : undefined}
          aria-describedby="w-address-hint"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (!items?.length) return;
            if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, items.length - 1));
            else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
            else if (e.key === 'Enter' && active >= 0) choose(items[active]);
            else if (e.key === 'Escape') setItems(null);
            else return;
            e.preventDefault();
          }}
        />
        <span className="hint" id="w-address-hint">
          {t('wiz_address_hint')}
        </span>
        <ul id="w-address-list" role="listbox" className="suggestions" hidden={!items?.length}>
          {(items ?? []).map((s, i) => (
            <li key={`${s.label}-${i}`} id={`w-address-${i}`} role="option" aria-selected={i === active} onMouseDown={(e) => e.preventDefault()} onClick={() => choose(s)}>
              {s.label}
            </li>
          ))}
        </ul>
        {items && items.length === 0 && (
          <span className="hint" role="status">
            {t('wiz_address_none')}
          </span>
        )}
      </div>
      {field('street', t('wiz_street'), 'street-address', 255)}
      <div className="grid-2">
        {field('zip_code', t('wiz_zip'), 'postal-code', 20)}
        {field('city', t('wiz_city'), 'address-level2', 120)}
      </div>
      <Field id="w-country_iso" label={t('wiz_country')} required error={errorOf('location.country_iso')}>
        <select ref={refs.country_iso} id="w-country_iso" name="country_iso" defaultValue={loc.country_iso ?? 'FR'}>
          {!known && loc.country_iso && <option value={loc.country_iso}>{loc.country ?? loc.country_iso}</option>}
          {countries.map((c) => (
            <option key={c.value} value={c.value}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      {/* What the chosen suggestion adds; typing another city by hand drops the coordinates. */}
      <input type="hidden" name="lat" value={picked.lat ?? ''} />
      <input type="hidden" name="lng" value={picked.lng ?? ''} />
      <input type="hidden" name="area" value={picked.area ?? ''} />
      <input type="hidden" name="sub_area" value={picked.sub_area ?? ''} />
      <input type="hidden" name="country" value={picked.country ?? ''} />
      <input type="hidden" name="located_city" value={picked.city ?? ''} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const statusText = isRouteErrorResponse(error) ? error.statusText : '';
  if (status === 404 && statusText === 'offer_not_found') {
    return (
      <div className="page narrow center" data-testid="wizard-not-found">
        <h1>{t('offer_not_found')}</h1>
        <p>{t('wiz_not_found_text')}</p>
      </div>
    );
  }
  if (statusText === 'offer_config_error') {
    return (
      <div className="page narrow center">
        <h1>{t('wiz_config_error')}</h1>
      </div>
    );
  }
  return <GeneralErrorBoundary />;
}
