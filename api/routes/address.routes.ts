// Address autocomplete for shops and offers (decision 110): signed-in company users type a city,
// a postal code or (with ADDRESS_API_URL) a street; the answer is the spec's address shape.
// The offer wizard's link holder, who may have no account, shows the draft's edition token
// instead (?edition_token=, decision 172), as the logo upload does, until the draft is published.
import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { validate } from '../lib/validate.js';
import { requireUser } from '../auth/guards.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { assertDraftEditable, findDraft } from '../services/offers/drafts.service.js';
import { createAddressProvider } from '../integrations/address/index.js';
import { addressQuerySchema, type AddressQuery } from '../services/offers/address.schema.js';
import { isCandidate } from '../auth/access.js';

export function addressRoutes(deps: AppDeps): Router {
  const router = Router();
  const provider = createAddressProvider(deps.settings);
  // A signed-in company user, or anyone holding a draft's edition token.
  const mayAsk: RequestHandler = async (req, res, next) => {
    const token = req.query.edition_token;
    if (req.caller || token === undefined) return requireUser(req, res, next);
    const draft = await findDraft(String(token)).catch(() => {
      throw unauthorized();
    });
    // Only while the draft is being written: a published draft's link edits nothing (409).
    assertDraftEditable(draft);
    res.locals.byEditionToken = true;
    next();
  };
  router.get('/address-search', mayAsk, validate({ query: addressQuerySchema }), async (req, res) => {
    if (!res.locals.byEditionToken && isCandidate(req.caller!.user)) throw forbidden();
    const { q, limit } = req.query as unknown as AddressQuery;
    const Items = await provider.search(q, limit);
    res.set('Cache-Control', 'private, max-age=300').json({ Items, Count: Items.length, provider: provider.name });
  });
  return router;
}
