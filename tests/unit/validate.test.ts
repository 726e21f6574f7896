// The one validation path: how a schema's first issue becomes the API's 400.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { parseInput } from '../../api/lib/validate.js';
import { AppError } from '../../api/lib/errors.js';
import { coded, text } from '../../models/rules/text.js';

const errorOf = (schema: z.core.$ZodType, value: unknown, options?: { withField?: boolean }) => {
  try {
    parseInput(schema, value, options);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    const err = e as AppError;
    return { status: err.status, code: err.code, key: err.messageKey, details: err.details };
  }
  throw new Error('parsed');
};

describe('parseInput', () => {
  const schema = z.object({
    name: text(5, { invalid: 'invalid_email', tooLong: 'field_too_long' }),
    place: z.object({ city: text(3, { invalid: coded('invalid_recruiter', 'recruiter_invalid') }) }),
    items: z.array(text(2, { invalid: 'questions_count' })),
  });

  it('answers the parsed value', () => {
    expect(parseInput(schema, { name: ' Léa ', place: { city: 'Ly' }, items: ['a'] })).toEqual({ name: 'Léa', place: { city: 'Ly' }, items: ['a'] });
  });

  it('turns the first issue into a 400 with its code, message key and field', () => {
    expect(errorOf(schema, { name: 'x\u0000', place: { city: 'Ly' }, items: [] })).toEqual({
      status: 400,
      code: 'invalid_email',
      key: 'invalid_email',
      details: { field: 'name' },
    });
    expect(errorOf(schema, { name: 'abcdef', place: { city: 'Lyon' }, items: [] }).code).toBe('field_too_long');
  });

  it('names nested fields with dots and array fields without the index', () => {
    expect(errorOf(schema, { name: 'a', place: { city: null }, items: [] })).toEqual({
      status: 400,
      code: 'invalid_recruiter',
      key: 'recruiter_invalid',
      details: { field: 'place.city' },
    });
    expect(errorOf(schema, { name: 'a', place: { city: 'a' }, items: ['ok', 'toolong'] }).details).toEqual({ field: 'items' });
  });

  it('gives validation_error for a message that is not a code, and can leave the field out', () => {
    expect(errorOf(z.object({ n: z.number() }), { n: 'x' }).code).toBe('validation_error');
    expect(errorOf(schema, { name: null }, { withField: false }).details).toBeUndefined();
  });
});
