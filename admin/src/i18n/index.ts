// The console's translations; the language starts from the browser's and the user can change it
// from react-admin's locale menu (shown because there is more than one locale; the choice is kept
// in react-admin's store and wins over the browser's language on the next visit).
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { browserLocale, CATALOGS, LOCALES, type ConsoleLocale } from './locales.js';
import { catalogLang, isLang } from '../../../config/i18n/langs.js';

const preferred = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/**
 * A link into the console that names a language (`?lang=en`, built by withLang: decision 280)
 * wins over the browser's and over the locale kept in react-admin's store: it is written there.
 */
function askedLocale(): ConsoleLocale | undefined {
  if (typeof window === 'undefined') return undefined;
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (!isLang(asked)) return undefined;
  const locale = catalogLang(asked);
  try {
    window.localStorage.setItem('RaStore.locale', JSON.stringify(locale));
  } catch {
    // No storage (private mode): the locale holds for this visit.
  }
  return locale;
}

export const i18nProvider = polyglotI18nProvider((locale) => CATALOGS[locale as ConsoleLocale] ?? CATALOGS.fr, askedLocale() ?? browserLocale(preferred), [...LOCALES], {
  allowMissing: true,
});
