// Server side of the offer wizard, /draft/offer/{edition_token} and /draft/offer/{edition_token}/{step}
// (public-web.md sections 2, 4, 5, 8; issue 13; decisions 171-174). Every step is a plain form
// posted to this action, which saves the draft through the services of PUT and POST
// /apis/draft-offer/{token} (same schemas) — so the wizard works without JavaScript, and the
// same link on another device shows what was saved.
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { t as serverT } from '../../../config/i18n/index.js';
import { isServiceError } from '../lib/app-error.server.js';
import { resolveLang } from '../lib/lang.server.js';
import { isLang } from '../../../config/i18n/langs.js';
import { readForm } from '../lib/read-form.server.js';
import { formDate, parseFormDate } from '../../../models/rules/dates.js';
import { pictureUrl } from '../../../models/rules/storage-url.js';
import { WIZARD_STEP_COUNT, continueStep, filledSteps, isDraftStarted, stepsOfFields } from '../../../models/rules/offer-wizard.js';
import { QUESTIONS_MAX, QUESTIONS_MIN, type QuestionJson } from '../../../models/rules/questions.js';
import type { DraftOfferJson } from '../../../models/offer.model.js';
import { ANSWER_CHOICES, DEFAULT_INTERVIEW_JSON, RETAKE_CHOICES, RETAKES_UNLIMITED, THINK_CHOICES, THINK_NONE, THINK_UNTIL_PRESS, formatSeconds } from '../../../models/rules/interview.js';
import { pageTexts } from '../i18n/catalogs.server.js';
import { catalogLang } from '../i18n/registry.js';
import { format, type Lang } from '../i18n/index.js';
import type { OfferManagement } from '../../../api/services/offers/drafts.service.js';

/** Countries the address step offers when typed by hand (the autocomplete fills any). */
export const WIZARD_COUNTRIES = ['FR', 'BE', 'LU', 'CH', 'MC', 'NL', 'DE', 'ES', 'IT', 'GB'] as const;

const wizardPath = (token: string, step?: number) => `/draft/offer/${encodeURIComponent(token)}${step ? `/${step}` : ''}`;

function parseStep(step: string | undefined): number | null {
  if (step === undefined) return null;
  if (!/^\d{1,2}$/.test(step) || Number(step) < 1 || Number(step) > WIZARD_STEP_COUNT) throw new Response(null, { status: 404, statusText: 'not_found' });
  return Number(step);
}

async function loadDraft(token: string, context: AppLoadContext) {
  try {
    return await context.services.drafts.getDraft(token);
  } catch (e) {
    if (isServiceError(e) && e.status === 404) throw new Response(null, { status: 404, statusText: 'offer_not_found' });
    throw e;
  }
}

/** Where each area manages an offer: the console's offer, the manager area's candidates page, the dashboard. */
function manageHref(m: OfferManagement): string {
  if (m.area === 'admin') return `/admin#/offers/${m.offer_id}/show`;
  if (m.area === 'manager') return `/manager/offer/${encodeURIComponent(m.job_code)}`;
  return '/dashboard';
}

/**
 * The interview settings' selects of step 12 (decision 405): name, label, the draft's value (or the
 * default) and the offered choices named in the page's language, made here so that the page's
 * JavaScript carries neither the rule nor the names.
 */
function interviewSelects(json: DraftOfferJson, lang: Lang) {
  const texts = pageTexts[catalogLang(lang)].wizard;
  const t = (key: string, vars?: Record<string, string | number>) => format(texts[key] ?? key, vars);
  const select = (name: 'think_seconds' | 'answer_seconds' | 'retakes', choices: { value: string; name: string }[]) => ({
    name,
    label: t(`wiz_${name}`),
    value: String(json[name] ?? DEFAULT_INTERVIEW_JSON[name]),
    choices,
  });
  return [
    select(
      'think_seconds',
      THINK_CHOICES.map((c) => ({ value: String(c), name: c === THINK_UNTIL_PRESS ? t('wiz_think_press') : c === THINK_NONE ? t('wiz_think_none') : t('wiz_seconds', { n: c }) })),
    ),
    select(
      'answer_seconds',
      ANSWER_CHOICES.map((c) => ({ value: String(c), name: formatSeconds(c) })),
    ),
    select(
      'retakes',
      RETAKE_CHOICES.map((c) => ({ value: String(c), name: c === RETAKES_UNLIMITED ? t('wiz_retakes_unlimited') : c === 0 ? t('wiz_retakes_none') : String(c) })),
    ),
  ];
}

