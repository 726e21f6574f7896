// The console's validation, made from the declarations: one zod schema per resource for create, one
// for update and one for the list filters. Every declared rule (required, min/max, minLength/maxLength,
// choices, normalize, type) is enforced here, and so are the column's own limits read from the model
// (NOT NULL, length in characters, TEXT's 65 535 bytes), so bad input answers 400 with the field's code
// instead of failing in the database. The first failing field decides the answer (api/lib/validate.ts).
import { z } from 'zod';
import { DataTypes, type ModelStatic, type Model } from 'sequelize';
import { models } from '../../models/index.js';
import { serverErrorOf, writableFields, type FieldDecl, type FilterDecl, type ResourceDecl } from '../../models/resources/index.js';
import { isEmail } from '../../models/rules/email.js';
import { coded, hasNul } from '../../models/rules/text.js';
import { parseDateBound, parseIsoDay } from '../../models/rules/dates.js';
import { parseInput } from '../lib/validate.js';
import { QUESTION_MAX_LENGTH } from '../../models/rules/questions.js';
import { normalizePhone } from '../../models/rules/phone.js';

/** What a failed check answers: a stable code, a message key of config/i18n, the field. */
export interface FieldError {
  code: string;
  message: string;
}
export const REQUIRED: FieldError = { code: 'required_field', message: 'fill_all_required_fields' };
export const INVALID: FieldError = { code: 'invalid_field', message: 'validation_error' };
/** A phone number that breaks the phone rule: the public forms' code and message (10 digits). */
const INVALID_PHONE: FieldError = { code: 'invalid_phone', message: 'invalid_phone' };
const INVALID_FILTER: FieldError = { code: 'invalid_filter', message: 'validation_error' };

/** The largest offset or page bound a list accepts (beyond it no list has rows). */
export const MAX_POSITION = 1_000_000_000;
const TEXT_BYTES = 65_535;

/** Where a check reports: the zod context and the field being checked. */
interface Ctx {
  zod: z.core.$RefinementCtx;
  field: string;
}
const fail = (ctx: Ctx, e: FieldError, extra: Record<string, unknown> = {}): never => {
  ctx.zod.addIssue({ code: 'custom', message: coded(e.code, e.message), path: [ctx.field], ...(Object.keys(extra).length ? { params: extra } : {}) });
  throw STOP;
};
/** Thrown by fail() to stop at the first failing field (the answer names one field). */
const STOP = Symbol('stop');

