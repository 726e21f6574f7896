// Server side of /portal/{plan_id} and /portal/{plan_id}/{subscription_id}, the subscription page
// (public-web.md sections 2, 4, 5; issue 13). The steps are plain forms posted to this action, so
// the page works without JavaScript: billing (billing_informations), the page's own sign-in and
// sign-out, and "take the subscription" (sub_register then Stripe Checkout). The services and
// schemas are POST /apis/subscription's (api/services/subscriptions.*).
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { isServiceError } from '../lib/app-error.server.js';
import { checkForm, type FieldErrors } from '../lib/form.js';
import { billingSchema, quantity as quantitySchema } from '../../../api/services/billing/subscriptions.schema.js';
import { loginSchema } from '../../../api/services/identity/auth.schema.js';
import { QUANTITY_DEFAULT } from '../../../models/rules/subscription.js';
import * as z from 'zod/mini';
import { t, withLang } from '../../../config/i18n/index.js';
import { langParam, resolveLang } from '../lib/lang.server.js';

export type Step = 'billing_address_step' | 'recruiters_subs' | 'checkout_success';

const pagePath = (planId: string, subId?: string) => `/portal/${encodeURIComponent(planId)}${subId ? `/${encodeURIComponent(subId)}` : ''}`;

function notFound(): never {
  throw new Response(null, { status: 404, statusText: 'sub_not_found' });
}

async function read<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (e) {
    if (isServiceError(e) && e.status === 404) notFound();
    throw e;
  }
}

export async function subscriptionPageData(planId: string, subId: string | undefined, request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const caller = context.caller?.user ?? null;
  const { plan, subscription } = await read(context.services.subscriptions.portalSubscription(planId, subId, caller, context.deps.clock()));
  const checkoutId = url.searchParams.get('checkout');
  let step: Step;
  // checkout_success: Stripe sent the payer back with the session this subscription recorded.
  if (subscription && checkoutId && subscription.hpid === checkoutId) step = 'checkout_success';
  else if (url.searchParams.get('step') === 'billing' || (!caller && !subscription)) step = 'billing_address_step';
  else step = 'recruiters_subs'; // a signed-in user skips the billing step
  return {
    step,
    plan,
    subscription,
    user: caller ? { name: caller.name, email: caller.email } : null,
    canceled: url.searchParams.get('canceled') === '1',
    paymentsConfigured: context.services.subscriptions.paymentsConfigured(context.deps.settings),
  };
}

export type ActionResult =
  | { status: 'invalid'; intent: string; errors: FieldErrors; values: Record<string, string> }
  | { status: 'checkout'; url: string }
  | { status: 'not_configured' }
  | { status: 'error'; intent: string; message: string };

/** The message of a service error, with the values its text names (login_wait's seconds). */
const messageOf = (e: unknown): { status: number; key: string; vars: Record<string, string> } => {
  if (!isServiceError(e)) return { status: 500, key: 'internal_error', vars: {} };
  const details = (e as { details?: Record<string, unknown> }).details ?? {};
  const vars = Object.fromEntries(
    Object.entries(details)
      .filter((d): d is [string, string | number] => typeof d[1] === 'string' || typeof d[1] === 'number')
      .map(([k, v]) => [k, String(v)]),
  );
  return { status: e.status, key: (e as { messageKey: string }).messageKey, vars };
};

const quantityForm = z.object({ quantity: quantitySchema });

