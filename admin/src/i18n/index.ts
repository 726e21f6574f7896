// The console's translations; the language starts from the browser's and the user can change it
// from react-admin's locale menu (shown because there is more than one locale; the choice is kept
// in react-admin's store and wins over the browser's language on the next visit). A language's
// messages load when first needed (issue 26): main.tsx draws the console once i18nReady has the
// first language's (and the kept one's), so the first screen never shows a key.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { browserLocale, isConsoleLocale, loadCatalog, LOCALES, type ConsoleLocale } from './locales.js';
import { catalogLang, isLang } from '../../../config/i18n/langs.js';
import { areaOf } from '../area.js';

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

/** The locale kept in react-admin's store by an earlier visit (react-admin switches to it at start). */
function keptLocale(): ConsoleLocale | undefined {
  try {
    const kept: unknown = JSON.parse(window.localStorage.getItem('RaStore.locale') ?? 'null');
    return isConsoleLocale(kept) ? kept : undefined;
  } catch {
    return undefined;
  }
}

const INITIAL: ConsoleLocale = askedLocale() ?? browserLocale(preferred);
const loaded: Partial<Record<ConsoleLocale, TranslationMessages>> = {};
// The staff console loads its own keys only, the manager area and the dashboard theirs (decision 420).
const AREA = areaOf(typeof window === 'undefined' ? '/admin' : window.location.pathname);
const load = (locale: ConsoleLocale) =>
  loadCatalog(locale, AREA).then((messages) => {
    loaded[locale] = messages;
    return messages;
  });

/** Resolves once the first language's messages (and the kept language's, if another) are in. */
export const i18nReady: Promise<unknown> = typeof window === 'undefined' ? Promise.resolve() : Promise.all([load(INITIAL), ...[keptLocale()].filter((l) => l && l !== INITIAL).map((l) => load(l!))]);

let provider: I18nProvider | undefined;

/** The consoles' i18nProvider (one for the page), made once i18nReady has resolved. */
export function i18nProvider(): I18nProvider {
  provider ??= polyglotI18nProvider(
    (locale) => {
      const l = isConsoleLocale(locale) ? locale : 'fr';
      return loaded[l] ?? load(l);
    },
    INITIAL,
    [...LOCALES],
    { allowMissing: true },
  );
  return provider;
}
