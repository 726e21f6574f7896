// /portal/{plan_id} and /portal/{plan_id}/{subscription_id}: the subscription page, in French
// (public-web.md sections 2, 4, 5; issue 13). billing_address_step (first name, last name, email,
// company name; trimmed, required marked), then recruiters_subs (points of sale, default 1, the
// price from the plan, a button that opens Stripe Checkout in subscription mode with that
// quantity; the page's own sign-in form when nobody is signed in), then checkout_success (thanks,
// the checkout id for support, the link to /manager/subscription/{id}). Plain forms: without
// JavaScript the action answers a link to the payment page; with it the page goes there itself.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { GeneralErrorBoundary } from '../components/GeneralErrorBoundary.js';
import { SignInForm } from '../components/SignInForm.js';
import { textsLoader, useLangHref, useT } from '../lib/i18n.js';
import { errorMeta, isServerError, metaT, pageMeta } from '../lib/meta.js';
import { formMessage } from '../lib/form-messages.js';
import { QUANTITY_DEFAULT, QUANTITY_MAX, formatPrice, parseQuantity, priceCents } from '../../../models/rules/subscription.js';
import { CONTACT_EMAIL } from '../lib/site.js';
import { subscriptionAction, subscriptionPageData, type ActionResult, type Step } from './subscription.server.js';
import type { RouteTexts } from '../i18n/registry.js';

/** The texts only this page family draws (decision 380). */
export const handle = { texts: ['subscription'] } satisfies RouteTexts;
// Its texts arrive with its data on a navigation inside the site (no key drawn meanwhile).
export const clientLoader = textsLoader(handle.texts);

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return subscriptionPageData(params.planId ?? '', params.subId, request, context);
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  return subscriptionAction(params.planId ?? '', params.subId, request, context);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  if (isServerError(error)) return errorMeta(matches, error);
  const t = metaT(matches);
  if (!data) return pageMeta({ title: t('sub_not_found'), description: t('sub_meta_description'), noindex: true });
  return pageMeta({ title: t('sub_meta_title', { plan: data.plan.name }), description: t('sub_meta_description'), noindex: true });
};

const STEPS: Array<[Step, 'sub_step_billing' | 'sub_step_recruiters' | 'sub_step_success']> = [
  ['billing_address_step', 'sub_step_billing'],
  ['recruiters_subs', 'sub_step_recruiters'],
  ['checkout_success', 'sub_step_success'],
];

export default function SubscriptionPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const t = useT();
  const langHref = useLangHref();
  const { plan, subscription, user, step } = page;
  const interval = t(plan.interval === 'year' ? 'sub_interval_year' : 'sub_interval_month');
  const price = (cents: number) => formatPrice(cents, plan.currency);

  return (
    <div className="page narrow subscription">
      <h1>
        {t('sub_title')} — {plan.name}
      </h1>
      <nav aria-label={t('sub_steps_label')}>
        <ol className="sub-steps">
          {STEPS.map(([s, label]) => (
            <li key={s} aria-current={s === step ? 'step' : undefined} className={s === step ? 'current' : undefined}>
              {t(label)}
              {s === step && <span className="visually-hidden"> {t('sub_step_current')}</span>}
            </li>
          ))}
        </ol>
      </nav>
      <p className="muted">{t('sub_unit_price', { price: price(plan.unit_amount), interval })}</p>

      {/* Without Stripe keys the page says so from its first step, and stores nothing (decision 243). */}
      {!page.paymentsConfigured && step !== 'checkout_success' && <NotConfigured />}
      {step === 'billing_address_step' && page.paymentsConfigured && <BillingStep result={result} defaults={subscription?.billing ?? null} />}
      {step === 'recruiters_subs' && (
        <RecruitersStep
          result={result}
          user={user}
          planId={plan.id}
          unitAmount={plan.unit_amount}
          interval={interval}
          price={price}
          initialQuantity={subscription?.quantity ?? QUANTITY_DEFAULT}
          billing={subscription?.billing ?? null}
          subPath={subscription ? `/portal/${plan.id}/${subscription.sub_id}` : `/portal/${plan.id}`}
          canceled={page.canceled}
          alreadyPaid={subscription?.state === 'payed'}
          paymentsConfigured={page.paymentsConfigured}
        />
      )}
      {step === 'checkout_success' && subscription && (
        <section aria-labelledby="sub-success" data-testid="checkout-success">
          <h2 id="sub-success">{t('sub_success_title')}</h2>
          <p className={subscription.active ? 'panel ok' : 'panel info'} role="status">
            {subscription.active ? t('sub_success_active', { quantity: subscription.quantity }) : t('sub_success_pending')}
          </p>
          <p>
            {t('sub_checkout_id')} <code data-testid="checkout-id">{subscription.hpid}</code>
          </p>
          <p>
            <a className="button" href={langHref(`/manager/subscription/${subscription.id}`)}>
              {t('sub_manage_link')}
            </a>
          </p>
        </section>
      )}
    </div>
  );
}

