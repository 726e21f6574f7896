// The shared interest form schema, as the browser uses it (no database, no server).
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, interestErrors, interestSchema, normalizePhone } from '../../api/services/interest.schema.js';

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
});

describe('EMAIL_PATTERN', () => {
  it('is the spec pattern: letters, digits, . + - _ then @ and a dotted domain', () => {
    expect(EMAIL_PATTERN.test('a.b+c-d_e@x-y.example.fr')).toBe(true);
    for (const bad of ['a@b', 'a@b.', 'a!b@c.fr', 'a@b_c.fr', 'ab.fr']) expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
  });
});

describe('interestSchema', () => {
  it('lists every failing field with its message key, in form order', () => {
    expect(interestErrors({ job_code: 'ABC123', email: 'x', firstname: ' ', lastname: 'B', phone_number: '1', accept_cgu: false })).toEqual([
      { field: 'email', code: 'invalid_email' },
      { field: 'firstname', code: 'firstname_required' },
      { field: 'phone_number', code: 'invalid_phone' },
      { field: 'accept_cgu', code: 'cgu_required' },
    ]);
  });

  it('gives the cleaned values the API stores', () => {
    const data = interestSchema.parse({
      job_code: ' abc123 ', email: ' Lea@Example.FR', firstname: ' Léa ', lastname: 'Dupont', phone_number: '06 12 34 56 78', accept_cgu: 'on',
      cgu_from: 'Landing/Martin',
    });
    expect(data).toEqual({
      job_code: 'ABC123', email: 'lea@example.fr', firstname: 'Léa', lastname: 'Dupont', phone_number: '+33612345678',
      use_cv: false, accept_cgu: true, cgu_from: 'landing/martin',
    });
  });
});
