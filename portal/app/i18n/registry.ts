// Where components and meta functions find a language's catalog. The server registers the three
// at start (catalogs.server.ts); the browser loads the page's one as a cacheable script before it
// hydrates (entry.client.tsx), and any other one when a navigation changes the language. The
// catalog is no longer part of every page's loader data: encoding it on each request was the
// largest cost of server rendering after React itself (docs/decisions/103-ssr-throughput.md).
import type { Lang, Messages } from './index.js';

type CatalogLang = 'fr' | 'nl' | 'en';

const loaded = new Map<CatalogLang, Messages>();

/** Spanish visitors read the English texts (public-web.md section 1). */
export function catalogLang(lang: Lang): CatalogLang {
  return lang === 'es' ? 'en' : lang;
}

export function registerMessages(lang: CatalogLang, messages: Messages): void {
  loaded.set(lang, messages);
}

/** The catalog of a language when it is here (always on the server). */
export function messagesOf(lang: Lang): Messages | undefined {
  return loaded.get(catalogLang(lang));
}

const loaders: Record<CatalogLang, () => Promise<{ default: Messages }>> = {
  fr: () => import('./fr.js'),
  nl: () => import('./nl.js'),
  en: () => import('./en.js'),
};

/** Loads a language's catalog in the browser (a separate, long-cached script per language). */
export async function loadMessages(lang: Lang): Promise<Messages> {
  const have = messagesOf(lang);
  if (have) return have;
  const messages = (await loaders[catalogLang(lang)]()).default;
  registerMessages(catalogLang(lang), messages);
  return messages;
}
