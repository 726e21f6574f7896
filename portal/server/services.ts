// The server services the portal's loaders and actions call in-process. They come from
// api/services (one copy of the models, shared with /apis) and reach Remix through the load
// context, so the portal's server bundle never holds a second copy of the models.
import { notFound } from '../../api/lib/errors.js';
import type { Storage } from '../../api/integrations/storage.js';

// Interim until the offers, interest and landing services land on main.
export interface PublicOffer {
  job_code: string; title: string; company_name: string; company_picture: string | null; description: string;
  candidate_qualification: string | null; start_date: string | null; street: string | null; zip_code: string | null;
  city: string | null; area: string | null; country: string | null; country_iso: string | null; lang: string;
}
export interface LandingConfig {
  identifier: string; name?: string; offers: Array<{ shopcode: string; job_code: string; title: string }>;
  select_label: string; select_description: string | null; selectlist_label: string; informations_description: string | null;
  bg_color: string; logo: { src: string | null; width: number; height: number } | null;
}
export interface InterestInput {
  job_code: string; email: string; phone_number?: string; firstname: string; lastname: string; accept_cgu: boolean;
  use_cv: boolean; cv_file?: string; cgu_from?: string;
}

export const portalServices = {
  getPublicOffer: async (_jobCode: string): Promise<PublicOffer> => {
    throw notFound('offer_not_found', 'offer_not_found');
  },
  getLandingConfig: async (_identifier: string): Promise<LandingConfig> => {
    throw notFound('landing_not_found', 'landing_not_found');
  },
  submitInterest: async (_input: InterestInput, _now: Date): Promise<{ success: true }> => {
    throw notFound('offer_not_found', 'offer_not_found');
  },
  storeUpload: async (_storage: Storage, _input: { kind: 'cv'; body: Buffer; ownerId: null }): Promise<{ key: string; url: string }> => {
    throw notFound('not_found', 'not_found');
  },
};
