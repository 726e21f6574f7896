// Checks and normalises the offer fields the wizard posts (public-web.md sections 3 and 5):
// trimmed texts, reference-list values, integer pay, an ISO start date, 3 to 5 questions.
// Used by the draft offer publication; the manager bulk creation can reuse it.
import type { DraftOfferJson } from '../../models/index.js';
import { invalid } from '../lib/errors.js';
import { isReferenceValue, jobCategoryValue, type ReferenceListName } from '../../config/reference/index.js';

export const MIN_QUESTIONS = 3;
export const MAX_QUESTIONS = 5;
export const MAX_PAY = 10_000_000;

/** Required for publication: every field except company_picture and tags. */
export const REQUIRED_FIELDS = [
  'title', 'company_name', 'company_description', 'description', 'location.street', 'location.city',
  'location.zip_code', 'location.country_iso', 'contract_type', 'start_date', 'candidate_experience',
  'candidate_graduation', 'candidate_qualification', 'pay_min', 'pay_max', 'pay_currency', 'pay_period',
  'questions', 'lang',
] as const;

const TEXTS: Array<[keyof DraftOfferJson, number]> = [
  ['title', 200], ['company_name', 160], ['company_description', 5000], ['description', 10000],
  ['candidate_qualification', 5000], ['company_picture', 255],
];
const LOCATION_TEXTS: Array<[string, number]> = [
  ['street', 255], ['city', 120], ['zip_code', 20], ['area', 120], ['sub_area', 120], ['country', 80],
];
const CHOICES: Array<[keyof DraftOfferJson, ReferenceListName, (v: string) => string]> = [
  ['contract_type', 'cont_type', (v) => v.toLowerCase()],
  ['candidate_experience', 'candidate_experience', (v) => v.toLowerCase()],
  ['candidate_graduation', 'candidate_graduation', (v) => v.toLowerCase()],
  ['pay_currency', 'pay_currency', (v) => v.toUpperCase()],
  ['pay_period', 'pay_period', (v) => v.toLowerCase()],
  ['lang', 'languages', (v) => v.toLowerCase()],
];

