// GET /apis/landing-config/{customer} (public-web.md section 7).
import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { successFalseOnError } from '../lib/http.js';
import { getLandingConfig } from '../services/offers/landing.service.js';

export function landingRoutes(deps: AppDeps): Router {
  const router = Router();
  const config: RequestHandler<{ customer: string }> = async (req, res) => {
    res.set('Cache-Control', 'no-cache').json({ success: true, config: await getLandingConfig(req.params.customer, deps.clock()) });
  };
  router.get('/landing-config/:customer', config, successFalseOnError);
  return router;
}
