import type { AppLoadContext } from '@remix-run/node';
import { loadOffer } from '../lib/offer.server.js';
import { fileUrl } from '../../../models/rules/storage-url.js';

const text = (v: string | null, max: number) => (v ?? '').trim().slice(0, max);

/** Safe inside a <script> data block: no closing tag can be formed. */
const jsonForScript = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

export async function macrosData(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const base = context.deps.settings.publicUrl;
  const jobCode = text(q.get('job_code'), 16);
  const offer = jobCode ? await loadOffer(context, jobCode).catch(() => null) : null;
  if (offer) {
    const offerUrl = `${base}/candidate/offer/${offer.job_code}`;
    const image = offer.company_picture ? fileUrl(offer.company_picture, base) : '';
    const jsonLd = jsonForScript({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: offer.title,
      description: offer.description,
      identifier: { '@type': 'PropertyValue', name: offer.company_name, value: offer.job_code },
      hiringOrganization: { '@type': 'Organization', name: offer.company_name, ...(image ? { logo: image } : {}) },
      ...(offer.start_date ? { jobStartDate: offer.start_date } : {}),
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: offer.street ?? undefined,
          postalCode: offer.zip_code ?? undefined,
          addressLocality: offer.city ?? undefined,
          addressRegion: offer.area ?? undefined,
          addressCountry: offer.country_iso ?? offer.country ?? undefined,
        },
      },
      url: offerUrl,
    });
    return {
      title: `${offer.title} – ${offer.company_name}`,
      description: text(offer.description, 200),
      image,
      url: offerUrl,
      jsonLd,
    };
  }
  const safeUrl = (v: string) => (/^https?:\/\//.test(v) ? v : '');
  return {
    title: text(q.get('title'), 200),
    description: text(q.get('description'), 300),
    image: safeUrl(text(q.get('image'), 500)),
    url: safeUrl(text(q.get('url'), 500)),
    jsonLd: '',
  };
}
