// The console's languages: the product's fr (default), nl and en; Spanish browsers get English
// (the product has no Spanish console), as the product's language rule says (config/i18n/langs.ts).
// Our keys are merged over react-admin's own messages with ra-core's mergeTranslations (catalog-*.ts).
import type { TranslationMessages } from 'ra-core';
import { catalogLang, normalizeLang, type CatalogLang } from '../../../config/i18n/langs.js';
import type { ConsoleArea } from '../area.js';

export const LOCALES: ReadonlyArray<{ locale: CatalogLang; name: string }> = [
  { locale: 'fr', name: 'Français' },
  { locale: 'nl', name: 'Nederlands' },
  { locale: 'en', name: 'English' },
];

export type ConsoleLocale = CatalogLang;

// react-admin's own messages: French and English from react-admin's packages, Dutch our own
// translation (ra-nl.ts, with exactly the English keys). Each language is its own chunk, loaded
// when the console first shows it (issue 26); catalogs.ts has all three for the tests. The staff
// console's chunk holds its own keys only (catalog-*-staff.ts), not the manager area's and the
// recruiter dashboard's (decision 420).
// Each import is an arrow of its own: vite preloads the chunks an import needs, and with
// the imports in one nested conditional it preloaded the last one's (the French catalog) for every
// language and area (decision 420).
const LOADERS: Record<'staff' | 'all', Record<ConsoleLocale, () => Promise<{ default: TranslationMessages }>>> = {
  staff: { fr: () => import('./catalog-fr-staff.js'), nl: () => import('./catalog-nl-staff.js'), en: () => import('./catalog-en-staff.js') },
  all: { fr: () => import('./catalog-fr.js'), nl: () => import('./catalog-nl.js'), en: () => import('./catalog-en.js') },
};

export function loadCatalog(locale: ConsoleLocale, area: ConsoleArea): Promise<TranslationMessages> {
  return LOADERS[area === 'admin' ? 'staff' : 'all'][locale]().then((m) => m.default);
}

export function isConsoleLocale(locale: unknown): locale is ConsoleLocale {
  return LOCALES.some((l) => l.locale === locale);
}

/** The console language for the browser's preferred languages: its first one, by the product's rule (nl-* nl, en-* and es-* en, else fr). */
export function browserLocale(languages: readonly string[]): ConsoleLocale {
  return catalogLang(normalizeLang(languages[0]));
}
