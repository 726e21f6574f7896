// The console's languages: the product's fr (default), nl and en; Spanish browsers get English
// (the product has no Spanish console), as the product's language rule says (config/i18n/langs.ts).
// Our keys are merged over react-admin's own messages with ra-core's mergeTranslations.
import frenchMessages from 'ra-language-french';
import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'ra-core';
import { catalogLang, normalizeLang, type CatalogLang } from '../../../config/i18n/langs.js';
import { fr } from './fr.js';
import { en } from './en.js';
import { nl } from './nl.js';
import { raNl } from './ra-nl.js';

export const LOCALES: ReadonlyArray<{ locale: CatalogLang; name: string }> = [
  { locale: 'fr', name: 'Français' },
  { locale: 'nl', name: 'Nederlands' },
  { locale: 'en', name: 'English' },
];

export type ConsoleLocale = CatalogLang;

// react-admin's own messages: French and English from react-admin's packages, Dutch our own
// translation (ra-nl.ts, with exactly the English keys).
export const CATALOGS: Record<ConsoleLocale, TranslationMessages> = {
  fr: mergeTranslations(frenchMessages, fr),
  nl: mergeTranslations(raNl, nl),
  en: mergeTranslations(englishMessages, en),
};

/** The console language for the browser's preferred languages: its first one, by the product's rule (nl-* nl, en-* and es-* en, else fr). */
export function browserLocale(languages: readonly string[]): ConsoleLocale {
  return catalogLang(normalizeLang(languages[0]));
}
