// Server side of /landing/{customer}: the customer's configuration and the lead action.
import { data, type AppLoadContext } from '@remix-run/node';
import { t as serverT } from '../../../config/i18n/index.js';
import { isServiceError } from '../lib/app-error.server.js';
import { resolveLang } from '../lib/lang.server.js';
import { landingFormSchema } from '../../../api/services/applications/interest.schema.js';
import { deviceOf } from '../lib/device.js';
import { checkForm, type FieldErrors } from '../lib/form.js';

export async function landingData(customer: string, request: Request, context: AppLoadContext) {
  let config;
  try {
    config = await context.services.getLandingConfig(customer);
  } catch (e) {
    if (isServiceError(e) && e.status === 404) throw new Response(null, { status: 404, statusText: 'landing_not_found' });
    throw e;
  }
  return { config, device: deviceOf(request.headers.get('user-agent')) };
}

export type LeadResult = { status: 'invalid'; errors: FieldErrors } | { status: 'sent'; job_code: string } | { status: 'error'; job_code: string; message: string };

export async function leadAction(customer: string, request: Request, context: AppLoadContext) {
  const lang = await resolveLang(request, context);
  const values = Object.fromEntries([...(await request.formData()).entries()].filter(([, v]) => typeof v === 'string'));
  const checked = checkForm(landingFormSchema, values);
  if (!checked.data) return data<LeadResult>({ status: 'invalid', errors: checked.errors }, { status: 400 });
  const input = checked.data;
  const jobCode = input.job_code;
  try {
    await context.services.limitWrite('apply', context.writer, context.deps.clock());
    await context.services.submitInterest(
      {
        job_code: jobCode,
        email: input.email,
        firstname: input.firstname,
        lastname: input.lastname,
        accept_cgu: true,
        use_cv: false,
        cgu_from: `landing/${customer}`,
      },
      context.deps.clock(),
      lang,
    );
    return data<LeadResult>({ status: 'sent', job_code: jobCode });
  } catch (e) {
    // Step 3 is shown whether the lead was stored or not (public-web.md section 4).
    const known = isServiceError(e) && e.status < 500;
    if (!known) context.deps.logger.error({ err: e, customer }, 'landing lead failed');
    return data<LeadResult>(
      { status: 'error', job_code: jobCode, message: serverT(lang, known ? (e as { messageKey: string; status: number }).messageKey : 'internal_error') },
      { status: known ? (e as { messageKey: string; status: number }).status : 500 },
    );
  }
}
