// The console's languages: the product's fr (default), nl and en; Spanish browsers get English
// (the product has no Spanish console), as the product's language rule says (config/i18n/langs.ts).
// Our keys are merged over react-admin's own messages with ra-core's mergeTranslations (catalog-*.ts).
import type { TranslationMessages } from 'ra-core';
import { catalogLang, normalizeLang, type CatalogLang } from '../../../config/i18n/langs.js';

export const LOCALES: ReadonlyArray<{ locale: CatalogLang; name: string }> = [
  { locale: 'fr', name: 'Français' },
  { locale: 'nl', name: 'Nederlands' },
  { locale: 'en', name: 'English' },
];

export type ConsoleLocale = CatalogLang;

// react-admin's own messages: French and English from react-admin's packages, Dutch our own
// translation (ra-nl.ts, with exactly the English keys). Each language is its own chunk, loaded
// when the console first shows it (issue 26); catalogs.ts has all three for the tests.
export function loadCatalog(locale: ConsoleLocale): Promise<TranslationMessages> {
  const load = locale === 'nl' ? import('./catalog-nl.js') : locale === 'en' ? import('./catalog-en.js') : import('./catalog-fr.js');
  return load.then((m) => m.default);
}

export function isConsoleLocale(locale: unknown): locale is ConsoleLocale {
  return LOCALES.some((l) => l.locale === locale);
}

/** The console language for the browser's preferred languages: its first one, by the product's rule (nl-* nl, en-* and es-* en, else fr). */
export function browserLocale(languages: readonly string[]): ConsoleLocale {
  return catalogLang(normalizeLang(languages[0]));
}