export async function wizardData(token: string, stepParam: string | undefined, request: Request, context: AppLoadContext) {
  const step = parseStep(stepParam);
  const draft = await loadDraft(token, context);
  const lang = await resolveLang(request, context);
  const management = draft.job_code ? await context.services.drafts.offerManagement(context.caller?.user, token) : null;
  const lists = context.services.drafts.referenceLists(lang);
  // The spec's "Error while loading offer config": the wizard cannot offer categories without them.
  if (!lists.job_cat?.length) throw new Response(null, { status: 500, statusText: 'offer_config_error' });
  const json = draft.offer_json;
  const filled = filledSteps(json);
  const names = new Intl.DisplayNames([lang === 'es' ? 'en' : lang], { type: 'region' });
  return {
    token,
    step,
    json,
    // The logo's preview from its 100x100 copy (decision 310), addressed here, not in the page's JavaScript.
    logoSrc: json.company_picture ? pictureUrl(json.company_picture, 100) : null,
    startDate: json.start_date ? formDate(json.start_date) : '',
    jobCode: draft.job_code,
    manage: management ? { area: management.area, href: manageHref(management) } : null,
    signedIn: !!context.caller,
    filled,
    started: isDraftStarted(filled),
    next: continueStep(filled),
    lists: {
      job_cat: lists.job_cat,
      cont_type: lists.cont_type,
      candidate_experience: lists.candidate_experience,
      candidate_graduation: lists.candidate_graduation,
      pay_currency: lists.pay_currency,
      pay_period: lists.pay_period,
      // Questions go into the offer: offered in the offer's language, not the page's (issue 24).
      q_template: context.services.drafts.referenceLists(isLang(json.lang) ? json.lang : lang).q_template,
      languages: lists.languages.filter((l) => l.value === 'fr' || l.value === 'nl'),
    },
    interview: interviewSelects(json, lang),
    countries: WIZARD_COUNTRIES.map((code) => ({ value: code, name: names.of(code) ?? code })),
  };
}

export type WizardResult =
  | { status: 'invalid'; field: string; message: string; values: Record<string, string | string[]> }
  | { status: 'missing'; message: string; steps: number[] }
  | { status: 'error'; message: string }
  /** The draft was published meanwhile (another tab, another holder of the link): nothing was saved. */
  | { status: 'refused'; message: string; job_code: string | null }
  | { status: 'published'; job_code: string; message: string };

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};
const blankToUndefined = (v: string) => (v.trim() === '' ? undefined : v);

class DateError extends Error {}