export async function subscriptionAction(planId: string, subId: string | undefined, request: Request, context: AppLoadContext) {
  const { deps, services } = context;
  const form = Object.fromEntries([...(await request.formData()).entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
  const intent = form.intent ?? '';
  const caller = context.caller?.user ?? null;
  const now = deps.clock();
  // The page's language (French unless ?lang= asks for another): the messages follow it, and so
  // does the page the action sends back to.
  const lang = await resolveLang(request, context);
  const asked = langParam(new URL(request.url));
  const back = (sub?: string) => withLang(pagePath(planId, sub), asked);
  const failed = (e: unknown) => {
    const { status, key, vars } = messageOf(e);
    if (status >= 500) deps.logger.error({ err: e, planId, subId, intent }, 'subscription page action failed');
    return data<ActionResult>({ status: 'error', intent, message: t(lang, key, vars) }, { status });
  };

  // Without Stripe keys nothing is stored: the page says so from its first step (decision 243). A
  // form is checked first, so bad input stays a 400 whatever the server's configuration.
  const unconfigured = () => !services.subscriptions.paymentsConfigured(deps.settings) && data<ActionResult>({ status: 'not_configured' }, { status: 503 });

  if (intent === 'billing') {
    const checked = checkForm(billingSchema, form);
    if (!checked.data) return data<ActionResult>({ status: 'invalid', intent, errors: checked.errors, values: form }, { status: 400 });
    const refused = unconfigured();
    if (refused) return refused;
    try {
      if (!caller) await services.limitWrite('apply', context.writer, now);
      const sub = await services.subscriptions.billingInformations({ action: 'billing_informations', sub_plan_id: planId, sub_id: subId, ...checked.data }, caller, now, deps.settings);
      return redirect(back(sub.sub_id));
    } catch (e) {
      return failed(e);
    }
  }

  if (intent === 'login') {
    // The API's sign-in schema (a NUL or a lone surrogate in the e-mail is a 400, not a query).
    const checked = checkForm(loginSchema, { email: form.email ?? '', password: form.password ?? '', client: 'browser' });
    if (!checked.data) return data<ActionResult>({ status: 'error', intent, message: t(lang, Object.values(checked.errors)[0] ?? 'missing_parameters') }, { status: 400 });
    try {
      const cookies = request.headers.get('cookie');
      const devices = deps.devices!;
      const deviceTokens = services.sessions.deviceCookieTokens(cookies);
      const { user, token, deviceToken } = await services.sessions.login(checked.data, { ip: context.ip, now, devices, deviceTokens });
      const previous = services.sessions.cookieTokenOf(cookies);
      if (previous) await services.sessions.destroySession(previous);
      const secure = deps.settings.publicUrl.startsWith('https:');
      const headers = new Headers();
      headers.append('Set-Cookie', services.sessions.sessionCookieHeader(token, secure));
      headers.append('Set-Cookie', services.sessions.deviceCookieHeader(devices.nextCookie(deviceTokens, deviceToken, user.id, now), secure));
      return redirect(back(subId), { headers });
    } catch (e) {
      return failed(e);
    }
  }

  if (intent === 'logout') {
    const token = services.sessions.cookieTokenOf(request.headers.get('cookie'));
    if (token) await services.sessions.destroySession(token);
    const secure = deps.settings.publicUrl.startsWith('https:');
    // Signing out goes back to the billing step (public-web.md section 4).
    return redirect(back(), { headers: { 'Set-Cookie': services.sessions.sessionCookieHeader(null, secure) } });
  }

  if (intent === 'checkout') {
    const checked = checkForm(quantityForm, { quantity: form.quantity ?? String(QUANTITY_DEFAULT) });
    if (!checked.data) return data<ActionResult>({ status: 'invalid', intent, errors: checked.errors, values: form }, { status: 400 });
    const refused = unconfigured();
    if (refused) return refused;
    try {
      const sub = await services.subscriptions.subRegister(
        { action: 'sub_register', sub_plan_id: planId, sub_id: subId, sub_quantity: checked.data.quantity, user_sub: caller?.id, email: caller?.email },
        caller,
        now,
        deps.settings,
      );
      const session = await services.subscriptions.startCheckout({ sub_id: sub.sub_id, sub_quantity: checked.data.quantity }, caller, { settings: deps.settings, now, lang: asked });
      return data<ActionResult>({ status: 'checkout', url: session.url });
    } catch (e) {
      if (isServiceError(e) && e.code === 'payments_not_configured') return data<ActionResult>({ status: 'not_configured' }, { status: 503 });
      return failed(e);
    }
  }

  return data<ActionResult>({ status: 'error', intent, message: t(lang, 'validation_error') }, { status: 400 });
}
