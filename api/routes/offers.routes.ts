// GET /apis/list-offers/{job_code}: the public offer (anonymous). The body is the offer itself
// (docs/decisions/011-public-offer-response.md).
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { getPublicOffer } from '../services/offers/offers.service.js';
import { keepPublic } from '../lib/public-cache.js';

export function offersRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/list-offers/:job_code', keepPublic(deps), async (req, res) => {
    const offer = await getPublicOffer(String(req.params.job_code), deps.clock());
    // Short shared caching: a closed offer disappears within a minute at most.
    res.set('Cache-Control', 'public, max-age=30, stale-while-revalidate=30').json(offer);
  });
  return router;
}
