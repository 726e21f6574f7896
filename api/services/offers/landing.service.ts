// The configuration of a customer's landing page (GET /apis/landing-config/{customer}), read by
// the mobile app and, directly, by the Remix portal's /landing/{customer} page.
import { QueryTypes } from 'sequelize';
import { boundSequelize, LANDING_DEFAULTS, type CustomLanding } from '../../../models/index.js';
import { singleFlight } from '../../lib/single-flight.js';
import { notFound } from '../../lib/errors.js';

export interface LandingOffer {
  /** The shop the visitor picks first: the offer's shopname, else its shop's name. */
  shopcode: string;
  job_code: string;
  title: string;
  /** Boosted now (decision 251): boosted offers come first. */
  is_boosted: boolean;
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

/**
 * The landing and its company's available offers in one query (plain rows: the page reads a few
 * strings, and model queries cost several times the query itself, decision 103).
 */
const SQL = `SELECT l.identifier, l.name, l.select_label, l.select_description, l.selectlist_label,
  l.informations_description, l.bg_color, l.logo_src, l.logo_width, l.logo_height,
  o.job_code, o.title, o.shopname, o.city, o.company_name, o.is_boosted, o.boost_ends_at, s.shopname AS shop_shopname
FROM custom_landings l
LEFT JOIN offers o ON o.company_hash = l.company_hash AND o.state = 'available'
LEFT JOIN shops s ON s.id = o.shop_id
WHERE l.identifier = ?`;

type Row = Pick<
  CustomLanding,
  'identifier' | 'name' | 'select_label' | 'select_description' | 'selectlist_label' | 'informations_description' | 'bg_color' | 'logo_src' | 'logo_width' | 'logo_height'
> & {
  job_code: string | null;
  title: string;
  shopname: string | null;
  city: string | null;
  company_name: string;
  is_boosted: boolean | number | null;
  boost_ends_at: Date | string | null;
  shop_shopname: string | null;
};

/** A landing as loaded: its offers with when their boost ends (boosted now is decided per request). */
type Loaded = Omit<LandingConfig, 'offers'> & { offers: Array<Omit<LandingOffer, 'is_boosted'> & { boostedUntil: number }> };

async function load(id: string): Promise<Loaded> {
  const rows = await boundSequelize().query<Row>(SQL, { replacements: [id], type: QueryTypes.SELECT, raw: true });
  if (rows.length === 0) throw notFound('landing_not_found', 'landing_not_found');
  const landing = rows[0];
  // The offer the visitor picks after its shop: the offer's shopname, else its shop's name.
  const offers = rows
    .filter((o): o is Row & { job_code: string } => o.job_code !== null)
    .map((o) => ({
      shopcode: o.shopname || o.shop_shopname || o.city || o.company_name,
      job_code: o.job_code,
      title: o.title,
      boostedUntil: o.is_boosted && Number(o.is_boosted) !== 0 && o.boost_ends_at ? boostEnd(o.boost_ends_at) : 0,
    }))
    .sort((a, b) => BY_SHOP.compare(a.shopcode, b.shopcode) || BY_SHOP.compare(a.title, b.title) || a.job_code.localeCompare(b.job_code));
  return {
    identifier: landing.identifier,
    name: landing.name,
    offers,
    select_label: landing.select_label,
    select_description: landing.select_description ?? LANDING_DEFAULTS.select_description,
    selectlist_label: landing.selectlist_label,
    informations_description: landing.informations_description ?? LANDING_DEFAULTS.informations_description,
    bg_color: landing.bg_color,
    logo: { src: landing.logo_src, width: Number(landing.logo_width), height: Number(landing.logo_height) },
  };
}

// Requests for one landing share its query while it runs (api/lib/single-flight.ts).
const loadShared = singleFlight(load);

const boostEnd = (v: Date | string) =>
  (v instanceof Date
    ? v
    : new Date(
        String(v)
          .replace(' ', 'T')
          .replace(/ ?\+00:00$/, 'Z'),
      )
  ).getTime() || 0;

/**
 * The landing page's configuration; 404 landing_not_found for an unknown identifier. Offers boosted
 * at `now` come first (decision 251), then by shop and title; the page lists shops in that order.
 */
export async function getLandingConfig(identifier: string, now: Date = new Date()): Promise<LandingConfig> {
  const id = String(identifier ?? '')
    .trim()
    .toLowerCase();
  if (!IDENTIFIER_SHAPE.test(id)) throw notFound('landing_not_found', 'landing_not_found');
  const config = await loadShared(id);
  // Each caller gets its own copy: one caller changing it cannot change another's answer.
  const at = now.getTime();
  const offers = config.offers.map(({ boostedUntil, ...o }) => ({ ...o, is_boosted: boostedUntil > at }));
  // A stable sort: boosted first, each group keeping the shop and title order.
  offers.sort((a, b) => Number(b.is_boosted) - Number(a.is_boosted));
  return { ...config, offers, logo: { ...config.logo } };
}
