// /dla/{job_code}: the web application path for an offer: the same page with the form first and
// the details folded.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { GeneralErrorBoundary } from '../components/GeneralErrorBoundary.js';
import { OfferNotFound, OfferPage } from '../components/OfferPage.js';
import { applyAction, offerPageData } from '../lib/apply.server.js';
import { offerMeta } from '../lib/offer-meta.js';

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  return offerPageData(params.jobCode ?? '', context, request);
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  return applyAction(params.jobCode ?? '', request, context);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => offerMeta(data?.offer, matches, '/dla', error);

export default function Page() {
  return <OfferPage applyFirst />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <OfferNotFound /> }} />;
}
