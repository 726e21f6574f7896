// Page metadata: title, description and the social-sharing tags every page sets.
import { isRouteErrorResponse, type MetaDescriptor } from '@remix-run/react';
import { makeT, type Lang, type T } from '../i18n/index.js';
import { messagesOf } from '../i18n/registry.js';

export interface RootData {
  lang: Lang;
  publicUrl: string;
  stores: { appStore: string; playStore: string };
}

/** The translator for meta functions, from the root loader's data among the matches. */
export function metaT(matches: Array<{ id: string; data: unknown } | undefined>): T {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  const messages = root && messagesOf(root.lang);
  if (messages) return makeT(messages);
  return (key) => key;
}

export function rootData(matches: Array<{ id: string; data: unknown } | undefined>): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
}

export function pageMeta(opts: { title: string; description: string; url?: string; image?: string; siteName?: string; noindex?: boolean }): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: opts.title },
    { name: 'description', content: opts.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: opts.title },
    { property: 'og:description', content: opts.description },
    { name: 'twitter:card', content: opts.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: opts.title },
    { name: 'twitter:description', content: opts.description },
  ];
  if (opts.siteName) tags.push({ property: 'og:site_name', content: opts.siteName });
  if (opts.url) tags.push({ property: 'og:url', content: opts.url });
  if (opts.image) {
    tags.push({ property: 'og:image', content: opts.image }, { name: 'twitter:image', content: opts.image });
  }
  if (opts.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/** Standard meta for a page whose texts are two catalog keys. */
export function simpleMeta(
  matches: Array<{ id: string; data: unknown } | undefined>,
  path: string,
  title: Parameters<T>[0],
  description: Parameters<T>[0],
  extra: { noindex?: boolean } = {},
): MetaDescriptor[] {
  const t = metaT(matches);
  const root = rootData(matches);
  return pageMeta({
    title: t(title),
    description: t(description),
    url: root ? `${root.publicUrl}${path}` : undefined,
    image: root ? `${root.publicUrl}/social.png` : undefined,
    siteName: t('site_name'),
    ...extra,
  });
}

/** An error other than "not found": pages draw their own 404, every other error is the generic one. */
export function isServerError(error: unknown): boolean {
  return error !== undefined && error !== null && !(isRouteErrorResponse(error) && error.status === 404);
}

/** The metadata of an error page: "page not found" for a 404, the generic error otherwise. */
export function errorMeta(matches: Array<{ id: string; data: unknown } | undefined>, error: unknown): MetaDescriptor[] {
  const t = metaT(matches);
  const notFound = !isServerError(error);
  return pageMeta({
    title: t(notFound ? 'notfound_meta_title' : 'error_meta_title'),
    description: t(notFound ? 'notfound_text' : 'error_text'),
    noindex: true,
  });
}
