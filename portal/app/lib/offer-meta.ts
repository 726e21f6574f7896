// Title, description and sharing tags of an offer page (or of its "no offer" state).
import type { MetaDescriptor } from '@remix-run/react';
import { errorMeta, isServerError, metaT, pageMeta, rootData } from './meta.js';
import { fileUrl } from '../../../models/rules/storage-url.js';

type Matches = Parameters<typeof metaT>[0];

export function offerMeta(
  offer: { job_code: string; title: string; company_name: string; company_picture: string | null } | undefined,
  matches: Matches,
  base: string,
  error?: unknown,
): MetaDescriptor[] {
  if (isServerError(error)) return errorMeta(matches, error);
  const t = metaT(matches);
  const root = rootData(matches);
  if (!offer) return pageMeta({ title: t('offer_not_found_meta'), description: t('offer_not_found'), noindex: true });
  const vars = { title: offer.title, company: offer.company_name };
  const image = offer.company_picture ? fileUrl(offer.company_picture, root?.publicUrl ?? '') : undefined;
  return pageMeta({
    title: t('offer_meta_title', vars),
    description: t('offer_meta_description', vars),
    url: root ? `${root.publicUrl}${base}/${offer.job_code}` : undefined,
    image,
    siteName: t('site_name'),
  });
}
