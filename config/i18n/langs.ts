// The product's languages: one list for the API, the portal and the console (browser-safe).
// French is the default and the fallback; Spanish visitors read the English texts
// (public-web.md section 1), so there are three catalogues for four languages.

export const LANGS = ['fr', 'nl', 'en', 'es'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'fr';

/** The languages that have their own catalogue, and which one each language reads. */
export const CATALOG_LANGS = ['fr', 'nl', 'en'] as const;
export type CatalogLang = (typeof CATALOG_LANGS)[number];
export const catalogLang = (lang: Lang): CatalogLang => (lang === 'es' ? 'en' : lang);

export function isLang(v: string | null | undefined): v is Lang {
  return !!v && (LANGS as readonly string[]).includes(v);
}

/** The supported language for a requested one ('nl-BE' -> 'nl', 'de' -> 'fr'). */
export function normalizeLang(input: string | undefined | null): Lang {
  const base = (input ?? '').toLowerCase().slice(0, 2);
  return isLang(base) ? base : DEFAULT_LANG;
}

/**
 * A link or redirect that keeps the visitor's language: `href` (a path or an absolute URL) with
 * `lang=` set in its query, its other parameters (kept byte for byte, e.g. Stripe's
 * `{CHECKOUT_SESSION_ID}`) and its fragment unchanged. The one way every page, console, redirect
 * and e-mail builds such a link (docs/decisions/280-language-kept-across-links.md).
 */
export function withLang(href: string, lang: string | null | undefined): string {
  if (!isLang(lang)) return href;
  const [, base, query = '', hash] = /^([^?#]*)(?:\?([^#]*))?(.*)$/s.exec(href)!;
  const params = query.split('&').filter((p) => p && !/^lang(=|$)/.test(p));
  return `${base}?${[...params, `lang=${lang}`].join('&')}${hash}`;
}
