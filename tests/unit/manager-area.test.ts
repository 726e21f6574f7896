// The manager area's browser-safe rules: elapsed time since a last connection (d/h/m/s, unknown
// date), the pages of /manager (anything else is a 404) and the preferred job code typed in the
// bulk creation.
import { describe, expect, it } from 'vitest';
import { elapsedSince } from '../../models/rules/dates.js';
import { isManagerPage } from '../../models/resources/manager-area.js';

const now = new Date('2026-03-10T12:00:00Z');

describe('elapsedSince', () => {
  it('answers the largest whole unit', () => {
    expect(elapsedSince('2026-03-07T11:00:00Z', now)).toEqual({ value: 3, unit: 'd' });
    expect(elapsedSince('2026-03-10T07:30:00Z', now)).toEqual({ value: 4, unit: 'h' });
    expect(elapsedSince(new Date('2026-03-10T11:58:10Z'), now)).toEqual({ value: 1, unit: 'm' });
    expect(elapsedSince('2026-03-10T11:59:15Z', now)).toEqual({ value: 45, unit: 's' });
    expect(elapsedSince(now.getTime() / 1000 - 86_400, now)).toEqual({ value: 1, unit: 'd' });
    expect(elapsedSince('2026-03-10 10:00:00.000 +00:00', now)).toEqual({ value: 2, unit: 'h' });
  });
  it('counts a future moment as 0 s and answers null when unknown', () => {
    expect(elapsedSince('2026-03-11T00:00:00Z', now)).toEqual({ value: 0, unit: 's' });
    for (const v of [null, undefined, '', 'not a date']) expect(elapsedSince(v, now)).toBeNull();
  });
});

describe('isManagerPage', () => {
  it('knows the pages of section 2 and nothing else', () => {
    for (const p of ['', '/', 'home', 'offers', 'offers/', 'offer-create', 'templates', 'shops', 'subscriptions', 'offer/CAFE75', 'template/new', 'template/12', 'shop/new', 'subscription/3']) {
      expect(isManagerPage(p), p).toBe(true);
    }
    for (const p of ['anything-else', 'offer', 'offer/', 'offers/12', 'template/1/2', 'admin', 'home/x']) expect(isManagerPage(p), p).toBe(false);
  });
});

describe('preferred job code', async () => {
  const { PREFERRED_JOB_CODE, preferredJobCodeProblem, JOB_CODE_ALPHABET } = await import('../../models/rules/job-code.js');
  it('types uppercased, drops and names the first refused character', () => {
    expect(PREFERRED_JOB_CODE.apply('ab12c')).toEqual({ value: 'AB12C', refused: null });
    expect(PREFERRED_JOB_CODE.apply('boulo')).toEqual({ value: 'BL', refused: 'O' });
    expect(PREFERRED_JOB_CODE.apply('caf-é 75')).toEqual({ value: 'CAF75', refused: '-' });
    expect(JOB_CODE_ALPHABET).toHaveLength(33);
  });
  it('needs 5 characters of the alphabet', () => {
    expect(preferredJobCodeProblem('')).toBeNull();
    expect(preferredJobCodeProblem('ABCD')).toBe('manager.create.code_too_short');
    expect(preferredJobCodeProblem('ABCDE')).toBeNull();
    expect(preferredJobCodeProblem('ABCDO')).toBe('manager.create.code_not_allowed');
  });
});