/** The fields a step's form posts, laid over the saved draft (blank ones removed). */
function applyStep(json: DraftOfferJson, step: number, form: FormData): DraftOfferJson {
  const out: DraftOfferJson & Record<string, unknown> = { ...json };
  const set = (name: string, value: unknown) => {
    if (value === undefined || value === '') delete out[name];
    else out[name] = value;
  };
  switch (step) {
    case 1:
      set('title', blankToUndefined(str(form, 'title')));
      set('lang', blankToUndefined(str(form, 'lang')));
      break;
    case 2:
      set('company_name', blankToUndefined(str(form, 'company_name')));
      set('company_description', blankToUndefined(str(form, 'company_description')));
      break;
    case 3:
      set('description', blankToUndefined(str(form, 'description')));
      break;
    case 4: {
      const loc: Record<string, string> = {};
      for (const k of ['street', 'zip_code', 'city', 'country_iso', 'area', 'sub_area', 'country', 'lat', 'lng']) {
        const v = str(form, k).trim();
        if (v) loc[k] = v;
      }
      // Coordinates, region and department belong to the suggestion chosen: a city typed by hand drops them.
      if (str(form, 'located_city').trim() !== (loc.city ?? '')) {
        for (const k of ['lat', 'lng', 'area', 'sub_area', 'country']) delete loc[k];
      }
      // The country's name follows its code unless the chosen suggestion gave one.
      if (loc.country_iso) loc.country ??= new Intl.DisplayNames(['fr'], { type: 'region' }).of(loc.country_iso.toUpperCase()) ?? loc.country_iso;
      set('location', Object.keys(loc).length ? loc : undefined);
      break;
    }
    case 5:
      set('contract_type', blankToUndefined(str(form, 'contract_type')));
      break;
    case 6: {
      const tags = form.getAll('tags').filter((t): t is string => typeof t === 'string');
      set('tags', tags.length ? tags : undefined);
      break;
    }
    case 7: {
      const typed = str(form, 'start_date').trim();
      if (typed === '') set('start_date', undefined);
      else {
        const iso = parseFormDate(typed);
        if (!iso) throw new DateError();
        set('start_date', iso);
      }
      break;
    }
    case 8:
      set('candidate_experience', blankToUndefined(str(form, 'candidate_experience')));
      break;
    case 9:
      set('candidate_graduation', blankToUndefined(str(form, 'candidate_graduation')));
      break;
    case 10:
      set('candidate_qualification', blankToUndefined(str(form, 'candidate_qualification')));
      break;
    case 11:
      set('pay_min', blankToUndefined(str(form, 'pay_min')));
      set('pay_max', blankToUndefined(str(form, 'pay_max')));
      set('pay_currency', blankToUndefined(str(form, 'pay_currency')));
      set('pay_period', blankToUndefined(str(form, 'pay_period')));
      break;
    case 12:
      out.questions = form
        .getAll('question')
        .filter((q): q is string => typeof q === 'string')
        .map((q, i) => ({ id: `q${i + 1}`, question: q, ...typedQuestion(form.getAll('qtype')[i], form.getAll('qoptions')[i]) }));
      // The interview settings, checked by the drafts schema on save (decision 405).
      set('think_seconds', blankToUndefined(str(form, 'think_seconds')));
      set('answer_seconds', blankToUndefined(str(form, 'answer_seconds')));
      set('retakes', blankToUndefined(str(form, 'retakes')));
      break;
  }
  return out;
}

/**
 * A question's type and options as the wizard posts them (decision 455): the type's select, and a
 * choice's options one per line, a line starting with "!" for an option that does not meet a
 * requirement (a knockout). Checked by the drafts schema on save.
 */
