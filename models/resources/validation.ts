// The zod schemas of a console resource, derived from its declaration: one schema per field (its type,
// required, min/max, minLength/maxLength, choices, normalize), an object of them for a create or an
// update body, and one for the list filters. Browser-safe (zod/mini, no model): the server adds each
// column's own limits (api/console/validation.ts passes `limitsOf`), the manager-area forms run the
// same schema before saving (admin/src/manager/). Every check answers a stable code and message key
// (config/i18n) in the issue's message, which api/lib/validate.ts turns into the 400; an object's
// first failing field (in declaration order) decides the answer. Decision 350.
import * as z from 'zod/mini';
import { serverErrorOf, writableFields, type ActionDecl, type FieldDecl, type FilterDecl, type ResourceDecl } from './schema.js';
import { isEmail } from '../rules/email.js';
import { coded, hasLoneSurrogate, hasNul } from '../rules/text.js';
import { parseDateBound, parseIsoDay } from '../rules/dates.js';
import { QUESTION_MAX_LENGTH, VIDEO_QUESTIONS_MIN, readQuestionType, videoCount } from '../rules/questions.js';
import { normalizePhone } from '../rules/phone.js';

/** What a failed check answers: a stable code, a message key of config/i18n. */
export interface FieldError {
  code: string;
  message: string;
}
export const REQUIRED: FieldError = { code: 'required_field', message: 'fill_all_required_fields' };
export const INVALID: FieldError = { code: 'invalid_field', message: 'validation_error' };
export const INVALID_FILTER: FieldError = { code: 'invalid_filter', message: 'validation_error' };
/** A phone number that breaks the phone rule: the public forms' code and message (10 digits). */
const INVALID_PHONE: FieldError = { code: 'invalid_phone', message: 'invalid_phone' };

/** The largest offset or page bound a list accepts (beyond it no list has rows). */
export const MAX_POSITION = 1_000_000_000;
/** A TEXT column's size in bytes (MariaDB), also the cap of a JSON value. */
export const TEXT_BYTES = 65_535;

/** A column's NOT NULL and size; without a model (the browser) the declaration's own. */
export interface ColumnLimits {
  allowNull: boolean;
  chars?: number;
  bytes?: number;
}
export type LimitsOf = (f: FieldDecl) => ColumnLimits;
export const declaredLimits: LimitsOf = (f) => ({ allowNull: !f.required });

type Ctx = z.core.ParsePayload<unknown>;

/** Records a failed check as the field's issue and ends its parse. */
function refuse(ctx: Ctx, e: FieldError, params?: Record<string, unknown>): never {
  ctx.issues.push({ code: 'custom', message: coded(e.code, e.message), input: ctx.value, ...(params ? { params } : {}) });
  return z.NEVER;
}

/** A schema of one value: `check` returns the stored form or calls refuse(). */
const checked = <T>(check: (v: unknown, ctx: Ctx) => T) =>
  z.pipe(
    z.unknown(),
    z.transform((v: unknown, ctx) => check(v, ctx as unknown as Ctx)),
  );

/** A zod schema's first issue carried over to the enclosing field. */
function through(schema: z.core.$ZodType, v: unknown, ctx: Ctx): unknown {
  const r = z.safeParse(schema, v);
  if (r.success) return r.data;
  ctx.issues.push({ ...r.error.issues[0], input: v } as never);
  return z.NEVER;
}

const message = (e: FieldError) => coded(e.code, e.message);
const chars = (s: string) => [...s].length;
const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && parseIsoDay(s) === s;
const requiredError = (f: FieldDecl) => (f.minLengthMessage ? serverErrorOf(f.minLengthMessage) : REQUIRED);

