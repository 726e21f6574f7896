// Address autocomplete for shops and offers (decision 110): signed-in company users type a city,
// a postal code or (with ADDRESS_API_URL) a street; the answer is the spec's address shape.
import { Router } from 'express';
import type { AppDeps } from '../app.js';
import { validate } from '../lib/validate.js';
import { requireUser } from '../auth/guards.js';
import { forbidden } from '../lib/errors.js';
import { createAddressProvider } from '../integrations/address/index.js';
import { addressQuerySchema, type AddressQuery } from '../services/address.schema.js';

export function addressRoutes(deps: AppDeps): Router {
  const router = Router();
  const provider = createAddressProvider(deps.settings);
  router.get('/address-search', requireUser, validate({ query: addressQuerySchema }), async (req, res) => {
    if (req.caller!.user.profile === 'candidate' && !req.caller!.user.is_admin) throw forbidden();
    const { q, limit } = req.query as unknown as AddressQuery;
    const Items = await provider.search(q, limit);
    res.set('Cache-Control', 'private, max-age=300').json({ Items, Count: Items.length, provider: provider.name });
  });
  return router;
}
