// The search tokens: what is stored for a user or an offer, and what a search box's text asks for.
import { describe, expect, it } from 'vitest';
import { TOKEN_MAX, fold, offerWords, parseSearch, prefixesOf, searchTokens, userWords, wordsText } from '../../models/search-index.js';
import { phoneSearchDigits as phoneDigits } from '../../models/rules/phone.js';

const userTokens = (u: Parameters<typeof userWords>[0]) => prefixesOf(userWords(u));
const offerTokens = (o: Parameters<typeof offerWords>[0]) => prefixesOf(offerWords(o));

describe('search tokens', () => {
  it('folds case and accents, so Zoé, ZOE and zoe are one word', () => {
    expect(fold('Zoé ÉLODIE Ñúñez')).toBe('zoe elodie nunez');
    expect(searchTokens('ZOÉ')).toEqual(['zoe']);
  });

  it('stores every leading part of a word from three characters, short words whole', () => {
    const tokens = userTokens({ name: 'Jean-Luc Li', email: null, phone: null });
    expect(tokens).toEqual(expect.arrayContaining(['jea', 'jean', 'luc', 'li']));
    expect(tokens).not.toContain('je');
    expect(tokens).not.toContain('l');
  });

  it('splits the email: local words and domain labels but the last', () => {
    const tokens = userTokens({ name: '', email: 'marie.dupont42@acme-retail.fr', phone: null });
    expect(tokens).toEqual(expect.arrayContaining(['marie', 'dupont42', 'dup', 'acme', 'retail']));
    expect(tokens).not.toContain('fr');
  });

  it('keeps a phone number as digits, French international forms in national form', () => {
    expect(phoneDigits('+33 6 12 34 56 78')).toBe('0612345678');
    expect(phoneDigits('0033612345678')).toBe('0612345678');
    expect(phoneDigits('06.12.34.56.78')).toBe('0612345678');
    expect(phoneDigits('+44 20 7946 0958')).toBe('442079460958');
    const tokens = userTokens({ name: '', email: null, phone: '+33 6 12 34 56 78' });
    expect(tokens).toEqual(expect.arrayContaining(['061', '061234', '0612345678']));
    expect(searchTokens('06 12 34')).toEqual(['061234']);
    expect(searchTokens('+33 6 12 34 56 78')).toEqual(['0612345678']);
  });

  it('cuts long words at the token length, on both sides', () => {
    const long = 'a'.repeat(50);
    const tokens = userTokens({ name: long, email: null, phone: null });
    expect(Math.max(...tokens.map((t) => t.length))).toBe(TOKEN_MAX);
    expect(searchTokens(long)).toEqual(['a'.repeat(TOKEN_MAX)]);
  });

  it('indexes offers by job code, title, company, city and zip code', () => {
    const tokens = offerTokens({ job_code: 'AB12CD', title: 'Boulanger H/F', company_name: 'Fournil Saint-Éloi', city: 'Lille', zip_code: '59000' });
    expect(tokens).toEqual(expect.arrayContaining(['ab12cd', 'boulanger', 'bou', 'fournil', 'eloi', 'lille', '59000', '590']));
  });

  it("keeps all of a record's words in one text, each after a space", () => {
    expect(wordsText(userWords({ name: 'Zoé Martin', email: 'zoe.martin7@acme.fr', phone: '06 12' }))).toBe(' zoe martin martin7 acme 0612 ');
  });

  it('reads a search box: user id, email prefix, phone number or words', () => {
    expect(parseSearch(' 6F1C2B3A-0000-4000-8000-00000000000A ')).toEqual({ kind: 'id', id: '6f1c2b3a-0000-4000-8000-00000000000a' });
    expect(parseSearch('Marie.Dupont@ACME')).toEqual({ kind: 'email', prefix: 'marie.dupont@acme' });
    expect(parseSearch('Jean  Martin')).toEqual({ kind: 'tokens', tokens: ['jean', 'martin'] });
    expect(parseSearch('--')).toEqual({ kind: 'tokens', tokens: [] });
    expect(parseSearch('06 12')).toEqual({ kind: 'tokens', tokens: ['0612'] });
  });
});
