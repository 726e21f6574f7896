// Server-side messages (API errors and mails) per language. French is the default and the
// fallback; Spanish answers the English texts (public-web.md section 1).
import fr from './fr.js';
import en from './en.js';
import nl from './nl.js';
import express, { type Request } from 'express';
import { LANGS, DEFAULT_LANG, catalogLang, isLang, type CatalogLang, type Lang } from './langs.js';

export type MessageKey = keyof typeof fr;
export { LANGS, DEFAULT_LANG, isLang, normalizeLang, withLang, type Lang } from './langs.js';

const catalogs: Record<CatalogLang, Record<MessageKey, string>> = { fr, en, nl };

/**
 * The language of an Accept-Language header, negotiated exactly as the API's
 * `req.acceptsLanguages(...LANGS)` does (the same Express code), for callers that hold only the
 * header (the portal's loaders); fr when none of ours is listed.
 */
export function langFromAcceptLanguage(header: string | undefined): Lang {
  const picked = express.request.acceptsLanguages.call({ headers: header ? { 'accept-language': header } : {} } as Request, ...LANGS);
  return typeof picked === 'string' && isLang(picked) ? picked : DEFAULT_LANG;
}

/** The text of a key in a language, with {name} placeholders filled; unknown keys are returned as is. */
export function t(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const catalog = catalogs[catalogLang(lang)];
  const text = (catalog as Record<string, string>)[key] ?? (catalogs.fr as Record<string, string>)[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, v: string) => (v in vars ? String(vars[v]) : `{${v}}`));
}

export function isMessageKey(key: string): key is MessageKey {
  return key in fr;
}
