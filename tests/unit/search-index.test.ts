// The search tokens (decision 300): what is stored for a user or an offer, and what a search box's text asks for.
import { describe, expect, it } from 'vitest';
import { TERM_MAX, TOKEN_MAX, WORDS_MAX, emailKey, emailKeys, fold, offerWords, tokensOf, userWords, wordsText } from '../../models/search/tokens.js';
import { parseSearch, phoneQueryDigits, searchTerms, termOf } from '../../models/search/query.js';
import { phoneSearchDigits as phoneDigits } from '../../models/rules/phone.js';

const userTokens = (u: Parameters<typeof userWords>[0]) => tokensOf(userWords(u));
const offerTokens = (o: Parameters<typeof offerWords>[0]) => tokensOf(offerWords(o));

describe('search tokens', () => {
  it('folds case and accents, so Zoé, ZOE and zoe are one word', () => {
    expect(fold('Zoé ÉLODIE Ñúñez')).toBe('zoe elodie nunez');
    expect(searchTerms('ZOÉ')).toEqual([{ pattern: '%zoe%', tokens: ['zoe'] }]);
  });

  it("stores every sequence of three inside a word and each word's first one and two letters", () => {
    const tokens = userTokens({ name: 'Boulangerie Li', email: null, phone: null });
    expect(tokens.sort()).toEqual(['b', 'bo', 'bou', 'oul', 'ula', 'lan', 'ang', 'nge', 'ger', 'eri', 'rie', 'l', 'li'].sort());
  });

  it('splits the email into its local words and every domain label', () => {
    expect(userWords({ name: '', email: 'marie.dupont42@acme-retail.fr', phone: null })).toEqual(['marie', 'dupont42', 'acme', 'retail', 'fr']);
  });

  it('keeps a phone number as digits, French international forms in national form, typed or stored', () => {
    expect(phoneDigits('+33 6 12 34 56 78')).toBe('0612345678');
    expect(phoneDigits('0033612345678')).toBe('0612345678');
    expect(phoneDigits('06.12.34.56.78')).toBe('0612345678');
    expect(phoneDigits('+44 20 7946 0958')).toBe('442079460958');
    expect(userWords({ name: '', email: null, phone: '+33 6 12 34 56 78' })).toEqual(['0612345678']);
    expect(phoneQueryDigits('+33 6 12')).toBe('0612');
    expect(phoneQueryDigits('+33 (0)6 12')).toBe('0612');
    expect(phoneQueryDigits('0033 612')).toBe('0612');
    expect(searchTerms('06 12 34')).toEqual([termOf('061234')]);
    expect(searchTerms('+33 6 12 34 56 78')).toEqual([termOf('0612345678')]);
    expect(searchTerms('12 34')).toEqual([termOf('1234')]);
  });

  it('finds a word of three or more anywhere, a shorter one at the start of a word', () => {
    expect(termOf('langer')).toEqual({ pattern: '%langer%', tokens: ['lan', 'ang', 'nge', 'ger'] });
    expect(termOf('li')).toEqual({ pattern: '% li%', tokens: ['li'] });
    expect(termOf('x')).toEqual({ pattern: '% x%', tokens: ['x'] });
    expect(termOf('a'.repeat(100)).pattern).toBe(`%${'a'.repeat(TERM_MAX)}%`);
  });

  it('indexes offers by job code, title, company, city, zip code and description', () => {
    const tokens = offerTokens({ job_code: 'AB12CD', title: 'Boulanger H/F', company_name: 'Fournil Saint-Éloi', city: 'Lille', zip_code: '59000', description: 'Pétrissage et façonnage' });
    expect(tokens).toEqual(expect.arrayContaining(['ab1', '2cd', 'ang', 'eloi'.slice(1), 'lil', '590', '000', 'pet', 'sag', 'fac', 'age']));
  });

  it("keeps all of a record's words in one text, each after a space", () => {
    expect(wordsText(userWords({ name: 'Zoé Martin', email: 'zoe.martin7@acme.fr', phone: '06 12' }))).toBe(' zoe martin martin7 acme fr 0612 ');
    expect(wordsText(offerWords({ title: 'x'.repeat(WORDS_MAX) })).length).toBeGreaterThan(WORDS_MAX);
  });

  it('reads a search box: user id, email, phone number or words; punctuation alone is no term', () => {
    expect(parseSearch(' 6F1C2B3A-0000-4000-8000-00000000000A ')).toEqual({ kind: 'id', id: '6f1c2b3a-0000-4000-8000-00000000000a' });
    expect(parseSearch('Marie.Dupont@ACME')).toEqual({
      kind: 'terms',
      terms: [termOf('marie'), termOf('dupont'), termOf('acme')],
      email: 'marie.dupont@acme',
      emailKey: '@tnopud.eiram',
    });
    // No key without a part before the '@', nor for one an address cannot have (the walk is then a sequence's).
    expect(parseSearch('@example')).toEqual({ kind: 'terms', terms: [termOf('example')], email: '@example' });
    expect(parseSearch('jean→dupont@acme')).toEqual({ kind: 'terms', terms: [termOf('jean'), termOf('dupont'), termOf('acme')], email: 'jean→dupont@acme' });
    expect(parseSearch('a@b')).toEqual({ kind: 'emailPrefix', prefix: 'a@b' });
    expect(parseSearch('Jean  Martin')).toEqual({ kind: 'terms', terms: [termOf('jean'), termOf('martin')] });
    expect(parseSearch('--')).toEqual({ kind: 'terms', terms: [] });
    expect(parseSearch('%_')).toEqual({ kind: 'terms', terms: [] });
    expect(parseSearch('06 12')).toEqual({ kind: 'terms', terms: [termOf('0612')] });
  });
});

describe('address keys', () => {
  it('are the part before the @, folded, other characters as dots, reversed, after @, cut to the token column', () => {
    expect(emailKeys('Jean.Dupont12@Example.com')).toEqual(['@21tnopud.naej']);
    expect(emailKey('é_x+y-z')).toBe('@z.y.x.e');
    expect(emailKeys('a@b@c.fr')).toEqual(['@a', '@b.a']);
    expect(emailKeys(null)).toEqual([]);
    expect(emailKey('x'.repeat(100))).toBe(`@${'x'.repeat(TOKEN_MAX - 1)}`);
  });

  it('of an address start with the key of any text its part before the @ ends with (the search range)', () => {
    for (const [address, typed] of [
      ['jean.dupont12@example.com', 'n.dupont12'],
      ['jean.dupont12@example.com', 'JEAN.DUPONT12'],
      ['jean.dupont12@example.com', '2'],
      [`${'abcdefghij'.repeat(5)}@x.fr`, `${'abcdefghij'.repeat(4)}`],
    ]) {
      expect(emailKeys(address)[0].startsWith(emailKey(typed)), `${address} ${typed}`).toBe(true);
    }
    // Not an ending: outside the range.
    expect(emailKeys('jean.dupont123@example.com')[0].startsWith(emailKey('dupont12'))).toBe(false);
  });

  it("are stored with the words' tokens of a user, never like a word token", () => {
    expect(tokensOf(userWords({ email: 'a.b@c.fr' })).some((t) => t.startsWith('@'))).toBe(false);
  });
});
