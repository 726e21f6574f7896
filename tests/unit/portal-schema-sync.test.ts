// The portal's browser copies of the API's email pattern and phone prefixes stay equal to the
// API's (the portal keeps copies to stay off full zod in the browser: decision 052).
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN as API_EMAIL, PHONE_COUNTRY_CODES, normalizePhone } from '../../api/services/interest.schema.js';
import { EMAIL_PATTERN, PHONE_PREFIXES } from '../../portal/app/lib/apply-form.js';

describe('portal form rules and the API', () => {
  it('use the same email pattern', () => {
    for (const email of ['a.b+c_d-e@x.fr', 'a@b', 'a b@x.fr', 'a@x..fr', 'é@x.fr', 'a@x-y.co.uk']) {
      expect(EMAIL_PATTERN.test(email), email).toBe(API_EMAIL.test(email));
    }
  });

  it('offer exactly the prefixes the API accepts, each giving a valid number', () => {
    expect([...PHONE_PREFIXES].map((p) => p.slice(1)).sort()).toEqual([...PHONE_COUNTRY_CODES].sort());
    for (const prefix of PHONE_PREFIXES) expect(normalizePhone(`${prefix}0612345678`), prefix).not.toBeNull();
  });
});
