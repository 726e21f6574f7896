// /draft/offer/{edition_token} and /draft/offer/{edition_token}/{step}: the offer creation wizard
// (public-web.md sections 2, 4, 5, 8; issue 13; decisions 171-174). Without a step, the
// welcome-back menu: the 12 steps with a tick on each filled one and start/continue (after the
// last filled step). With a step, the sidebar of steps and the step's form with next, or finish on
// step 12. Every step is a plain form (the server action saves the draft), so the wizard works
// without JavaScript; with it, the address step adds an autocomplete and a published offer opens
// after 0.5 s. Once the draft is published, every address of the link shows the published page:
// the public offer, and where to manage it for those on the offer's side (decision 190). The
// component imports no schema library: the action answers the checks. The step's form and each
// step's fields are in components/wizard/ (issue 25).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation, useRouteError, isRouteErrorResponse, type ShouldRevalidateFunction } from '@remix-run/react';
import { GeneralErrorBoundary } from '../components/GeneralErrorBoundary.js';
import { StepForm } from '../components/wizard/StepForm.js';
import { stepKey, useStepHref } from '../components/wizard/parts.js';
import { textsLoader, useLangHref, useT } from '../lib/i18n.js';
import { errorMeta, isServerError, metaT, pageMeta } from '../lib/meta.js';
import { WIZARD_STEP_COUNT } from '../../../models/rules/offer-wizard.js';
import { wizardAction, wizardData, type WizardResult } from './draft.offer.$token.($step).server.js';
import type { RouteTexts } from '../i18n/registry.js';

/** The texts only this page family draws (decision 380). */
export const handle = { texts: ['wizard'] } satisfies RouteTexts;
// Its texts arrive with its data on a navigation inside the site (no key drawn meanwhile).
export const clientLoader = textsLoader(handle.texts);

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
  const href = useStepHref(page.token);
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
  const href = useStepHref(page.token);
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
