// The page language: ?lang first, then the offer's language on offer pages, then the
// browser's Accept-Language, and French when none of ours is asked for.
import type { AppLoadContext } from '@remix-run/node';
import { langFromAcceptLanguage } from '../../../config/i18n/index.js';
import { isLang, type Lang } from '../i18n/index.js';
import { loadOffer } from './offer.server.js';

const OFFER_PATH = /^\/(?:candidate\/(?:offer|apply)|dla)\/([^/]+)\/?$/;
const SUBSCRIPTION_PATH = /^\/portal\//;

export function langParam(url: URL): Lang | undefined {
  const q = url.searchParams.get('lang')?.toLowerCase().slice(0, 2);
  return isLang(q) ? q : undefined;
}

export async function resolveLang(request: Request, context: AppLoadContext): Promise<Lang> {
  const url = new URL(request.url);
  const asked = langParam(url);
  if (asked) return asked;
  // The subscription page and its payment are in French (public-web.md section 2).
  if (SUBSCRIPTION_PATH.test(url.pathname)) return 'fr';
  const offerPath = OFFER_PATH.exec(url.pathname);
  if (offerPath) {
    const offer = await loadOffer(context, decodeURIComponent(offerPath[1])).catch(() => null);
    const offerLang = offer?.lang?.toLowerCase().slice(0, 2);
    if (isLang(offerLang)) return offerLang;
  }
  return langFromAcceptLanguage(request.headers.get('accept-language') ?? undefined);
}
