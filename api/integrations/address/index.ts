// The address provider of this process: the national API when ADDRESS_API_URL is set, the offline
// communes otherwise (decision 110).
import type { Settings } from '../../../config/settings.js';
import { nationalAddressProvider } from './http.js';
import { offlineAddressProvider } from './offline.js';
import type { AddressProvider } from './types.js';

export type { AddressProvider, AddressResult } from './types.js';

export function createAddressProvider(settings: Pick<Settings, 'addressApiUrl'>): AddressProvider {
  return settings.addressApiUrl ? nationalAddressProvider(settings.addressApiUrl) : offlineAddressProvider();
}
