// The offer fields the wizard posts (public-web.md sections 3 and 5): trimmed texts no longer
// than their columns (models/offer.model.ts), reference-list values, integer pay, an ISO start
// date, 3 to 5 questions, the interview settings (decision 405). draftSchema checks a draft in progress (absent fields and empty
// questions allowed); publishSchema also needs every required field. A present but wrong value
// is named first (400 with its field), then the missing ones (fill_all_required_fields).
import { parseIsoDay } from '../../../models/rules/dates.js';
import * as z from 'zod/mini';
import type { DraftOfferJson } from '../../../models/index.js';
import { isReferenceValue, jobCategoryValue, type ReferenceListName } from '../../../config/reference/index.js';
import { absentIfBlank, text } from '../../../models/rules/text.js';
import { QUESTIONS_MAX, QUESTIONS_MIN, QUESTION_MAX_LENGTH, VIDEO_QUESTIONS_MIN, readQuestionType, videoCount, type QuestionJson } from '../../../models/rules/questions.js';
import { answerChoice, retakeChoice, thinkChoice } from '../../../models/rules/interview.js';

export const MAX_PAY = 10_000_000;

/** Required for publication: every field except company_picture and tags. */
export const REQUIRED_FIELDS = [
  'title',
  'company_name',
  'company_description',
  'description',
  'location.street',
  'location.city',
  'location.zip_code',
  'location.country_iso',
  'contract_type',
  'start_date',
  'candidate_experience',
  'candidate_graduation',
  'candidate_qualification',
  'pay_min',
  'pay_max',
  'pay_currency',
  'pay_period',
  'questions',
  'lang',
] as const;

const BAD = 'validation_error';

/** Absent when null, undefined or blank; otherwise checked by the schema. */
const optional = <S extends z.core.$ZodType>(schema: S) => z.pipe(z.transform(absentIfBlank), z.optional(schema));
const field = (max: number) => optional(text(max, { invalid: BAD }));

/** A value turned into another, or refused with `code` when `convert` answers null. */
function converted<T>(code: string, convert: (v: unknown) => T | null) {
  return z.transform((v: unknown, ctx): T => {
    const out = convert(v);
    if (out === null) ctx.issues.push({ code: 'custom', message: code, input: v });
    return out as T;
  });
}

const choice = (list: ReferenceListName, norm: (v: string) => string) =>
  optional(
    converted(BAD, (v) => {
      const value = typeof v === 'string' ? norm(v.trim()) : v;
      return isReferenceValue(list, value) ? value : null;
    }),
  );
const lower = (v: string) => v.toLowerCase();

const pay = optional(
  converted(BAD, (v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(\.0+)?\s*$/.test(v) ? Number(v) : NaN;
    return Number.isInteger(n) && n >= 0 && n <= MAX_PAY ? n : null;
  }),
);

const coordinate = (limit: number) =>
  optional(
    converted(BAD, (v) => {
      const n = typeof v === 'string' ? Number(v) : v;
      return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
    }),
  );

const location = optional(
  z.object(
    {
      street: field(255),
      city: field(120),
      zip_code: optional(
        z.pipe(
          z.transform((v: unknown) => (typeof v === 'number' ? String(v) : v)),
          text(20, { invalid: BAD }),
        ),
      ),
      area: field(120),
      sub_area: field(120),
      country: field(80),
      country_iso: optional(text(2, { invalid: BAD, transform: 'upper' }).check(z.regex(/^[A-Z]{2}$/, BAD))),
      lat: coordinate(90),
      lng: coordinate(180),
    },
    BAD,
  ),
);

const tags = optional(
  z.pipe(
    z.array(
      converted(BAD, (tag) => (typeof tag === 'string' ? jobCategoryValue(tag) : null)),
      BAD,
    ),
    z.transform((values: string[]) => [...new Set(values)]),
  ),
);

/** One question's text: a text or { question }; missing reads as an empty slot. */
const questionText = z.pipe(
  z.transform((q: unknown) => {
    const value = typeof q === 'string' ? q : q && typeof q === 'object' ? (q as { question?: unknown }).question : undefined;
    return value === undefined || value === null ? '' : value;
  }),
  text(QUESTION_MAX_LENGTH, { invalid: BAD }),
);

