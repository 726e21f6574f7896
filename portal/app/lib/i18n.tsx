// useT(): the translator for components, from the catalog the root loader sent (or, on an error
// page drawn without it, the one the server rendered the page with).
import { useMatches, useRouteLoaderData, type ClientLoaderFunctionArgs } from '@remix-run/react';
import { useEffect, useMemo, useState } from 'react';
import { isLang, withLang } from '../../../config/i18n/langs.js';
import { makeT, type Lang, type T } from '../i18n/index.js';
import { loadMessages, messagesOf, missingParts, textPartsOf, type TextPart } from '../i18n/registry.js';
import type { RootData } from './meta.js';
import { useFallbackRootData } from './nonce.js';

export function useRootData(): RootData | undefined {
  const fallback = useFallbackRootData();
  return (useRouteLoaderData('root') as RootData | undefined) ?? fallback;
}

export function useT(): T {
  const lang = useRootData()?.lang;
  // The texts of the page families the matched routes name (handle.texts, decision 380).
  const parts = textPartsOf(useMatches());
  const messages = lang ? messagesOf(lang) : undefined;
  const missing = lang ? missingParts(lang, parts).join() : '';
  // A client-side navigation into another language, or to a page with texts of its own: the
  // catalog loads, then the page re-renders.
  const [, loadedAnother] = useState(0);
  useEffect(() => {
    if (lang && (!messages || missing)) void loadMessages(lang, missing ? (missing.split(',') as typeof parts) : []).then(() => loadedAnother((n) => n + 1));
  }, [lang, messages, missing]);
  return useMemo(() => (messages ? makeT(messages) : (key) => key), [messages]);
}

export function useLang(): Lang {
  return (useRootData()?.lang ?? 'fr') as Lang;
}

/** Builds links that keep the page's language (withLang, decision 280). */
export function useLangHref(): (href: string) => string {
  const lang = useLang();
  return (href: string) => withLang(href, lang);
}

/**
 * The clientLoader of a route whose texts are a catalog of their own (handle.texts, decision 380):
 * on a navigation inside the site, the page's data and its family's texts arrive together, so the
 * page is never drawn with keys while they load. The first visit has them already (entry.client).
 */
export function textsLoader(parts: readonly TextPart[]) {
  return async ({ request, serverLoader }: ClientLoaderFunctionArgs) => {
    const asked = new URL(request.url).searchParams.get('lang');
    const lang = isLang(asked) ? asked : document.documentElement.lang;
    const [data] = await Promise.all([serverLoader(), isLang(lang) ? loadMessages(lang, parts) : null]);
    return data;
  };
}