function typedQuestion(type: FormDataEntryValue | undefined, options: FormDataEntryValue | undefined): Pick<QuestionJson, 'type' | 'options'> {
  if (type === 'text') return { type };
  if (type !== 'choice') return type && type !== 'video' ? { type: type as QuestionJson['type'] } : {};
  const lines = (typeof options === 'string' ? options : '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return { type, options: lines.map((l) => (l.startsWith('!') ? { label: l.slice(1).trim(), knockout: true } : { label: l })) };
}

/** The questions after an add, a template pick or a delete (3 to 5; only the last one goes). */
function editQuestions(json: DraftOfferJson, intent: string, template: string): DraftOfferJson {
  const qs = [...(json.questions ?? [])];
  if (intent === 'add_question' && qs.length < QUESTIONS_MAX) qs.push({ id: '', question: '' });
  if (intent === 'template' && template.trim()) {
    const empty = qs.findIndex((q) => q.question.trim() === '');
    if (empty >= 0) qs[empty] = { id: '', question: template.trim() };
    else if (qs.length < QUESTIONS_MAX) qs.push({ id: '', question: template.trim() });
  }
  if (intent === 'delete_question' && qs.length > QUESTIONS_MIN) qs.pop();
  while (qs.length < QUESTIONS_MIN) qs.push({ id: '', question: '' });
  return { ...json, questions: qs.map((q, i) => ({ ...q, id: `q${i + 1}` })) };
}

function formValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [k, v] of form.entries()) {
    if (typeof v !== 'string') continue;
    const prev = values[k];
    values[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return values;
}

export async function wizardAction(token: string, stepParam: string | undefined, request: Request, context: AppLoadContext) {
  const { deps, services } = context;
  const step = parseStep(stepParam);
  if (step === null) throw new Response(null, { status: 405, statusText: 'method_not_allowed' });
  const lang = await resolveLang(request, context);
  const draft = await loadDraft(token, context);
  // A published draft's link changes nothing (the service's rule, 409 draft_published): the page
  // says so, with the offer's code (the draft may have been published since the page was opened).
  const refused = async (e: unknown) => {
    if (!isServiceError(e) || e.code !== 'draft_published') return null;
    const { job_code } = await context.services.drafts.getDraft(token);
    return data<WizardResult>({ status: 'refused', message: serverT(lang, 'draft_published'), job_code }, { status: 409 });
  };
  try {
    await context.services.drafts.findEditableDraft(token);
  } catch (e) {
    const answer = await refused(e);
    if (answer) return answer;
    throw e;
  }
  const { form, tooLarge } = await readForm(request);
  const intent = str(form, 'intent') || 'next';
  const values = formValues(form);
  const invalid = (field: string, key: string, vars: Record<string, string | number> = {}, status = 400) =>
    data<WizardResult>({ status: 'invalid', field, message: serverT(lang, key, vars), values }, { status });
  const search = new URL(request.url).search;

  if (tooLarge) return invalid('logo', 'file_too_large', {}, 413);
  let json: DraftOfferJson;
  try {
    json = applyStep(draft.offer_json, step, form);
  } catch (e) {
    if (e instanceof DateError) return invalid('start_date', 'date_error');
    throw e;
  }

  try {
    if (step === 2 && intent === 'logo') {
      const file = form.get('logo');
      if (!file || typeof file === 'string' || file.size === 0) return invalid('logo', 'file_required');
      await services.limitWrite('upload', context.writer, deps.clock());
      const stored = await services.storeUpload(deps.storage, { kind: 'image', body: Buffer.from(await file.arrayBuffer()), ownerId: null, editionToken: token });
      json = { ...json, company_picture: stored.key };
    }
    if (step === 2 && intent === 'remove_logo') delete json.company_picture;
    if (step === 12) json = editQuestions(json, intent, str(form, 'template'));

    await services.drafts.saveDraft(token, json);
  } catch (e) {
    const answer = await refused(e);
    if (answer) return answer;
    if (isServiceError(e) && e.status < 500) {
      const details = (e as { details?: { field?: string } }).details;
      const field = ['image_mime_type_error', 'file_too_large', 'picture_not_an_image', 'picture_too_large'].includes(e.code) ? 'logo' : (details?.field ?? '');
      return invalid(field, e.messageKey, details as Record<string, string | number>, e.status);
    }
    throw e;
  }

  if (intent === 'publish' && step === WIZARD_STEP_COUNT) {
    try {
      const { job_code } = await services.drafts.publishDraft(token, json, context.caller?.user.id ?? null, deps.clock());
      return data<WizardResult>({ status: 'published', job_code, message: serverT(lang, 'jobcreation_published_offer') });
    } catch (e) {
      if (isServiceError(e) && e.code === 'fill_all_required_fields') {
        const fields = ((e as { details?: { fields?: string[] } }).details?.fields ?? []) as string[];
        return data<WizardResult>({ status: 'missing', message: serverT(lang, 'fill_all_required_fields'), steps: stepsOfFields(fields) }, { status: 400 });
      }
      const answer = await refused(e);
      if (answer) return answer;
      if (isServiceError(e) && e.status < 500) {
        const vars = (e as { details?: Record<string, string | number> }).details ?? {};
        return data<WizardResult>({ status: 'error', message: `${serverT(lang, 'jobcreation_error_offer')} ${serverT(lang, e.messageKey, vars)}` }, { status: e.status });
      }
      deps.logger.error({ err: e }, 'offer wizard publication failed');
      return data<WizardResult>({ status: 'error', message: serverT(lang, 'jobcreation_error_offer') }, { status: 500 });
    }
  }
  if (intent === 'next' && step < WIZARD_STEP_COUNT) return redirect(`${wizardPath(token, step + 1)}${search}`);
  if (intent === 'prev' && step > 1) return redirect(`${wizardPath(token, step - 1)}${search}`);
  // Added or deleted questions, a new logo: the same step again, with what was saved.
  return redirect(`${wizardPath(token, step)}${search}${step === 12 ? '#questions' : ''}`);
}
