// The console's translations; the language starts from the browser's and the user can change it
// from react-admin's locale menu (shown because there is more than one locale; the choice is kept
// in react-admin's store and wins over the browser's language on the next visit).
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { browserLocale, CATALOGS, LOCALES, type ConsoleLocale } from './locales.js';

const preferred = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

export const i18nProvider = polyglotI18nProvider((locale) => CATALOGS[locale as ConsoleLocale] ?? CATALOGS.fr, browserLocale(preferred), [...LOCALES], { allowMissing: true });
