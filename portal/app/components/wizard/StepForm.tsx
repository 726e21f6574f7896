// A step of the offer wizard: its title, the action's answer (a message the step's fields do not
// show, the missing steps, publication), the step's form with its own fields (one component per
// step, in this folder) and previous / next, or finish on the last step.
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { WIZARD_STEP_COUNT } from '../../../../models/rules/offer-wizard.js';
import { useLangHref, useT } from '../../lib/i18n.js';
import type { WizardResult } from '../../routes/draft.offer.$token.($step).server.js';
import { AddressStep } from './AddressStep.js';
import { CategoriesStep, ContractStep, ExperienceStep, GraduationStep } from './choice-steps.js';
import { CompanyStep, DescriptionStep, QualificationsStep, TitleStep } from './offer-steps.js';
import { QuestionsStep } from './QuestionsStep.js';
import { PayStep, StartDateStep } from './terms-steps.js';
import { stepKey, useStepHref, type StepProps, type WizardPage } from './parts.js';

/** Each step's fields, by step number. */
const FIELDS: Record<number, (p: StepProps) => ReactNode> = {
  1: TitleStep,
  2: CompanyStep,
  3: DescriptionStep,
  4: AddressStep,
  5: ContractStep,
  6: CategoriesStep,
  7: StartDateStep,
  8: ExperienceStep,
  9: GraduationStep,
  10: QualificationsStep,
  11: PayStep,
  12: QuestionsStep,
};

/** Fields whose error the steps show next to them; the action's other messages go on top. */
const SHOWN_BY_FIELD = [
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
];

export function StepForm({ page, step }: { page: WizardPage; step: number }) {
  const t = useT();
  const langHref = useLangHref();
  const result = useActionData<WizardResult>();
  const navigation = useNavigation();
  const href = useStepHref(page.token);
  const publishedHref = (jobCode: string) => langHref(`/candidate/offer/${encodeURIComponent(jobCode)}`);
  const published = result?.status === 'published' ? result : null;
  const busy = navigation.state !== 'idle';
  const errorOf = (field: string) => (result?.status === 'invalid' && (result.field === field || result.field.startsWith(`${field}.`)) ? result.message : null);
  const typedText = (name: string, saved: string | number | undefined) => {
    const v = result?.status === 'invalid' ? result.values[name] : undefined;
    return typeof v === 'string' ? v : saved === undefined ? '' : String(saved);
  };

  // A published offer opens after 0.5 s (public-web.md section 8).
  useEffect(() => {
    if (!published) return;
    const timer = setTimeout(() => window.location.assign(publishedHref(published.job_code)), 500);
    return () => clearTimeout(timer);
  }, [published]);

  const Fields = FIELDS[step];
  const formKey = `${step}-${JSON.stringify(page.json)}`;

  return (
    <section aria-labelledby="wiz-step-title">
      <h1 id="wiz-step-title">{t(stepKey(step))}</h1>
      {step !== 6 && <p className="hint">{t('wiz_required_hint')}</p>}

      {result?.status === 'invalid' && !SHOWN_BY_FIELD.includes(result.field) && !result.field.startsWith('location') && (
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
          <Fields page={page} t={t} errorOf={errorOf} typedText={typedText} />

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
