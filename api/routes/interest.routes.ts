// POST /apis/submit-interest: the web application form and the landing lead (public-web.md section 7).
import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { successFalseOnError } from '../lib/http.js';
import { t } from '../../config/i18n/index.js';
import { validate } from '../lib/validate.js';
import { LIMITS, limitWrites } from '../auth/throttle.js';
import { submitInterest } from '../services/applications/interest.service.js';
import { interestSchema, type Interest } from '../services/applications/interest.schema.js';

export function interestRoutes(deps: AppDeps): Router {
  const router = Router();
  const submit: RequestHandler = async (req, res) => {
    await submitInterest(req.body as Interest, deps.clock(), req.lang);
    res.status(201).json({ success: true, message: t(req.lang, 'interest_registered') });
  };
  router.post('/submit-interest', limitWrites(LIMITS.apply, deps.clock), validate({ body: interestSchema }), submit, successFalseOnError);
  return router;
}