/** One question: its text, its type (absent: video) and a choice question's options (decision 455). */
const question = z.transform((q: unknown, ctx): Omit<QuestionJson, 'id'> => {
  const parsed = z.safeParse(questionText, q);
  if (!parsed.success) {
    ctx.issues.push({ code: 'custom', message: BAD, input: q });
    return { question: '' };
  }
  const typed = readQuestionType(q);
  if ('problem' in typed) {
    ctx.issues.push({ code: 'custom', message: typed.problem, input: q });
    return { question: parsed.data };
  }
  return typed.type === 'video' ? { question: parsed.data } : { question: parsed.data, ...typed };
});

/** Publishing keeps the non-empty questions, at least one on video; a draft keeps its empty slots for the wizard. */
const questions = (partial: boolean) =>
  optional(
    z.pipe(
      z.array(question, BAD),
      z.transform((items: Array<Omit<QuestionJson, 'id'>>, ctx) => {
        const kept = partial ? items : items.filter((q) => q.question !== '');
        if (kept.length > QUESTIONS_MAX) ctx.issues.push({ code: 'custom', message: 'questions_count', input: items });
        else if (!partial && kept.length >= QUESTIONS_MIN && videoCount(kept) < VIDEO_QUESTIONS_MIN) ctx.issues.push({ code: 'custom', message: 'questions_video_required', input: items });
        return kept.map((q, i) => ({ id: `q${i + 1}`, ...q }));
      }),
    ),
  );

// Keys in the order problems are reported (the wizard's order).
const fields = (partial: boolean) =>
  z
    .object(
      {
        title: field(200),
        company_name: field(160),
        company_description: field(5000),
        description: field(10000),
        candidate_qualification: field(5000),
        company_picture: field(255),
        location,
        contract_type: choice('cont_type', lower),
        candidate_experience: choice('candidate_experience', lower),
        candidate_graduation: choice('candidate_graduation', lower),
        pay_currency: choice('pay_currency', (v) => v.toUpperCase()),
        pay_period: choice('pay_period', lower),
        lang: choice('languages', lower),
        start_date: optional(converted('date_error', (v) => (typeof v === 'string' ? parseIsoDay(v) : null))),
        pay_min: pay,
        pay_max: pay,
        tags,
        questions: questions(partial),
        // The interview settings (models/rules/interview.ts): one of the offered values, absent = default.
        think_seconds: optional(converted(BAD, (v) => thinkChoice(v) ?? null)),
        answer_seconds: optional(converted(BAD, (v) => answerChoice(v) ?? null)),
        retakes: optional(converted(BAD, (v) => retakeChoice(v) ?? null)),
      },
      BAD,
    )
    .check(
      z.superRefine((v, ctx) => {
        if (v.pay_min !== undefined && v.pay_max !== undefined && v.pay_min > v.pay_max) {
          ctx.issues.push({ code: 'custom', path: ['pay_max'], message: 'pay_range_invalid', input: v.pay_max });
        }
      }),
    );

/** A draft in progress (PUT /apis/draft-offer/{token}, the body of POST /apis/draft-offer). */
export const draftSchema = z.pipe(
  fields(true),
  z.transform((v) => dropAbsent(v) as DraftOfferJson),
);

/** A publication (POST /apis/draft-offer/{token}): the draft rules plus every required field. */
export const publishSchema = z.pipe(
  fields(false),
  z.transform((v, ctx) => {
    const json = dropAbsent(v) as DraftOfferJson;
    const missing = missingFields(json);
    if (missing.length > 0) {
      ctx.issues.push({ code: 'custom', message: 'fill_all_required_fields', input: v, params: { fields: missing } });
    }
    return json;
  }),
);

/** The object without its absent keys (the stored JSON holds only what was given). */
function dropAbsent(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(v)) {
    if (value === undefined) continue;
    out[k] = value && typeof value === 'object' && !Array.isArray(value) ? dropAbsent(value as Record<string, unknown>) : value;
  }
  return out;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The required fields a draft still lacks (the wizard's publication rule). */
export function missingFields(json: DraftOfferJson): string[] {
  const missing: string[] = [];
  for (const name of REQUIRED_FIELDS) {
    if (name === 'questions') {
      const filled = (json.questions ?? []).filter((q) => q.question.trim() !== '').length;
      if (filled < QUESTIONS_MIN) missing.push(name);
    } else if (name.startsWith('location.')) {
      const sub = name.slice('location.'.length) as keyof NonNullable<DraftOfferJson['location']>;
      if (isBlank(json.location?.[sub])) missing.push(name);
    } else if (isBlank(json[name as keyof DraftOfferJson])) {
      missing.push(name);
    }
  }
  return missing;
}
