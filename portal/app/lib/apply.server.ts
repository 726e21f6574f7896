// Server side of the public offer page (/candidate/offer/{job_code} and /dla/{job_code}):
// the offer for the page, and the application action that works with or without JavaScript. The
// apply page (/candidate/apply/{job_code}) reads its offer and the offer's head from here too.
import { data, type AppLoadContext } from '@remix-run/node';
import { t as serverT, type Lang } from '../../../config/i18n/index.js';
import { isServiceError } from './app-error.server.js';
import { loadOffer } from './offer.server.js';
import { resolveLang } from './lang.server.js';
import { applyFormSchema, interestFromApplyForm } from '../../../api/services/applications/interest.schema.js';
import { defaultPhonePrefix } from '../../../models/rules/phone.js';
import { readForm } from './read-form.server.js';
import { checkForm, type FieldErrors } from './form.js';
import { isoDay } from '../../../models/rules/dates.js';
import { pictureUrl } from '../../../models/rules/storage-url.js';
import { offerFacts } from './offer-facts.server.js';

/** The published offer of `jobCode`; an unknown or closed one answers the page's 404 ("no offer" panel). */
export async function findOffer(context: AppLoadContext, jobCode: string) {
  try {
    return await loadOffer(context, jobCode);
  } catch (e) {
    if (isServiceError(e) && e.status === 404) throw new Response(null, { status: 404, statusText: 'offer_not_found' });
    throw e;
  }
}

/**
 * What the offer page and the apply page show of an offer's head and its sharing tags: the title,
 * the company and its logo. `logo_src` is the logo's 100x100 copy (drawn at 64 px), made into an
 * address here: the pages' JavaScript carries no picture rule (decision 310).
 */
export function offerView(offer: Awaited<ReturnType<typeof loadOffer>>) {
  return {
    job_code: offer.job_code,
    title: offer.title,
    company_name: offer.company_name,
    company_picture: offer.company_picture,
    logo_src: offer.company_picture ? pictureUrl(offer.company_picture, 100) : null,
  };
}

export async function offerPageData(jobCode: string, context: AppLoadContext, request: Request) {
  const offer = await findOffer(context, jobCode);
  const today = isoDay(context.deps.clock());
  return {
    offer: {
      ...offerView(offer),
      description: offer.description,
      candidate_qualification: offer.candidate_qualification,
      start_date: offer.start_date && offer.start_date > today ? offer.start_date : null,
      address: [offer.street, [offer.zip_code, offer.city].filter(Boolean).join(' '), offer.country].filter(Boolean).join(', '),
      lang: offer.lang,
      // Boosted now (decision 251): the page carries the mark.
      boosted: offer.boosted,
    },
    facts: offerFacts(offer, await resolveLang(request, context)),
    defaultPrefix: defaultPhonePrefix(offer),
  };
}

export type ApplyResult = { status: 'invalid'; errors: FieldErrors } | { status: 'error'; code: string; message: string } | { status: 'sent'; job_code: string };

export async function applyAction(jobCode: string, request: Request, context: AppLoadContext, cguFrom?: string) {
  const lang = await resolveLang(request, context);
  const { form, tooLarge } = await readForm(request);
  if (tooLarge) return data<ApplyResult>({ status: 'invalid', errors: { cv_file: 'err_cv_size' } }, { status: 400 });

  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
  const checked = checkForm(applyFormSchema, values);
  if (!checked.data) return data<ApplyResult>({ status: 'invalid', errors: checked.errors }, { status: 400 });
  const input = checked.data;

  try {
    let cvKey = input.cv_file || undefined;
    const file = form.get('cv');
    if (!cvKey && file && typeof file !== 'string' && file.size > 0) {
      // Sent without JavaScript: store the CV the way POST /apis/upload/cv does, limits included.
      await context.services.limitWrite('upload', context.writer, context.deps.clock());
      const stored = await context.services.storeUpload(context.deps.storage, {
        kind: 'cv',
        body: Buffer.from(await file.arrayBuffer()),
        ownerId: null,
      });
      cvKey = stored.key;
    }
    await context.services.limitWrite('apply', context.writer, context.deps.clock());
    await context.services.submitInterest({ ...interestFromApplyForm(input, jobCode, cvKey), ...(cguFrom ? { cgu_from: cguFrom } : {}) }, context.deps.clock(), lang);
    return data<ApplyResult>({ status: 'sent', job_code: jobCode.toUpperCase() });
  } catch (e) {
    if (isServiceError(e) && e.status < 500) {
      return data<ApplyResult>({ status: 'error', code: e.code, message: serverT(lang, e.messageKey) }, { status: e.status });
    }
    context.deps.logger.error({ err: e, jobCode }, 'web application failed');
    return data<ApplyResult>({ status: 'error', code: 'internal_error', message: serverT(lang, 'internal_error') }, { status: 500 });
  }
}

/**
 * What the apply page says of the invitation a signed-in candidate came through (decision 467): who
 * invited them and the deadline in their language, or, past the deadline or withdrawn, the kind
 * words of the invitation link's own 410 page. The state comes from the invitations service (one
 * copy of the rules); null when the candidate was not invited, or has finished.
 */
export async function applyInvitation(context: AppLoadContext, jobCode: string, lang: Lang): Promise<{ closed: boolean; title?: string; text: string } | null> {
  const user = context.caller?.user;
  const found = user ? await context.services.candidateInvitation(user, jobCode, context.deps.clock()) : null;
  if (!found || found.state === 'completed' || found.state === 'opted_out' || found.state === 'bounced') {
    return null;
  }
  const vars = { company: found.company, title: found.title };
  if (found.state === 'expired' || found.state === 'cancelled') {
    return { closed: true, title: serverT(lang, `invitation_page_${found.state}_title`, vars), text: serverT(lang, `invitation_page_${found.state}_text`, vars) };
  }
  // The platform's time zone, as the invitation's messages write the deadline.
  const deadline = new Intl.DateTimeFormat(lang === 'en' || lang === 'es' ? 'en-GB' : lang, {
    timeZone: 'Europe/Paris',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(found.deadline);
  return { closed: false, text: serverT(lang, 'invitation_banner', { ...vars, deadline }) };
}
