// The offer wizard's 12 steps (public-web.md sections 2 and 4): which draft fields each step
// fills, when a step counts as filled, and which steps a list of missing fields points to.
// Browser-safe: the portal's wizard page and its server side both import it. The fields required
// to publish are drafts.schema.ts's REQUIRED_FIELDS (api/services), named with the same paths.
import type { DraftOfferJson } from '../offer.model.js';
import { QUESTIONS_MIN } from './questions.js';

export const WIZARD_STEP_COUNT = 12;

/** The field paths of each step, 1-based (index 0 is step 1). `lang`, the offer's own language, is asked with the title. */
export const WIZARD_STEP_FIELDS: readonly (readonly string[])[] = [
  ['title', 'lang'],
  ['company_picture', 'company_name', 'company_description'],
  ['description'],
  ['location.street', 'location.city', 'location.zip_code', 'location.country_iso', 'location.lat', 'location.lng', 'location.area', 'location.sub_area', 'location.country'],
  ['contract_type'],
  ['tags'],
  ['start_date'],
  ['candidate_experience'],
  ['candidate_graduation'],
  ['candidate_qualification'],
  ['pay_min', 'pay_max', 'pay_currency', 'pay_period'],
  ['questions'],
];

/** Fields a step may leave empty and still count as filled (only company_picture; tags make step 6 filled when chosen). */
const OPTIONAL = new Set(['company_picture', 'location.lat', 'location.lng', 'location.area', 'location.sub_area', 'location.country']);

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function valueAt(json: DraftOfferJson, path: string): unknown {
  if (path.startsWith('location.')) return (json.location as Record<string, unknown> | undefined)?.[path.slice('location.'.length)];
  return (json as Record<string, unknown>)[path];
}

/** Whether the step (1-based) has all its fields: 3 non-empty questions for step 12, a category for step 6. */
export function isStepFilled(json: DraftOfferJson, step: number): boolean {
  const fields = WIZARD_STEP_FIELDS[step - 1];
  if (!fields) return false;
  if (step === 12) return (json.questions ?? []).filter((q) => q.question.trim() !== '').length >= QUESTIONS_MIN;
  return fields.filter((f) => !OPTIONAL.has(f)).every((f) => !blank(valueAt(json, f)));
}

/** The filled steps, in order. */
export function filledSteps(json: DraftOfferJson): number[] {
  return Array.from({ length: WIZARD_STEP_COUNT }, (_, i) => i + 1).filter((n) => isStepFilled(json, n));
}

/** The company step, which a company user's new draft may already hold (decision 271). */
export const COMPANY_STEP = 2;

/** Whether the writer has begun: a step filled other than the company step a new draft may start with. */
export const isDraftStarted = (filled: number[]): boolean => filled.some((n) => n !== COMPANY_STEP);

/** Where "start" or "continue" leads: the first step not yet filled (step 12 when all are). */
export function continueStep(filled: number[]): number {
  for (let n = 1; n <= WIZARD_STEP_COUNT; n++) if (!filled.includes(n)) return n;
  return WIZARD_STEP_COUNT;
}

/** The steps holding the given field paths (e.g. fill_all_required_fields' list), in order, once each. */
export function stepsOfFields(paths: readonly string[]): number[] {
  const steps = new Set<number>();
  for (const p of paths) {
    const i = WIZARD_STEP_FIELDS.findIndex((fields) => fields.includes(p) || fields.some((f) => f.startsWith(`${p}.`)));
    if (i >= 0) steps.add(i + 1);
  }
  return [...steps].sort((a, b) => a - b);
}
