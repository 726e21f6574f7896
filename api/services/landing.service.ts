// The configuration of a customer's landing page (GET /apis/landing-config/{customer}), read by
// the mobile app and, directly, by the Remix portal's /landing/{customer} page.
import { CustomLanding, LANDING_DEFAULTS, Offer, Shop } from '../../models/index.js';
import { notFound } from '../lib/errors.js';

export interface LandingOffer {
  /** The shop the visitor picks first: the offer's shopname, else its shop's name. */
  shopcode: string;
  job_code: string;
  title: string;
}

/** public-web.md section 3, Landing config (device is worked out by the page, not here). */
export interface LandingConfig {
  identifier: string;
  name: string;
  offers: LandingOffer[];
  select_label: string;
  select_description: string;
  selectlist_label: string;
  informations_description: string;
  bg_color: string;
  /** src is the stored picture path, as for every picture the API returns (clients build the address). */
  logo: { src: string | null; width: number; height: number };
}

const IDENTIFIER_SHAPE = /^[a-z0-9_-]{1,64}$/;
/** Built once: making a collator costs more than sorting a landing's offers (page profile, decision 103). */
const BY_SHOP = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** The landing's offers: the available offers of its company (company_hash), by shop then title. */
async function landingOffers(companyHash: string): Promise<LandingOffer[]> {
  const offers = await Offer.findAll({
    where: { company_hash: companyHash, state: 'available' },
    attributes: ['job_code', 'title', 'shopname', 'city', 'company_name'],
    include: [{ model: Shop, as: 'shop', attributes: ['shopname'] }],
    // Plain rows: the page reads five strings, model instances cost more than the query.
    raw: true,
    nest: true,
  });
  const byShop = BY_SHOP;
  return (offers as unknown as Array<Pick<Offer, 'job_code' | 'title' | 'shopname' | 'city' | 'company_name'> & { shop?: { shopname: string | null } | null }>)
    .map((o) => {
      const shop = o.shop;
      return { shopcode: o.shopname || shop?.shopname || o.city || o.company_name, job_code: o.job_code, title: o.title };
    })
    .sort((a, b) => byShop.compare(a.shopcode, b.shopcode) || byShop.compare(a.title, b.title) || a.job_code.localeCompare(b.job_code));
}

/** The landing page's configuration; 404 landing_not_found for an unknown identifier. */
export async function getLandingConfig(identifier: string): Promise<LandingConfig> {
  const id = String(identifier ?? '')
    .trim()
    .toLowerCase();
  if (!IDENTIFIER_SHAPE.test(id)) throw notFound('landing_not_found', 'landing_not_found');
  const landing = await CustomLanding.findOne({ where: { identifier: id } });
  if (!landing) throw notFound('landing_not_found', 'landing_not_found');
  return {
    identifier: landing.identifier,
    name: landing.name,
    offers: await landingOffers(landing.company_hash),
    select_label: landing.select_label,
    select_description: landing.select_description ?? LANDING_DEFAULTS.select_description,
    selectlist_label: landing.selectlist_label,
    informations_description: landing.informations_description ?? LANDING_DEFAULTS.informations_description,
    bg_color: landing.bg_color,
    logo: { src: landing.logo_src, width: landing.logo_width, height: landing.logo_height },
  };
}
