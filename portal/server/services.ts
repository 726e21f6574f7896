// The server services the portal's loaders and actions call in-process. They come from
// api/services (one copy of the models, shared with /apis) and reach Remix through the load
// context, so the portal's server bundle never holds a second copy of the models.
import { notFound } from '../../api/lib/errors.js';

// Interim until the offers, interest and landing services land on main.
export interface PublicOffer {
  job_code: string; title: string; company_name: string; company_picture: string | null; description: string;
  candidate_qualification: string | null; start_date: string | null; street: string | null; zip_code: string | null;
  city: string | null; area: string | null; country: string | null; country_iso: string | null; lang: string;
}

export const portalServices = {
  getPublicOffer: async (_jobCode: string): Promise<PublicOffer> => {
    throw notFound('offer_not_found', 'offer_not_found');
  },
};
