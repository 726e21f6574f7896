// The portal's forms run the API's schemas (api/services/*/*.schema.ts) through checkForm, and
// show each code with the portal's own text.
import { describe, expect, it } from 'vitest';
import { applyFormSchema, interestFromApplyForm, landingFormSchema } from '../../api/services/applications/interest.schema.js';
import { resetPasswordFormSchema } from '../../api/services/identity/auth.schema.js';
import { feedbackFormSchema } from '../../api/services/applications/share.schema.js';
import { defaultPhonePrefix } from '../../models/rules/phone.js';
import { checkForm, formMessage } from '../../portal/app/lib/form.js';
import { deviceOf } from '../../portal/app/lib/device.js';

const valid = { email: 'lea.martin+job@example.fr', firstname: ' Léa ', lastname: 'Martin', phone_prefix: '+33', phone: '06 12-34 56 78', accept_cgu: 'on' };

describe('application form', () => {
  it('accepts a complete form, trims names and strips the phone to digits', () => {
    const r = checkForm(applyFormSchema, valid);
    expect(r.errors).toBeNull();
    expect(r.data).toMatchObject({ firstname: 'Léa', phone: '0612345678', phone_prefix: '+33' });
    expect(interestFromApplyForm(r.data!, 'ABC123')).toMatchObject({ job_code: 'ABC123', phone_number: '+330612345678', use_cv: false });
  });

  it('names each wrong field with its code, worded by the portal', () => {
    const r = checkForm(applyFormSchema, { email: 'lea@', firstname: ' ', lastname: '', phone_prefix: '+33', phone: '061234', accept_cgu: undefined });
    expect(r.errors).toEqual({
      email: 'invalid_email',
      firstname: 'firstname_required',
      lastname: 'lastname_required',
      phone: 'invalid_phone',
      accept_cgu: 'cgu_required',
    });
    expect(Object.values(r.errors!).map((c) => formMessage(c!))).toEqual(['err_email', 'err_firstname', 'err_lastname', 'err_phone', 'err_cgu']);
  });

  it('rejects addresses outside the standard pattern', () => {
    for (const email of ['a b@x.fr', 'a@x', 'é@x.fr', 'a@x..fr']) expect(checkForm(applyFormSchema, { ...valid, email }).errors?.email, email).toBe('invalid_email');
  });

  it('defaults to +32 for Dutch or Belgian offers, +33 otherwise', () => {
    expect(defaultPhonePrefix({ lang: 'nl', country_iso: 'NL' })).toBe('+32');
    expect(defaultPhonePrefix({ lang: 'fr', country_iso: 'BE' })).toBe('+32');
    expect(defaultPhonePrefix({ lang: 'fr', country_iso: 'FR' })).toBe('+33');
  });
});

describe('landing step 2', () => {
  it('needs a valid email, both names, the terms and an offer', () => {
    expect(checkForm(landingFormSchema, { job_code: 'ABC123', email: 'a@b.fr', firstname: 'A', lastname: 'B', accept_cgu: 'on' }).errors).toBeNull();
    const r = checkForm(landingFormSchema, { job_code: '', email: 'x', firstname: '', lastname: 'B' });
    expect(r.errors).toEqual({ job_code: 'missing_parameters', email: 'invalid_email', firstname: 'firstname_required', accept_cgu: 'cgu_required' });
    expect(formMessage(r.errors!.job_code!)).toBe('err_required_fields');
  });

  it('tells iOS, Android and unknown devices apart', () => {
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64)')).toBe('unknown');
  });
});

describe('password reset form', () => {
  const problem = (password: string, confirm: string) => {
    const errors = checkForm(resetPasswordFormSchema, { password, confirm }).errors;
    return errors ? formMessage(Object.values(errors)[0]!) : null;
  };
  it('needs 6 characters with a letter and a digit in any script, and equal confirmation', () => {
    expect(problem('abc12', 'abc12')).toBe('reset_err_invalid_password');
    expect(problem('abcdef', 'abcdef')).toBe('reset_err_invalid_password');
    expect(problem('123456', '123456')).toBe('reset_err_invalid_password');
    expect(problem('abc123', 'abc124')).toBe('reset_not_identical');
    expect(problem('abc123', 'abc123')).toBeNull();
    expect(problem('éééééé1', 'éééééé1')).toBeNull();
    expect(problem('ابجدهو٣', 'ابجدهو٣')).toBeNull();
  });
});

describe('feedback form', () => {
  it('needs a name of 3 characters and a vote', () => {
    expect(checkForm(feedbackFormSchema, { name: 'Jo', feedback: '1' }).errors).toEqual({ name: 'feedback_name_too_short' });
    expect(checkForm(feedbackFormSchema, { name: 'Jeanne', feedback: undefined }).errors).toEqual({ feedback: 'feedback_vote_required' });
    expect(checkForm(feedbackFormSchema, { name: ' Jeanne ', feedback: '-1', comment: '' }).data).toEqual({ name: 'Jeanne', feedback: -1 });
  });
});