type Problem = { field: string; code: string; key: string };

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A real calendar date, given as YYYY-MM-DD or as a full ISO string (its date part is kept). */
export function isoDateOnly(v: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(v.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

function payNumber(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(\.0+)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= MAX_PAY ? n : null;
}

/**
 * The offer fields of a request body, normalised. With partial (saving a draft in progress)
 * absent fields and empty questions are allowed; otherwise (publishing) every required field
 * must be present: 400 fill_all_required_fields listing them. A present but wrong value is 400
 * with a code naming the problem (checked first).
 */
export function normalizeOfferFields(input: unknown, { partial }: { partial: boolean }): DraftOfferJson {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw invalid('validation_error');
  const body = input as Record<string, unknown>;
  const out: DraftOfferJson = {};
  let problem: Problem | null = null;
  const bad = (field: string, code = 'validation_error', key = 'validation_error') => {
    problem ??= { field, code, key };
  };

  for (const [field, max] of TEXTS) {
    const v = body[field];
    if (isBlank(v)) continue;
    if (typeof v !== 'string' || v.trim().length > max) bad(field);
    else (out as Record<string, unknown>)[field] = v.trim();
  }

  if (!isBlank(body.location)) {
    const loc = body.location;
    if (typeof loc !== 'object' || Array.isArray(loc)) bad('location');
    else {
      const l = loc as Record<string, unknown>;
      const location: NonNullable<DraftOfferJson['location']> = {};
      for (const [field, max] of LOCATION_TEXTS) {
        const v = l[field];
        if (isBlank(v)) continue;
        if (typeof v === 'number' && field === 'zip_code') location.zip_code = String(v);
        else if (typeof v !== 'string' || v.trim().length > max) bad(`location.${field}`);
        else (location as Record<string, unknown>)[field] = v.trim();
      }
      if (!isBlank(l.country_iso)) {
        if (typeof l.country_iso !== 'string' || !/^[A-Za-z]{2}$/.test(l.country_iso.trim())) bad('location.country_iso');
        else location.country_iso = l.country_iso.trim().toUpperCase();
      }
      for (const field of ['lat', 'lng'] as const) {
        const v = l[field];
        if (isBlank(v)) continue;
        const n = typeof v === 'string' ? Number(v) : v;
        const limit = field === 'lat' ? 90 : 180;
        if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > limit) bad(`location.${field}`);
        else location[field] = n;
      }
      out.location = location;
    }
  }

  for (const [field, list, norm] of CHOICES) {
    const v = body[field];
    if (isBlank(v)) continue;
    const value = typeof v === 'string' ? norm(v.trim()) : v;
    if (!isReferenceValue(list, value)) bad(field);
    else (out as Record<string, unknown>)[field] = value;
  }

  if (!isBlank(body.start_date)) {
    const date = typeof body.start_date === 'string' ? isoDateOnly(body.start_date) : null;
    if (!date) bad('start_date', 'date_error', 'date_error');
    else out.start_date = date;
  }

  for (const field of ['pay_min', 'pay_max'] as const) {
    if (isBlank(body[field])) continue;
    const n = payNumber(body[field]);
    if (n === null) bad(field);
    else out[field] = n;
  }
  if (out.pay_min !== undefined && out.pay_max !== undefined && out.pay_min > out.pay_max) {
    bad('pay_max', 'pay_range_invalid', 'pay_range_invalid');
  }

  if (!isBlank(body.tags)) {
    if (!Array.isArray(body.tags)) bad('tags');
    else {
      const tags: string[] = [];
      for (const tag of body.tags) {
        const value = typeof tag === 'string' ? jobCategoryValue(tag) : null;
        if (!value) bad('tags');
        else if (!tags.includes(value)) tags.push(value);
      }
      out.tags = tags;
    }
  }

  if (!isBlank(body.questions)) {
    if (!Array.isArray(body.questions)) bad('questions');
    else {
      const texts: string[] = [];
      for (const q of body.questions) {
        const text = typeof q === 'string' ? q : q && typeof q === 'object' ? (q as { question?: unknown }).question : undefined;
        if (text === undefined || text === null) {
          texts.push('');
          continue;
        }
        if (typeof text !== 'string' || text.trim().length > 500) bad('questions');
        else texts.push(text.trim());
      }
      // Publishing keeps the non-empty questions; a draft keeps its empty slots for the wizard.
      const kept = partial ? texts : texts.filter((s) => s !== '');
      if (kept.length > MAX_QUESTIONS) bad('questions', 'questions_count', 'questions_count');
      out.questions = kept.map((question, i) => ({ id: `q${i + 1}`, question }));
    }
  }

  // A wrong value is named first: dropped from `out`, it would otherwise read as missing.
  if (problem) {
    const p = problem as Problem;
    throw invalid(p.code, p.key, { field: p.field });
  }
  if (!partial) {
    const missing = missingFields(out);
    if (missing.length > 0) throw invalid('fill_all_required_fields', 'fill_all_required_fields', { fields: missing });
  }
  return out;
}

/** The required fields a draft still lacks (the wizard's publication rule). */
export function missingFields(json: DraftOfferJson): string[] {
  const missing: string[] = [];
  for (const field of REQUIRED_FIELDS) {
    if (field === 'questions') {
      const filled = (json.questions ?? []).filter((q) => q.question.trim() !== '').length;
      if (filled < MIN_QUESTIONS) missing.push(field);
    } else if (field.startsWith('location.')) {
      const sub = field.slice('location.'.length) as keyof NonNullable<DraftOfferJson['location']>;
      if (isBlank(json.location?.[sub])) missing.push(field);
    } else if (isBlank(json[field as keyof DraftOfferJson])) {
      missing.push(field);
    }
  }
  return missing;
}
