// The manager's offer calls (back-office.md section 7): POST /apis/offer (bulk creation, one offer
// per call, managers), POST /apis/offer/{job_code} (active toggle or shop name) and POST
// /apis/boost-offer (the offer's recruiter, their managers, staff).
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { validate } from '../lib/validate.js';
import { requireManager, requireUser } from '../auth/guards.js';
import { boostOffer, createManagerOffer, updateManagerOffer } from '../services/offers/manager-offers.service.js';
import { boostSchema, bulkOfferSchema, offerUpdateSchema, type BulkOfferInput, type OfferUpdateInput } from '../services/offers/manager-offers.schema.js';
import { offerParamsSchema } from '../services/applications/manager-applications.schema.js';

export function managerOffersRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post('/offer', requireManager, validate({ body: bulkOfferSchema }), async (req, res) => {
    res.status(201).json(await createManagerOffer(req.caller!.user, req.body as BulkOfferInput, deps.clock()));
  });
  router.post('/offer/:job_code', requireUser, validate({ params: offerParamsSchema, body: offerUpdateSchema }), async (req, res) => {
    res.json(await updateManagerOffer(req.caller!.user, String(req.params.job_code), req.body as OfferUpdateInput, deps.clock()));
  });
  router.post('/boost-offer', requireUser, validate({ body: boostSchema }), async (req, res) => {
    res.json(await boostOffer(req.caller!.user, (req.body as { job_code: string }).job_code, deps.clock()));
  });
  return router;
}
