// French first (ra-language-french), English second; our keys merged into react-admin's own.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { fr } from './fr.js';
import { en } from './en.js';

const catalogs: Record<string, TranslationMessages> = {
  fr: { ...frenchMessages, ...fr } as TranslationMessages,
  en: { ...englishMessages, ...en } as TranslationMessages,
};

export const i18nProvider = polyglotI18nProvider(
  (locale) => catalogs[locale] ?? catalogs.fr,
  'fr',
  [
    { locale: 'fr', name: 'Français' },
    { locale: 'en', name: 'English' },
  ],
  { allowMissing: true },
);
