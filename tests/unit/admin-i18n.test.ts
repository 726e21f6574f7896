import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { fr } from '../../admin/src/i18n/fr.js';
import { en } from '../../admin/src/i18n/en.js';
import { nl } from '../../admin/src/i18n/nl.js';
import { browserLocale, CATALOGS, LOCALES, overlay } from '../../admin/src/i18n/locales.js';
import { RESOURCES } from '../../admin/resources/index.js';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

const lookup = (o: object, key: string): unknown => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o);

describe('console translations', () => {
  it('French, English and Dutch catalogs hold the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(fr).sort());
    expect(keys(nl).sort()).toEqual(keys(fr).sort());
  });

  it('every declared field and filter has a label, every declared message a text, and the spec texts are there', () => {
    const all = new Set(keys(fr));
    for (const r of RESOURCES) {
      for (const f of r.fields) expect(all, `${r.name}.${f.source}`).toContain(`resources.${r.name}.fields.${f.source}`);
      for (const f of r.filters) expect(all, `${r.name}.${f.source}`).toContain(`resources.${r.name}.fields.${f.source}`);
      for (const f of r.fields) {
        for (const key of [f.normalize?.refusedMessage, f.minLengthMessage].filter((k): k is string => k !== undefined)) {
          expect(all, `${r.name}.${f.source}: ${key}`).toContain(key);
        }
      }
    }
    expect(fr.console.not_admin).toBe('Le site est en cours de développement, merci de votre patience.');
    expect(fr.console.found).toMatch(/trouvés$/);
    expect(fr.console.no_action).toBe('Aucune action selectionné');
    expect(fr.console.identifier_not_allowed).toBe('Not allowed: %{char} , allowed characters are: %{allowed}');
    expect(fr.console.identifier_too_short).toBe('Identifier doit faire au moins 3 chars');
  });

  it('Dutch is Dutch: the spec texts given in French or English are translated, not copied', () => {
    for (const key of ['console.not_admin', 'console.no_action', 'console.identifier_not_allowed', 'console.identifier_too_short', 'console.load_more']) {
      expect(lookup(nl, key), key).not.toBe(lookup(fr, key));
      expect(lookup(nl, key), key).not.toBe(lookup(en, key));
    }
  });

  it("gives every locale all of react-admin's messages: Dutch ones from ra-language-dutch, the rest in English", () => {
    const raKeys = keys(englishMessages);
    for (const { locale } of LOCALES) {
      for (const key of raKeys) expect(typeof lookup(CATALOGS[locale], key), `${locale} ${key}`).toBe('string');
    }
    expect(lookup(CATALOGS.nl, 'ra.action.save')).toBe('Opslaan');
    expect(lookup(CATALOGS.fr, 'ra.action.save')).toBe('Enregistrer');
    // A message react-admin 5 added after the Dutch package's version.
    expect(lookup(CATALOGS.nl, 'ra.action.select_all_button')).toBe(lookup(englishMessages, 'ra.action.select_all_button'));
    expect(lookup(CATALOGS.nl, 'console.not_admin')).toBe(nl.console.not_admin);
  });

  it('overlays catalogs key by key', () => {
    expect(overlay({ a: { b: '1', c: '2' }, d: '3' }, { a: { c: 'x' } })).toEqual({ a: { b: '1', c: 'x' }, d: '3' });
  });

  it("starts in the browser's language: nl-* Dutch, en-* and es-* English, anything else French", () => {
    expect(browserLocale(['nl-BE', 'fr'])).toBe('nl');
    expect(browserLocale(['nl'])).toBe('nl');
    expect(browserLocale(['en-GB'])).toBe('en');
    expect(browserLocale(['es-ES', 'nl'])).toBe('en');
    expect(browserLocale(['fr-FR'])).toBe('fr');
    expect(browserLocale(['de-DE', 'nl'])).toBe('fr');
    expect(browserLocale([])).toBe('fr');
  });
});
