// Address autocomplete behind one interface (docs/decisions/110-address-autocomplete.md): the
// offline provider (French communes, api/integrations/address/offline.ts) by default, the national
// address API (http.ts) when ADDRESS_API_URL is set. Shops and the offer wizard store the result as
// the spec's address (back-office.md section 3: lat, lng, street, city, zip_code, area, sub_area,
// country, country_iso).

export interface AddressResult {
  /** What the list shows: "12 rue des Archives 75003 Paris", or "75003 Paris". */
  label: string;
  lat: number | null;
  lng: number | null;
  /** Empty for a city-level result: the street is then typed freely. */
  street: string;
  city: string;
  zip_code: string;
  /** The region. */
  area: string;
  /** The department. */
  sub_area: string;
  country: string;
  country_iso: string;
  /** 'municipality' (city level) or 'street' / 'housenumber' (street level, national API only). */
  kind: 'municipality' | 'street' | 'housenumber' | 'locality';
}

export interface AddressProvider {
  readonly name: 'offline' | 'national';
  search(query: string, limit: number): Promise<AddressResult[]>;
}

export const ADDRESS_LIMIT_MAX = 20;
export const ADDRESS_QUERY_MAX = 200;

/** Lowercase, accents and punctuation removed, one space between words: the key both providers compare on. */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
