// The console's languages: the product's fr (default), nl and en; Spanish browsers get English
// (the product has no Spanish console). Our keys are laid over react-admin's own messages.
import frenchMessages from 'ra-language-french';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { fr } from './fr.js';
import { en } from './en.js';
import { nl } from './nl.js';
import { raNl } from './ra-nl.js';

export const LOCALES = [
  { locale: 'fr', name: 'Français' },
  { locale: 'nl', name: 'Nederlands' },
  { locale: 'en', name: 'English' },
] as const;

export type ConsoleLocale = (typeof LOCALES)[number]['locale'];

type Messages = { [key: string]: string | Messages };

/** Later layers win key by key, so a key a later layer lacks keeps the earlier layer's text. */
export function overlay(...layers: object[]): Messages {
  const out: Messages = {};
  for (const layer of layers) {
    for (const [k, v] of Object.entries(layer)) {
      const prev = out[k];
      out[k] = v && typeof v === 'object' ? overlay(prev && typeof prev === 'object' ? prev : {}, v as object) : (v as string);
    }
  }
  return out;
}

// react-admin's own messages: French and English from react-admin's packages, Dutch our own
// translation (ra-nl.ts, with exactly the English keys).
export const CATALOGS: Record<ConsoleLocale, TranslationMessages> = {
  fr: overlay(frenchMessages, fr) as TranslationMessages,
  nl: overlay(raNl, nl) as TranslationMessages,
  en: overlay(englishMessages, en) as TranslationMessages,
};

/** The console language for the browser's preferred languages: nl-* nl, en-* and es-* en, else fr. */
export function browserLocale(languages: readonly string[]): ConsoleLocale {
  const primary = (languages[0] ?? '').toLowerCase().split('-')[0];
  if (primary === 'nl') return 'nl';
  if (primary === 'en' || primary === 'es') return 'en';
  return 'fr';
}
