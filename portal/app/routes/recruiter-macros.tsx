// /recruiter-macros: metadata only (public-web.md route table). Link previews of an offer shared
// by a recruiter: title, description, image and url come from the offer given by ?job_code, or
// from the query (title, description, image, url), and the offer itself is embedded as JSON-LD.
// See docs/decisions/053-recruiter-macros.md.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { macrosData } from './recruiter-macros.server.js';
import { metaT, pageMeta } from '../lib/meta.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return macrosData(request, context);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return pageMeta({
    title: data?.title || t('macros_meta_title'),
    description: data?.description || t('macros_meta_description'),
    image: data?.image || undefined,
    url: data?.url || undefined,
    siteName: t('site_name'),
  });
};

export default function RecruiterMacros() {
  const data = useLoaderData<typeof loader>();
  if (!data.jsonLd) return null;
  // A data block, not a script: browsers do not execute it and CSP does not apply.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: data.jsonLd }} />;
}
