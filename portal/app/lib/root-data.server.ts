// The root loader's data (language, public URL, store links; the catalogs are in i18n/registry.ts), also built by the
// document renderer for error pages that Remix draws without running the root loader (a POST to
// a page that has no action, a root loader that failed): their texts and title are translated too.
import type { AppLoadContext } from '@remix-run/node';
import { langFromAcceptLanguage } from '../../../config/i18n/index.js';
import '../i18n/catalogs.server.js';
import type { Lang } from '../i18n/index.js';
import { langParam } from './lang.server.js';
import type { RootData } from './meta.js';

export function rootDataFor(lang: Lang, context: AppLoadContext): RootData {
  const { settings } = context.deps;
  return { lang, publicUrl: settings.publicUrl, stores: settings.stores };
}

/** For an error page: the language asked by ?lang or Accept-Language (no database lookup). */
export function fallbackRootData(request: Request, context: AppLoadContext): RootData {
  const lang = langParam(new URL(request.url)) ?? langFromAcceptLanguage(request.headers.get('accept-language') ?? undefined);
  return rootDataFor(lang, context);
}