/** Payments not configured: said at once, with "Please contact us" as a link. */
function NotConfigured() {
  const t = useT();
  return (
    <p className="panel err" role="alert" data-testid="payments-not-configured">
      {t('sub_payments_not_configured')} <a href={`mailto:${CONTACT_EMAIL}`}>{t('sub_contact_us')}</a>
    </p>
  );
}

function BillingStep({
  result,
  defaults,
}: {
  result: ActionResult | undefined;
  defaults: { company_name: string | null; email: string | null; firstname: string | null; lastname: string | null } | null;
}) {
  const t = useT();
  const navigation = useNavigation();
  // The action runs billingSchema (api/services/billing/subscriptions.schema.ts) and answers one code per
  // field. The browser does not load the schema: zod would put the page over 100 KB of JavaScript
  // (docs/decisions/147-subscription-page.md).
  const invalid = result?.status === 'invalid' && result.intent === 'billing' ? result : null;
  const field = (name: 'firstname' | 'lastname' | 'email' | 'company_name', label: string, type: string, autoComplete: string) => {
    const code = invalid?.errors[name];
    const err = code ? t(formMessage(code)) : null;
    return (
      <div className="field">
        <label htmlFor={`b-${name}`}>
          {label} <span aria-hidden="true">*</span>
        </label>
        <input
          id={`b-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required
          defaultValue={invalid?.values[name] ?? defaults?.[name] ?? ''}
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? `be-${name}` : undefined}
        />
        {err && (
          <span className="field-error" id={`be-${name}`}>
            {err}
          </span>
        )}
      </div>
    );
  };
  return (
    <section aria-labelledby="sub-billing" data-testid="billing-step">
      <h2 id="sub-billing">{t('sub_billing_title')}</h2>
      <p className="hint">{t('sub_required_hint')}</p>
      <p className="hint">{t('sub_address_at_payment')}</p>
      {result?.status === 'not_configured' && <NotConfigured />}
      {result?.status === 'error' && result.intent === 'billing' && (
        <p className="panel err" role="alert">
          {t('sub_error', { message: result.message })}
        </p>
      )}
      <Form method="post" noValidate key={invalid ? JSON.stringify(invalid.values) : 'billing'}>
        <input type="hidden" name="intent" value="billing" />
        {field('firstname', t('sub_firstname'), 'text', 'given-name')}
        {field('lastname', t('sub_lastname'), 'text', 'family-name')}
        {field('email', t('sub_email'), 'email', 'email')}
        {field('company_name', t('sub_company'), 'text', 'organization')}
        <button type="submit" className="button block" disabled={navigation.state === 'submitting'}>
          {t('sub_next')}
        </button>
      </Form>
    </section>
  );
}

interface RecruitersProps {
  result: ActionResult | undefined;
  user: { name: string; email: string } | null;
  planId: string;
  unitAmount: number;
  interval: string;
  price: (cents: number) => string;
  initialQuantity: number;
  billing: { company_name: string | null; email: string | null; firstname: string | null; lastname: string | null } | null;
  subPath: string;
  canceled: boolean;
  alreadyPaid: boolean;
  paymentsConfigured: boolean;
}

function RecruitersStep({ result, user, unitAmount, interval, price, initialQuantity, billing, subPath, canceled, alreadyPaid, paymentsConfigured }: RecruitersProps) {
  const t = useT();
  const navigation = useNavigation();
  const [quantity, setQuantity] = useState(initialQuantity);
  const busy = navigation.state !== 'idle';
  const checkoutUrl = result?.status === 'checkout' ? result.url : null;
  // With JavaScript the page goes to the payment page itself; without, the link below does.
  useEffect(() => {
    if (checkoutUrl) window.location.assign(checkoutUrl);
  }, [checkoutUrl]);
  const quantityError = result?.status === 'invalid' && result.intent === 'checkout' ? t('sub_err_quantity') : null;

  return (
    <section aria-labelledby="sub-recruiters" data-testid="recruiters-step">
      <h2 id="sub-recruiters">{t('sub_recruiters_title')}</h2>
      {billing?.company_name && (
        <p className="muted" data-testid="billing-summary">
          {t('sub_billing_summary', { company: billing.company_name, name: `${billing.firstname ?? ''} ${billing.lastname ?? ''}`.trim(), email: billing.email ?? '' })}{' '}
          {!user && <a href={`${subPath}?step=billing`}>{t('sub_edit_billing')}</a>}
        </p>
      )}
      {canceled && (
        <p className="panel info" role="status">
          {t('sub_canceled')}
        </p>
      )}
      {alreadyPaid && (
        <p className="panel ok" role="status">
          {t('sub_already_paid')}
        </p>
      )}
      {result?.status === 'not_configured' && paymentsConfigured && <NotConfigured />}
      {result?.status === 'error' && (
        <p className="panel err" role="alert">
          {result.intent === 'login' ? t('sub_signin_error', { message: result.message }) : t('sub_error', { message: result.message })}
        </p>
      )}
      {checkoutUrl && (
        <p className="panel ok" role="status">
          {t('sub_redirecting')}{' '}
          <a href={checkoutUrl} data-testid="checkout-link">
            {t('sub_continue_payment')}
          </a>
        </p>
      )}

      {user ? (
        <>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="checkout" />
            <div className="field">
              <label htmlFor="r-quantity">
                {t('sub_quantity')} <span aria-hidden="true">*</span>
              </label>
              <input
                id="r-quantity"
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={QUANTITY_MAX}
                step={1}
                required
                defaultValue={initialQuantity}
                aria-describedby={quantityError ? 'r-quantity-error r-quantity-hint' : 'r-quantity-hint'}
                aria-invalid={quantityError ? true : undefined}
                // A value that is not a number is ignored (public-web.md section 5).
                onChange={(e) => setQuantity(parseQuantity(e.target.value, quantity))}
              />
              <span className="hint" id="r-quantity-hint">
                {t('sub_quantity_hint')}
              </span>
              {quantityError && (
                <span className="field-error" id="r-quantity-error">
                  {quantityError}
                </span>
              )}
            </div>
            <p className="sub-total" data-testid="sub-total" aria-live="polite">
              {t('sub_total', { price: price(priceCents(unitAmount, quantity)), interval })}
            </p>
            <button type="submit" className="button block" disabled={busy || alreadyPaid || !!checkoutUrl || !paymentsConfigured}>
              {t('sub_take')}
            </button>
          </Form>
          <Form method="post" className="sub-signed-in">
            <input type="hidden" name="intent" value="logout" />
            <p className="muted">{t('sub_signed_in_as', { name: user.name, email: user.email })}</p>
            <button type="submit" className="button secondary">
              {t('sub_sign_out')}
            </button>
          </Form>
        </>
      ) : (
        <SignInForm
          intent="login"
          idPrefix="s"
          markRequired
          className="card"
          testId="sub-signin"
          texts={{ email: t('sub_signin_user'), password: t('sub_signin_password'), submit: t('sub_signin_submit') }}
        >
          <h3>{t('sub_signin_title')}</h3>
        </SignInForm>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
