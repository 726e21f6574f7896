import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { fr } from '../../admin/src/i18n/fr.js';
import { en } from '../../admin/src/i18n/en.js';
import { nl } from '../../admin/src/i18n/nl.js';
import { raNl } from '../../admin/src/i18n/ra-nl.js';
import { browserLocale, loadCatalog, LOCALES } from '../../admin/src/i18n/locales.js';
import { CATALOGS } from '../../admin/src/i18n/catalogs.js';
import { RESOURCES, screensOf } from '../../models/resources/index.js';

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

  it('labels every declared action, its confirmation and its result, and every stored value of an enumeration, in every language', () => {
    for (const catalog of [fr, nl, en]) {
      const all = new Set(keys(catalog));
      for (const r of RESOURCES) {
        // The generated show screen offers the declared actions (hand-written screens word their own).
        for (const a of screensOf(r).includes('show') ? (r.actions ?? []).filter((x) => !x.handWritten) : []) {
          for (const key of [a.name, `${a.name}_confirm`, ...(a.doneArgs ? [`${a.name}_done`] : [])]) expect(all, `${r.name} ${key}`).toContain(`resources.${r.name}.actions.${key}`);
        }
        for (const f of [...r.fields, ...r.filters].filter((x) => 'choices' in x && x.choices && !('choiceNames' in x && x.choiceNames))) {
          for (const c of f.choices!) expect(all, `${r.name} ${f.source} ${c}`).toContain(`resources.${r.name}.choices.${f.source}.${c}`);
        }
      }
    }
  });

  it('Dutch is Dutch: the spec texts given in French or English are translated, not copied', () => {
    for (const key of ['console.not_admin', 'console.no_action', 'console.identifier_not_allowed', 'console.identifier_too_short', 'console.load_more']) {
      expect(lookup(nl, key), key).not.toBe(lookup(fr, key));
      expect(lookup(nl, key), key).not.toBe(lookup(en, key));
    }
  });

  it("gives every locale all of react-admin's messages; the Dutch ones are ours, with exactly the English keys", () => {
    const raKeys = keys(englishMessages);
    expect(keys(raNl).sort()).toEqual([...raKeys].sort());
    for (const { locale } of LOCALES) {
      for (const key of raKeys) expect(typeof lookup(CATALOGS[locale], key), `${locale} ${key}`).toBe('string');
    }
    expect(lookup(CATALOGS.nl, 'ra.action.save')).toBe('Opslaan');
    expect(lookup(CATALOGS.fr, 'ra.action.save')).toBe('Enregistrer');
    // The messages react-admin 5 added are Dutch too, not English.
    expect(lookup(CATALOGS.nl, 'ra.action.select_all_button')).toBe('Alles selecteren');
    expect(lookup(CATALOGS.nl, 'console.not_admin')).toBe(nl.console.not_admin);
  });

  it("keeps react-admin's placeholders and plural forms in Dutch, and translates the texts", () => {
    const placeholders = (s: string) => [...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
    const same: string[] = [];
    for (const key of keys(englishMessages)) {
      const en = lookup(englishMessages, key) as string;
      const dutch = lookup(raNl, key) as string;
      expect(placeholders(dutch), key).toEqual(placeholders(en));
      expect(dutch.split('||||').length, key).toBe(en.split('||||').length);
      if (dutch === en) same.push(key);
    }
    // Only texts that read the same in both languages: placeholders alone, a blank, loanwords.
    expect(same.sort()).toEqual(['ra.boolean.null', 'ra.configurable.inspector.title', 'ra.message.details', 'ra.page.dashboard', 'ra.page.edit', 'ra.page.list', 'ra.page.show'].sort());
  });

  it('renders Dutch react-admin messages through the console provider, placeholders and plurals filled', () => {
    const translate = polyglotI18nProvider(() => CATALOGS.nl, 'nl').translate;
    expect(translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 25, total: 120 })).toBe('1-25 van 120');
    expect(translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 item geselecteerd');
    expect(translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 items geselecteerd');
    expect(translate('ra.notification.deleted', { smart_count: 2 })).toBe('2 elementen verwijderd');
    expect(translate('ra.page.create', { name: 'Vacature' })).toBe('Vacature aanmaken');
    expect(translate('ra.validation.minLength', { min: 4 })).toBe('Moet minstens 4 tekens hebben');
  });

  it("merges our keys over react-admin's, keeping react-admin's keys we do not set", () => {
    for (const [locale, ours] of [
      ['fr', fr],
      ['en', en],
      ['nl', nl],
    ] as const) {
      for (const key of keys(ours)) expect(lookup(CATALOGS[locale], key), `${locale} ${key}`).toBe(lookup(ours, key));
    }
    expect(lookup(CATALOGS.en, 'ra.action.save')).toBe('Save');
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
  it('names every resource in every language (the menu and list titles read resources.<name>.name, with no English inflection behind)', () => {
    for (const catalog of [fr, nl, en]) {
      for (const r of RESOURCES) expect(lookup(catalog, `resources.${r.name}.name`), r.name).toEqual(expect.stringContaining('||||'));
    }
  });

  it("loads the staff console's keys only in /admin, every key elsewhere, react-admin's under both (decision 420)", async () => {
    for (const locale of ['fr', 'nl', 'en'] as const) {
      const staff = await loadCatalog(locale, 'admin');
      const manager = await loadCatalog(locale, 'manager');
      const dashboard = await loadCatalog(locale, 'dashboard');
      expect(Object.keys(staff).sort(), locale).toEqual(['console', 'leads', 'ra', 'resources']);
      expect(staff.resources, locale).toEqual(CATALOGS[locale].resources);
      expect(staff.console, locale).toEqual(CATALOGS[locale].console);
      expect(staff.ra, locale).toEqual(CATALOGS[locale].ra);
      expect(manager, locale).toEqual(CATALOGS[locale]);
      expect(dashboard, locale).toEqual(CATALOGS[locale]);
    }
  });
});
