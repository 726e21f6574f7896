// The shared rules and the interest schemas, as the browser uses them (no database, no server).
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { interestSchema } from '../../api/services/applications/interest.schema.js';
import { EMAIL_PATTERN } from '../../models/rules/email.js';
import { PHONE_PREFIXES, keepDigits, normalizePhone, phoneSearchDigits } from '../../models/rules/phone.js';
import { checkForm } from '../../portal/app/lib/form.js';

describe('normalizePhone', () => {
  it('reads prefix plus number and checks the national 10 digits', () => {
    expect(normalizePhone('+33 6 12 34 56 78')).toEqual({ prefix: '+33', national: '0612345678', e164: '+33612345678' });
    expect(normalizePhone('+33 (0)6 12 34 56 78')?.e164).toBe('+33612345678');
    expect(normalizePhone('0033612345678')?.e164).toBe('+33612345678');
    expect(normalizePhone('+262 692 12 34 56')?.national).toBe('0692123456');
    expect(normalizePhone('04 70 12 34 56', '+32')?.e164).toBe('+32470123456');
  });

  it('refuses numbers that are not 10 national digits, or an unsupported country', () => {
    for (const bad of ['', '0612', '612345678', '1234567890', '+33 6 12 34 56 78 9', '+49 151 12345678', 'x'.repeat(50)]) {
      expect(normalizePhone(bad), bad).toBeNull();
    }
  });

  it('gives a valid number for every prefix the form offers', () => {
    for (const prefix of PHONE_PREFIXES) expect(normalizePhone(`${prefix}0612345678`), prefix).not.toBeNull();
  });
});

describe('the other phone helpers have other names', () => {
  it('keepDigits keeps what the number input takes, phoneSearchDigits what search matches', () => {
    expect(keepDigits('06 12-34.56 78')).toBe('0612345678');
    expect(phoneSearchDigits('+33 6 12 34 56 78')).toBe('0612345678');
    expect(phoneSearchDigits('+44 20 7946 0958')).toBe('442079460958');
  });
});

describe('EMAIL_PATTERN', () => {
  it('is the spec pattern: letters, digits, . + - _ then @ and a dotted domain', () => {
    expect(EMAIL_PATTERN.test('a.b+c-d_e@x-y.example.fr')).toBe(true);
    for (const bad of ['a@b', 'a@b.', 'a!b@c.fr', 'a@b_c.fr', 'ab.fr']) expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
  });
});

describe('interestSchema', () => {
  it('names every failing field with its code, in form order', () => {
    expect(checkForm(interestSchema, { job_code: 'ABC123', email: 'x', firstname: ' ', lastname: 'B', phone_number: '1', accept_cgu: false }).errors).toEqual({
      email: 'invalid_email',
      firstname: 'firstname_required',
      phone_number: 'invalid_phone',
      accept_cgu: 'cgu_required',
    });
  });

  it('refuses a NUL byte, null and a text longer than its column', () => {
    const valid = { job_code: 'ABC123', email: 'a@b.fr', firstname: 'A', lastname: 'B', phone_number: '0612345678', accept_cgu: true };
    expect(checkForm(interestSchema, { ...valid, firstname: 'Lé\u0000a' }).errors).toEqual({ firstname: 'firstname_required' });
    expect(checkForm(interestSchema, { ...valid, lastname: null }).errors).toEqual({ lastname: 'lastname_required' });
    expect(checkForm(interestSchema, { ...valid, lastname: 'x'.repeat(121) }).errors).toEqual({ lastname: 'field_too_long' });
    expect(checkForm(interestSchema, { ...valid, email: 'a\u0000@b.fr' }).errors).toEqual({ email: 'invalid_email' });
  });

  it('gives the cleaned values the API stores', () => {
    const data = z.parse(interestSchema, {
      job_code: ' abc123 ',
      email: ' Lea@Example.FR',
      firstname: ' Léa ',
      lastname: 'Dupont',
      phone_number: '06 12 34 56 78',
      accept_cgu: 'on',
      cgu_from: 'Landing/Martin',
    });
    expect(data).toEqual({
      job_code: 'ABC123',
      email: 'lea@example.fr',
      firstname: 'Léa',
      lastname: 'Dupont',
      phone_number: '+33612345678',
      use_cv: false,
      accept_cgu: true,
      cgu_from: 'landing/martin',
    });
  });
});
