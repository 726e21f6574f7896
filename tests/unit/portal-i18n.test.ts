// The portal's three catalogs hold the same keys, no empty text, and the same placeholders.
import { describe, expect, it } from 'vitest';
import fr from '../../portal/app/i18n/fr.js';
import nl from '../../portal/app/i18n/nl.js';
import en from '../../portal/app/i18n/en.js';
import { messagesFor } from '../../portal/app/i18n/catalogs.server.js';
import { makeT } from '../../portal/app/i18n/index.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('portal catalogs', () => {
  it('have the same keys in fr, nl and en', () => {
    const keys = Object.keys(fr).sort();
    expect(Object.keys(nl).sort()).toEqual(keys);
    expect(Object.keys(en).sort()).toEqual(keys);
  });

  it('have no empty text and the same placeholders in every language', () => {
    for (const [key, text] of Object.entries(fr) as Array<[keyof typeof fr, string]>) {
      for (const other of [nl, en]) {
        expect(other[key].trim(), key).not.toBe('');
        expect(placeholders(other[key]), key).toEqual(placeholders(text));
      }
    }
  });

  it('give Spanish visitors the English texts and fill placeholders', () => {
    expect(messagesFor('es')).toBe(en);
    expect(makeT(messagesFor('fr'))('landing_step', { n: 2 })).toBe('Étape 2/2');
    expect(makeT(messagesFor('nl'))('feedback_max_views')).toContain('Maximaal aantal weergaven');
    expect(makeT(messagesFor('en'))('feedback_max_views')).toBe('Maximum views reached. Contact the recruiter for a new link.');
  });
});
