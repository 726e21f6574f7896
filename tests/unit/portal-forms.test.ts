// The portal's form schemas (shared by the browser and the Remix actions) and small rules.
import { describe, expect, it } from 'vitest';
import { checkApplyForm, defaultPrefix } from '../../portal/app/lib/apply-form.js';
import { checkLandingForm, deviceOf } from '../../portal/app/lib/landing-form.js';
import { passwordProblem } from '../../portal/app/lib/password-rule.js';

const valid = { email: 'lea.martin+job@example.fr', firstname: ' Léa ', lastname: 'Martin', phone_prefix: '+33', phone: '06 12-34 56 78', accept_cgu: 'on' };

describe('application form', () => {
  it('accepts a complete form, trims names and strips the phone to digits', () => {
    const r = checkApplyForm(valid);
    expect(r.errors).toBeNull();
    expect(r.data).toMatchObject({ firstname: 'Léa', phone: '0612345678', phone_prefix: '+33' });
  });

  it('names each wrong field with its message key', () => {
    const r = checkApplyForm({ email: 'lea@', firstname: ' ', lastname: '', phone_prefix: '+33', phone: '061234', accept_cgu: undefined });
    expect(r.errors).toEqual({
      email: 'err_email', firstname: 'err_firstname', lastname: 'err_lastname', phone: 'err_phone', accept_cgu: 'err_cgu',
    });
  });

  it('rejects addresses outside the standard pattern', () => {
    for (const email of ['a b@x.fr', 'a@x', 'é@x.fr', 'a@x..fr']) expect(checkApplyForm({ ...valid, email }).errors?.email, email).toBe('err_email');
  });

  it('defaults to +32 for Dutch or Belgian offers, +33 otherwise', () => {
    expect(defaultPrefix({ lang: 'nl', country_iso: 'NL' })).toBe('+32');
    expect(defaultPrefix({ lang: 'fr', country_iso: 'BE' })).toBe('+32');
    expect(defaultPrefix({ lang: 'fr', country_iso: 'FR' })).toBe('+33');
  });
});

describe('landing step 2', () => {
  it('needs a valid email, both names, the terms and an offer', () => {
    expect(checkLandingForm({ job_code: 'ABC123', email: 'a@b.fr', firstname: 'A', lastname: 'B', accept_cgu: 'on' }).errors).toBeNull();
    expect(checkLandingForm({ job_code: '', email: 'x', firstname: '', lastname: 'B' }).errors).toEqual({
      job_code: 'err_required_fields', email: 'err_email', firstname: 'err_firstname', accept_cgu: 'err_cgu',
    });
  });

  it('tells iOS, Android and unknown devices apart', () => {
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64)')).toBe('unknown');
  });
});

describe('password rule', () => {
  it('needs 6 characters with a letter and a digit, and equal confirmation', () => {
    expect(passwordProblem('abc12', 'abc12')).toBe('reset_err_invalid_password');
    expect(passwordProblem('abcdef', 'abcdef')).toBe('reset_err_invalid_password');
    expect(passwordProblem('123456', '123456')).toBe('reset_err_invalid_password');
    expect(passwordProblem('abc123', 'abc124')).toBe('reset_not_identical');
    expect(passwordProblem('abc123', 'abc123')).toBeNull();
  });
});