/** string, text, email, phone, color, day, password, image: trimmed (passwords kept), normalized, sized. */
function textSchema(f: FieldDecl, limits: ColumnLimits) {
  const tooShort = f.minLengthMessage ? serverErrorOf(f.minLengthMessage) : INVALID;
  const max = Math.min(f.maxLength ?? Infinity, limits.chars ?? Infinity);
  const bytes = limits.bytes ?? TEXT_BYTES;
  return z.pipe(
    z.string(message(INVALID)).check(z.refine((s: string) => !hasNul(s) && !hasLoneSurrogate(s), { message: message(INVALID), abort: true })),
    z.transform((raw: string, zctx) => {
      const ctx = zctx as unknown as Ctx;
      let s = f.type === 'password' ? raw : raw.trim();
      if (f.normalize) {
        const { value, refused } = f.normalize.apply(s);
        if (refused !== null) return refuse(ctx, serverErrorOf(f.normalize.refusedMessage), { char: refused, allowed: f.normalize.allowed });
        s = value;
      }
      if (!s) return f.required ? refuse(ctx, requiredError(f)) : limits.allowNull ? null : '';
      if (f.type === 'phone') {
        // Stored as the phone rule gives it (E.164), as the public forms store theirs.
        const phone = normalizePhone(s);
        if (!phone) return refuse(ctx, INVALID_PHONE);
        s = phone.e164;
      }
      if (f.minLength !== undefined && chars(s) < f.minLength) return refuse(ctx, tooShort);
      if (chars(s) > max || utf8Bytes(s) > bytes) return refuse(ctx, INVALID);
      if (f.type === 'email') {
        if (!isEmail(s)) return refuse(ctx, INVALID);
        s = s.toLowerCase();
      }
      if (f.type === 'color' && !/^#[0-9a-fA-F]{3,8}$/.test(s)) return refuse(ctx, INVALID);
      if (f.type === 'url' && !isHttpUrl(s)) return refuse(ctx, INVALID);
      if (f.type === 'day' && !isDay(s)) return refuse(ctx, INVALID);
      return s;
    }),
  );
}

/** number, decimal: a number or its decimal text, within the declared bounds and an INT column's. */
function numberSchema(f: FieldDecl) {
  const bad = message(INVALID);
  const checks: z.core.$ZodCheck<number>[] = [z.refine((n: number) => (f.type === 'decimal' ? Number.isFinite(n) : Number.isSafeInteger(n)), bad)];
  if (f.min !== undefined) checks.push(z.gte(f.min, bad));
  if (f.max !== undefined) checks.push(z.lte(f.max, bad));
  checks.push(z.refine((n: number) => Math.abs(n) <= 2_147_483_647, bad));
  return z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? (/^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN) : v)),
    z.number(bad).check(...checks),
  );
}

/** One of the declared choices, compared as text (a select sends "3" for 3), stored as declared. */
const enumSchema = (f: FieldDecl) =>
  checked((v, ctx) => {
    const found = typeof v === 'object' ? undefined : f.choices?.find((c) => String(c) === String(v));
    return found === undefined ? refuse(ctx, INVALID) : found;
  });

/** At most maxLength (default 50) distinct tags, each one of the choices when declared. */
const tagsSchema = (f: FieldDecl) =>
  z.pipe(
    z.array(z.string(message(INVALID)).check(z.refine((t: string) => !f.choices || f.choices.includes(t), message(INVALID))), message(INVALID)).check(z.maxLength(f.maxLength ?? 50, message(INVALID))),
    z.transform((tags: string[]) => [...new Set(tags)]),
  );

/**
 * minLength to maxLength questions (texts or { question, type, options }), each 1 to
 * QUESTION_MAX_LENGTH characters, ids q1..qn (section 5); their types and a choice's options
 * (decision 455), at least one video question.
 */
const questionsSchema = (f: FieldDecl) =>
  checked((v, ctx) => {
    if (!Array.isArray(v)) return refuse(ctx, INVALID);
    const texts = v.map((q) => (typeof q === 'string' ? q : (q as { question?: unknown } | null)?.question));
    if (!texts.every((q) => typeof q === 'string' && !hasNul(q) && q.trim().length <= QUESTION_MAX_LENGTH)) return refuse(ctx, INVALID);
    if (texts.some((q) => !(q as string).trim())) return refuse(ctx, REQUIRED);
    if (texts.length < (f.minLength ?? 0) || texts.length > (f.maxLength ?? Infinity)) return refuse(ctx, INVALID);
    const types = v.map((q) => readQuestionType(q));
    for (const typed of types) if ('problem' in typed) return refuse(ctx, { code: typed.problem, message: typed.problem });
    const out = texts.map((q, i) => {
      const typed = types[i] as Exclude<ReturnType<typeof readQuestionType>, { problem: string }>;
      return { id: `q${i + 1}`, question: (q as string).trim(), ...(typed.type === 'video' ? {} : typed) };
    });
    if (videoCount(out) < VIDEO_QUESTIONS_MIN) return refuse(ctx, { code: 'questions_video_required', message: 'questions_video_required' });
    return out;
  });

/** An id of another record: a text or a number of at most 64 characters. */
const referenceSchema = (f: FieldDecl) =>
  checked((v, ctx) => {
    if ((typeof v !== 'string' && typeof v !== 'number') || String(v).length > 64 || hasNul(String(v)) || String(v).trim() === '') {
      return f.required && typeof v === 'string' && !v.trim() ? refuse(ctx, REQUIRED) : refuse(ctx, INVALID);
    }
    return String(v).trim();
  });

const dateSchema = checked((v, ctx) => (typeof v !== 'string' || hasNul(v) || v.length > 40 ? refuse(ctx, INVALID) : (parseDateBound(v, false) ?? refuse(ctx, INVALID))));

const jsonSchema = checked((v, ctx) => {
  const text = JSON.stringify(v) ?? '';
  return text.length > TEXT_BYTES || text.includes('\\u0000') ? refuse(ctx, INVALID) : v;
});

function valueSchema(f: FieldDecl, limits: ColumnLimits): z.core.$ZodType {
  switch (f.type) {
    case 'number':
    case 'decimal':
      return numberSchema(f);
    case 'boolean':
      return z.boolean(message(INVALID));
    case 'enum':
      return enumSchema(f);
    case 'date':
      return dateSchema;
    case 'reference':
      return referenceSchema(f);
    case 'tags':
      return tagsSchema(f);
    case 'questions':
      return questionsSchema(f);
    case 'json':
      return jsonSchema;
    default:
      return textSchema(f, limits);
  }
}

