// Where components and meta functions find a language's catalog. The server registers the three
// at start (catalogs.server.ts); the browser loads the page's one as a cacheable script before it
// hydrates (entry.client.tsx), and any other one when a navigation changes the language. The
// catalog is no longer part of every page's loader data: encoding it on each request was the
// largest cost of server rendering after React itself (docs/decisions/103-ssr-throughput.md).
// The texts only one family of pages uses (the wizard's, the subscription's...) are in catalogs of
// their own, one per language (pages/): a route names the ones it draws in its handle
// (`handle.texts`), and the browser loads them with the common catalog (decision 380).
import type { Lang, Messages } from './index.js';

type CatalogLang = 'fr' | 'nl' | 'en';

/** The page families whose texts are a catalog of their own (pages/{part}.{lang}.ts). */
export type TextPart = 'feedback' | 'home' | 'interview' | 'landing' | 'subscription' | 'wizard';

type Texts = Record<string, string>;

const loaded = new Map<CatalogLang, Messages>();
const loadedParts = new Map<CatalogLang, Set<TextPart>>();

/** Spanish visitors read the English texts (public-web.md section 1). */
export function catalogLang(lang: Lang): CatalogLang {
  return lang === 'es' ? 'en' : lang;
}

/** Registers a language's texts: the common catalog, or with `parts` those of page families. */
export function registerMessages(lang: CatalogLang, messages: Texts, parts: readonly TextPart[] = []): void {
  // A new object each time, so translators built from the previous one are rebuilt.
  loaded.set(lang, { ...loaded.get(lang), ...messages } as Messages);
  loadedParts.set(lang, new Set([...(loadedParts.get(lang) ?? []), ...parts]));
}

/** The catalog of a language when it is here (always on the server), with the page families loaded so far. */
export function messagesOf(lang: Lang): Messages | undefined {
  return loaded.get(catalogLang(lang));
}

/** The page families among `parts` whose texts are not here yet in this language. */
export function missingParts(lang: Lang, parts: readonly TextPart[]): TextPart[] {
  const have = loadedParts.get(catalogLang(lang));
  return parts.filter((p) => !have?.has(p));
}

/** The page families named by the matched routes' handles (`handle.texts`). */
export function textPartsOf(matches: ReadonlyArray<{ handle?: unknown } | undefined>): TextPart[] {
  return [...new Set(matches.flatMap((m) => (m?.handle as { texts?: TextPart[] } | undefined)?.texts ?? []))];
}

const loaders: Record<CatalogLang, () => Promise<{ default: Texts }>> = {
  fr: () => import('./fr.js'),
  nl: () => import('./nl.js'),
  en: () => import('./en.js'),
};

const partLoaders: Record<TextPart, Record<CatalogLang, () => Promise<{ default: Texts }>>> = {
  feedback: { fr: () => import('./pages/feedback.fr.js'), nl: () => import('./pages/feedback.nl.js'), en: () => import('./pages/feedback.en.js') },
  home: { fr: () => import('./pages/home.fr.js'), nl: () => import('./pages/home.nl.js'), en: () => import('./pages/home.en.js') },
  interview: { fr: () => import('./pages/interview.fr.js'), nl: () => import('./pages/interview.nl.js'), en: () => import('./pages/interview.en.js') },
  landing: { fr: () => import('./pages/landing.fr.js'), nl: () => import('./pages/landing.nl.js'), en: () => import('./pages/landing.en.js') },
  subscription: {
    fr: () => import('./pages/subscription.fr.js'),
    nl: () => import('./pages/subscription.nl.js'),
    en: () => import('./pages/subscription.en.js'),
  },
  wizard: { fr: () => import('./pages/wizard.fr.js'), nl: () => import('./pages/wizard.nl.js'), en: () => import('./pages/wizard.en.js') },
};

/** Loads a language's catalog in the browser (a separate, long-cached script per language), with the texts of `parts`. */
export async function loadMessages(lang: Lang, parts: readonly TextPart[] = []): Promise<Messages> {
  const cl = catalogLang(lang);
  const [common, ...own] = await Promise.all([loaded.has(cl) ? null : loaders[cl](), ...missingParts(lang, parts).map(async (p) => [p, (await partLoaders[p][cl]()).default] as const)]);
  if (common) registerMessages(cl, common.default);
  for (const [p, texts] of own as Array<readonly [TextPart, Texts]>) registerMessages(cl, texts, [p]);
  return loaded.get(cl)!;
}

/** A route's handle naming the page families whose texts it draws. */
export interface RouteTexts {
  texts: TextPart[];
}
