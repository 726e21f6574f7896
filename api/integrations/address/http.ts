// The national address API (api-adresse.data.gouv.fr and its self-hosted addok servers) for
// street-level results: GET {ADDRESS_API_URL}/search/?q=&limit= answers GeoJSON features whose
// properties hold label, housenumber, street/name, postcode, city, context ("75, Paris,
// Île-de-France") and type. A slow or failing service answers 502 address_service_unavailable,
// never a hang.
import { AppError } from '../../lib/errors.js';
import type { AddressProvider, AddressResult } from './types.js';

interface Feature {
  geometry?: { coordinates?: [number, number] };
  properties?: {
    label?: string;
    type?: string;
    housenumber?: string;
    street?: string;
    name?: string;
    postcode?: string;
    city?: string;
    context?: string;
  };
}

export const ADDRESS_TIMEOUT_MS = 3000;

export const unavailable = () => new AppError(502, 'address_service_unavailable', 'address_service_unavailable');

const KINDS = new Set(['housenumber', 'street', 'locality', 'municipality']);

function toResult(f: Feature): AddressResult | null {
  const p = f.properties ?? {};
  const [lng, lat] = f.geometry?.coordinates ?? [];
  if (!p.city || !p.postcode) return null;
  const kind = (KINDS.has(p.type ?? '') ? p.type : 'municipality') as AddressResult['kind'];
  const streetName = p.street ?? (kind === 'municipality' ? '' : (p.name ?? ''));
  const street = kind === 'housenumber' && p.housenumber ? `${p.housenumber} ${streetName}`.trim() : streetName;
  // context: "department code, department, region" (Paris: "75, Paris, Île-de-France").
  const [, department = '', region = ''] = (p.context ?? '').split(',').map((s) => s.trim());
  return {
    label: p.label ?? `${street} ${p.postcode} ${p.city}`.trim(),
    lat: typeof lat === 'number' ? lat : null,
    lng: typeof lng === 'number' ? lng : null,
    street,
    city: p.city,
    zip_code: p.postcode,
    area: region || department,
    sub_area: department,
    country: 'France',
    country_iso: 'FR',
    kind,
  };
}

export function nationalAddressProvider(baseUrl: string, timeoutMs = ADDRESS_TIMEOUT_MS): AddressProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: 'national',
    async search(query, limit) {
      const url = `${base}/search/?q=${encodeURIComponent(query)}&limit=${limit}`;
      let body: unknown;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
        if (!res.ok) throw unavailable();
        body = await res.json();
      } catch {
        throw unavailable();
      }
      const features = (body as { features?: unknown })?.features;
      if (!Array.isArray(features)) throw unavailable();
      return (features as Feature[])
        .map(toResult)
        .filter((r): r is AddressResult => r !== null)
        .slice(0, limit);
    },
  };
}
