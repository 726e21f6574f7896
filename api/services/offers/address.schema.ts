// GET /apis/address-search?q=&limit= (api/routes/address.routes.ts): the text typed in an address
// field and how many suggestions to return.
import * as z from 'zod/mini';
import { text } from '../../../models/rules/text.js';
import { ADDRESS_LIMIT_MAX, ADDRESS_QUERY_MAX } from '../../integrations/address/types.js';

export const ADDRESS_QUERY_MIN = 2;

export const addressQuerySchema = z.object({
  q: text(ADDRESS_QUERY_MAX, { invalid: 'address_query_too_short', min: ADDRESS_QUERY_MIN }),
  limit: z._default(
    z.pipe(
      z.transform((v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)),
      z.number('invalid_limit').check(z.int('invalid_limit'), z.minimum(1, 'invalid_limit'), z.maximum(ADDRESS_LIMIT_MAX, 'invalid_limit')),
    ),
    8,
  ),
});
export type AddressQuery = z.output<typeof addressQuerySchema>;
