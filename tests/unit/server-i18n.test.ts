// The server's messages for the staff console (config/i18n, keys console_*): Dutch is Dutch, the
// spec's literal texts stay in French, and every language fills the same placeholders.
import { describe, expect, it } from 'vitest';
import fr from '../../config/i18n/fr.js';
import en from '../../config/i18n/en.js';
import nl from '../../config/i18n/nl.js';
import { t } from '../../config/i18n/index.js';

const consoleKeys = (Object.keys(fr) as Array<keyof typeof fr>).filter((k) => k.startsWith('console_'));
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server console messages', () => {
  it('are translated in Dutch: no console text is the French or the English one', () => {
    expect(consoleKeys.length).toBeGreaterThan(10);
    for (const key of consoleKeys) {
      expect(nl[key], key).not.toBe(fr[key]);
      expect(nl[key], key).not.toBe(en[key]);
    }
  });

  it('fill the same placeholders in fr, en and nl', () => {
    for (const key of consoleKeys) {
      expect(placeholders(en[key]), key).toEqual(placeholders(fr[key]));
      expect(placeholders(nl[key]), key).toEqual(placeholders(fr[key]));
    }
  });

  it("keep the spec's literal texts in French and answer the identifier alert in Dutch", () => {
    expect(fr.console_identifier_not_allowed).toBe('Not allowed: {char} , allowed characters are: {allowed}');
    expect(fr.console_identifier_too_short).toBe('Identifier doit faire au moins 3 chars');
    expect(fr.console_bad_input).toBe('bad input');
    expect(t('nl', 'console_identifier_not_allowed', { char: 'é', allowed: 'abc' })).toBe('Niet toegestaan: é , toegestane tekens zijn: abc');
    expect(t('nl', 'console_bad_input')).toBe('ongeldige invoer');
  });
});