/**
 * One field's schema: null or absent is the required message, null where the column takes it, else
 * refused; any other value is checked by the field's type.
 */
export function fieldSchema(f: FieldDecl, limits: ColumnLimits = declaredLimits(f)) {
  const value = valueSchema(f, limits);
  return checked((v, ctx) => {
    if (v === null || v === undefined) return f.required ? refuse(ctx, requiredError(f)) : limits.allowNull ? null : refuse(ctx, INVALID);
    return through(value, v, ctx);
  });
}

/**
 * The body schema of a create or an update: the declared writable fields (others are dropped: the
 * console sends whole records back). A create applies the declared defaults and needs every required
 * field; an update checks only what it sends.
 */
export function bodySchema(decl: ResourceDecl, mode: 'create' | 'edit', limitsOf: LimitsOf = declaredLimits) {
  const fields = writableFields(decl, mode);
  const shape = Object.fromEntries(fields.map((f) => [f.source, mode === 'edit' ? z.optional(fieldSchema(f, limitsOf(f))) : fieldSchema(f, limitsOf(f))]));
  const object = z.object(shape, message({ code: 'invalid_body', message: 'validation_error' }));
  if (mode === 'edit') return object as unknown as z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>;
  // A create sees every field: an absent one takes its declared default, else is checked as null.
  const withDefaults = z.transform((input: unknown) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
    const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const f of fields) if (out[f.source] === undefined) out[f.source] = f.default !== undefined ? structuredClone(f.default) : undefined;
    return out;
  });
  return z.pipe(withDefaults, object) as unknown as z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>;
}

/** One filter's value, checked by its type (empty values mean "no filter": absent from the output). */
function filterValueSchema(f: FilterDecl) {
  const scalar = (x: unknown) => (typeof x === 'string' && x.length <= 200 && !hasNul(x)) || (typeof x === 'number' && Number.isFinite(x));
  return checked((v, ctx) => {
    if (v === undefined || v === null || v === '') return undefined;
    switch (f.type) {
      case 'eq':
        if (!scalar(v) || (f.choices && !f.choices.map(String).includes(String(v)))) return refuse(ctx, INVALID_FILTER);
        return typeof f.choices?.[0] === 'number' ? Number(v) : String(v);
      case 'in': {
        const list = ([] as unknown[]).concat(v);
        return list.length > 1000 || !list.every(scalar) ? refuse(ctx, INVALID_FILTER) : list.map(String);
      }
      case 'gte':
      case 'lte': {
        const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
        return Number.isSafeInteger(n) && Math.abs(n) <= MAX_POSITION ? n : refuse(ctx, INVALID_FILTER);
      }
      case 'dateFrom':
      case 'dateTo':
        if (typeof v !== 'string' || v.length > 40 || hasNul(v)) return refuse(ctx, INVALID_FILTER);
        return parseDateBound(v, f.type === 'dateTo') ?? refuse(ctx, INVALID_FILTER);
      case 'flag':
        if (v === true || v === 'true') return true;
        if (v === false || v === 'false') return false;
        return refuse(ctx, INVALID_FILTER);
      default:
        return scalar(v) ? String(v).trim() : refuse(ctx, INVALID_FILTER);
    }
  });
}

/** The keyset cursor of a list: "<sort value>|<id>". */
const cursorSchema = checked((v, ctx) => {
  if (v === undefined || v === null || v === '') return undefined;
  return typeof v === 'string' && v.length <= 200 && v.includes('|') && !hasNul(v) ? v : refuse(ctx, INVALID_FILTER);
});

/**
 * The filter schema of a list: each declared filter checked by its type (dates parsed, ranges as
 * integers, choices), a declared reference field as an id (getManyReference), the keyset cursor
 * `after`; anything else is dropped, and so are empty values.
 */
export function filterSchema(decl: ResourceDecl) {
  const shape: Record<string, z.core.$ZodType> = {};
  for (const f of decl.filters) shape[f.source] = z.optional(filterValueSchema(f));
  for (const f of decl.fields) if (f.type === 'reference') shape[f.source] ??= z.optional(filterValueSchema({ source: f.source, type: 'eq' }));
  shape.after = z.optional(cursorSchema);
  return z.pipe(
    z.object(shape, message({ code: 'invalid_query', message: 'validation_error' })),
    z.transform((o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))),
  );
}

/** An action without input: its body must be an object (a JSON array or text is refused), whose keys are dropped. */
const NO_BODY = z.object({}, message({ code: 'invalid_body', message: 'validation_error' }));

/** The schema of an action's body: the declared one (loaded on first use), else none. */
export const actionBodySchema = async (action: ActionDecl): Promise<z.core.$ZodType> => (action.body ? await action.body() : NO_BODY);

/** An absolute http(s) address with a host. */
function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname;
  } catch {
    return false;
  }
}
