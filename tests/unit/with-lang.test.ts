// withLang: the one builder of language-keeping links (decision 280).
import { describe, expect, it } from 'vitest';
import { withLang } from '../../config/i18n/langs.js';

describe('withLang', () => {
  it.each([
    ['/candidate/apply/CAFE75', 'en', '/candidate/apply/CAFE75?lang=en'],
    ['/portal/franchise_demo/sub_1?lang=fr', 'en', '/portal/franchise_demo/sub_1?lang=en'],
    ['/draft/offer/tok/3?x=1&lang=nl&y=2#questions', 'en', '/draft/offer/tok/3?x=1&y=2&lang=en#questions'],
    ['https://example.test/portal/p/s?checkout={CHECKOUT_SESSION_ID}', 'nl', 'https://example.test/portal/p/s?checkout={CHECKOUT_SESSION_ID}&lang=nl'],
    ['/login#email=a%40b.c&code=123456', 'es', '/login?lang=es#email=a%40b.c&code=123456'],
    ['/?', 'fr', '/?lang=fr'],
  ])('%s in %s', (href, lang, expected) => {
    expect(withLang(href, lang)).toBe(expected);
  });

  it('leaves the link alone when the language is not one of ours', () => {
    expect(withLang('/terms', 'de')).toBe('/terms');
    expect(withLang('/terms', undefined)).toBe('/terms');
  });
});