/** Runs the checks of each key in order; the first failure ends the parse with its issue. */
function checkAll(zod: z.core.$RefinementCtx, checks: [string, () => unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  try {
    for (const [field, check] of checks) {
      const v = check();
      if (v !== undefined) out[field] = v;
    }
  } catch (e) {
    if (e === STOP) return z.NEVER;
    throw e;
  }
  return out;
}

interface ColumnLimits {
  allowNull: boolean;
  chars?: number;
  bytes?: number;
}

export function modelOf(decl: ResourceDecl): ModelStatic<Model> {
  const model = (models as Record<string, ModelStatic<Model>>)[decl.model];
  if (!model) throw new Error(`console resource ${decl.name}: unknown model ${decl.model}`);
  return model;
}

/** NOT NULL and size of the column a field is stored in (none for JSON keys and computed fields). */
function limitsOf(decl: ResourceDecl, f: FieldDecl): ColumnLimits {
  if (f.from) return { allowNull: !f.required };
  const attr = modelOf(decl).getAttributes()[f.column ?? f.source];
  if (!attr) return { allowNull: !f.required };
  const type = attr.type as { key?: string; options?: { length?: number } };
  const limits: ColumnLimits = { allowNull: attr.allowNull !== false };
  if (type.key === DataTypes.STRING.key || type.key === DataTypes.CHAR.key) limits.chars = type.options?.length ?? 255;
  if (type.key === DataTypes.TEXT.key) limits.bytes = TEXT_BYTES;
  return limits;
}

function checkText(f: FieldDecl, limits: ColumnLimits, v: unknown, ctx: Ctx): string | null {
  if (typeof v !== 'string' || hasNul(v)) return fail(ctx, INVALID);
  let s = f.type === 'password' ? v : v.trim();
  if (f.normalize) {
    const { value, refused } = f.normalize.apply(s);
    if (refused !== null) return fail(ctx, serverErrorOf(f.normalize.refusedMessage), { char: refused, allowed: f.normalize.allowed });
    s = value;
  }
  const tooShort = f.minLengthMessage ? serverErrorOf(f.minLengthMessage) : INVALID;
  if (!s) return f.required ? fail(ctx, f.minLengthMessage ? tooShort : REQUIRED) : limits.allowNull ? null : '';
  if (f.type === 'phone') {
    // Stored as the phone rule gives it (E.164), as the public forms store theirs.
    const phone = normalizePhone(s);
    if (!phone) return fail(ctx, INVALID_PHONE);
    s = phone.e164;
  }
  if (f.minLength !== undefined && [...s].length < f.minLength) return fail(ctx, tooShort);
  const max = Math.min(f.maxLength ?? Infinity, limits.chars ?? Infinity);
  if ([...s].length > max || Buffer.byteLength(s) > (limits.bytes ?? TEXT_BYTES)) return fail(ctx, INVALID);
  if (f.type === 'email' && !isEmail(s)) return fail(ctx, INVALID);
  if (f.type === 'email') s = s.toLowerCase();
  if (f.type === 'color' && !/^#[0-9a-fA-F]{3,8}$/.test(s)) return fail(ctx, INVALID);
  if (f.type === 'day' && !isDay(s)) return fail(ctx, INVALID);
  return s;
}

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && parseIsoDay(s) === s;

function checkNumber(f: FieldDecl, v: unknown, ctx: Ctx): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  const ok = f.type === 'decimal' ? Number.isFinite(n) : Number.isSafeInteger(n);
  if (!ok || (f.min !== undefined && n < f.min) || (f.max !== undefined && n > f.max) || Math.abs(n) > 2_147_483_647) return fail(ctx, INVALID);
  return n;
}

/** One field's value: the stored form, or an issue with the field's code. */
function checkValue(decl: ResourceDecl, f: FieldDecl, v: unknown, ctx: Ctx): unknown {
  const limits = limitsOf(decl, f);
  if (v === null || v === undefined) {
    if (f.required) return fail(ctx, f.minLengthMessage ? serverErrorOf(f.minLengthMessage) : REQUIRED);
    return limits.allowNull ? null : fail(ctx, INVALID);
  }
  switch (f.type) {
    case 'number':
    case 'decimal':
      return checkNumber(f, v, ctx);
    case 'boolean':
      return typeof v === 'boolean' ? v : fail(ctx, INVALID);
    case 'enum': {
      const found = f.choices?.find((c) => String(c) === String(v));
      return found === undefined || typeof v === 'object' ? fail(ctx, INVALID) : found;
    }
    case 'date': {
      if (typeof v !== 'string' || hasNul(v) || v.length > 40) return fail(ctx, INVALID);
      return parseDateBound(v, false) ?? fail(ctx, INVALID);
    }
    case 'reference':
      if ((typeof v !== 'string' && typeof v !== 'number') || String(v).length > 64 || hasNul(String(v)) || String(v).trim() === '') {
        return f.required && (v === '' || (typeof v === 'string' && !v.trim())) ? fail(ctx, REQUIRED) : fail(ctx, INVALID);
      }
      return String(v).trim();
    case 'tags': {
      if (!Array.isArray(v) || v.length > (f.maxLength ?? 50)) return fail(ctx, INVALID);
      const tags = [...new Set(v)];
      if (!tags.every((t) => typeof t === 'string' && (!f.choices || f.choices.includes(t)))) return fail(ctx, INVALID);
      return tags;
    }
    case 'questions': {
      if (!Array.isArray(v)) return fail(ctx, INVALID);
      const texts = v.map((q) => (typeof q === 'string' ? q : (q as { question?: unknown } | null)?.question));
      if (!texts.every((q) => typeof q === 'string' && !hasNul(q) && q.trim().length <= QUESTION_MAX_LENGTH)) return fail(ctx, INVALID);
      if (texts.some((q) => !(q as string).trim())) return fail(ctx, REQUIRED);
      if (texts.length < (f.minLength ?? 0) || texts.length > (f.maxLength ?? Infinity)) return fail(ctx, INVALID);
      // Ids are the question's position, q1 to q5 (section 5).
      return texts.map((q, i) => ({ id: `q${i + 1}`, question: (q as string).trim() }));
    }
    case 'json': {
      const size = JSON.stringify(v)?.length ?? 0;
      return size > TEXT_BYTES || JSON.stringify(v).includes('\\u0000') ? fail(ctx, INVALID) : v;
    }
    default:
      return checkText(f, limits, v, ctx);
  }
}

const cache = new Map<string, z.ZodType<Record<string, unknown>>>();

/**
 * The body schema of a create or an update: the declared writable fields (others are dropped: the
 * console sends whole records back), each checked by its declaration and column. A create applies
 * the declared defaults and needs every required field; an update checks only what it sends.
 */
export function bodySchema(decl: ResourceDecl, mode: 'create' | 'edit'): z.ZodType<Record<string, unknown>> {
  const key = `${decl.name}:${mode}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const fields = writableFields(decl, mode);
  const schema = z.record(z.string(), z.unknown()).transform((input, zod) =>
    checkAll(
      zod,
      fields.map((f) => [
        f.source,
        () => {
          const ctx = { zod, field: f.source };
          const v = input[f.source];
          if (v === undefined && mode === 'edit') return undefined;
          if (v === undefined && f.default !== undefined) return checkValue(decl, f, structuredClone(f.default), ctx);
          return checkValue(decl, f, v, ctx);
        },
      ]),
    ),
  );
  cache.set(key, schema);
  return schema;
}

function checkFilter(f: FilterDecl, v: unknown, ctx: Ctx): unknown {
  const scalar = (x: unknown) => (typeof x === 'string' && x.length <= 200 && !hasNul(x)) || (typeof x === 'number' && Number.isFinite(x));
  switch (f.type) {
    case 'eq':
      if (!scalar(v)) return fail(ctx, INVALID_FILTER);
      if (f.choices && !f.choices.map(String).includes(String(v))) return fail(ctx, INVALID_FILTER);
      return typeof f.choices?.[0] === 'number' ? Number(v) : String(v);
    case 'in': {
      const list = ([] as unknown[]).concat(v);
      if (list.length > 1000 || !list.every(scalar)) return fail(ctx, INVALID_FILTER);
      return list.map(String);
    }
    case 'gte':
    case 'lte': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
      return Number.isSafeInteger(n) && Math.abs(n) <= MAX_POSITION ? n : fail(ctx, INVALID_FILTER);
    }
    case 'dateFrom':
    case 'dateTo': {
      if (typeof v !== 'string' || v.length > 40 || hasNul(v)) return fail(ctx, INVALID_FILTER);
      return parseDateBound(v, f.type === 'dateTo') ?? fail(ctx, INVALID_FILTER);
    }
    case 'flag':
      if (v === true || v === 'true') return true;
      if (v === false || v === 'false') return false;
      return fail(ctx, INVALID_FILTER);
    default:
      return scalar(v) ? String(v).trim() : fail(ctx, INVALID_FILTER);
  }
}

/**
 * The filter schema of a list: each declared filter checked by its type (dates parsed, ranges as
 * integers, choices), a declared reference field as an id (getManyReference), the keyset cursor as
 * text; anything else is dropped. Empty values mean "no filter".
 */
export function filterSchema(decl: ResourceDecl): z.ZodType<Record<string, unknown>> {
  const key = `${decl.name}:filter`;
  const hit = cache.get(key);
  if (hit) return hit;
  const checks = new Map<string, (v: unknown, ctx: Ctx) => unknown>();
  for (const f of decl.filters) checks.set(f.source, (v, ctx) => checkFilter(f, v, ctx));
  for (const f of decl.fields) {
    if (f.type === 'reference' && !checks.has(f.source)) checks.set(f.source, (v, ctx) => checkFilter({ source: f.source, type: 'eq' }, v, ctx));
  }
  checks.set('after', (v, ctx) => (typeof v === 'string' && v.length <= 200 && v.includes('|') && !hasNul(v) ? v : fail(ctx, INVALID_FILTER)));
  const schema = z.record(z.string(), z.unknown()).transform((input, zod) =>
    checkAll(
      zod,
      [...checks].map(([source, check]) => [
        source,
        () => {
          const v = input[source];
          return v === undefined || v === null || v === '' ? undefined : check(v, { zod, field: source });
        },
      ]),
    ),
  );
  cache.set(key, schema);
  return schema;
}

/** Parses with a console schema through the API's one validation path (api/lib/validate.ts). */
export function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown): T {
  return parseInput(schema, input) as T;
}
