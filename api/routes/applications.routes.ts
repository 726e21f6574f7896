// Candidates of the manager area and the recruiter dashboard (back-office.md section 7):
// GET /apis/application, GET /apis/application/{job_code}?fullStates=true,
// GET /apis/application/{job_code}/{candidate_sub} (one candidate with answers and feedback) and
// POST /apis/application/{job_code}/{candidate_sub} (the move between states, section 4);
// GET and POST /apis/take-backs (a take given back to a candidate, decision 465).
import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { validate } from '../lib/validate.js';
import { requireUser } from '../auth/guards.js';
import { dashboardApplications, type DashboardQuery } from '../services/applications/manager-applications-dashboard.service.js';
import { moveApplication } from '../services/applications/manager-applications-moves.service.js';
import { offerApplications } from '../services/applications/manager-applications-offer.service.js';
import { offerApplication } from '../services/applications/manager-applications-panel.service.js';
import { giveTakeBack, usedUpTakes } from '../services/applications/take-backs.service.js';
import { takeBackSchema, usedUpTakesQuerySchema, type TakeBackInput, type UsedUpTakesQuery } from '../services/applications/take-backs.schema.js';
import {
  applicationParamsSchema,
  dashboardQuerySchema,
  offerApplicationsQuerySchema,
  offerParamsSchema,
  transitionSchema,
  type OfferApplicationsQuery,
  type TransitionInput,
} from '../services/applications/manager-applications.schema.js';

export function applicationsRoutes(deps: AppDeps): Router {
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  };

  router.get('/application', requireUser, noStore, validate({ query: dashboardQuerySchema }), async (req, res) => {
    res.json(await dashboardApplications(req.caller!.user, req.query as unknown as DashboardQuery, deps.media!, deps.clock()));
  });

  router.get('/application/:job_code', requireUser, noStore, validate({ params: offerParamsSchema, query: offerApplicationsQuerySchema }), async (req, res) => {
    const q = req.query as unknown as OfferApplicationsQuery;
    const full = ['true', '1'].includes(String(q.fullStates));
    res.json(await offerApplications(req.caller!.user, String(req.params.job_code), full, deps.media!, deps.clock(), { tab: q.tab, limit: q.limit, after: q.after }));
  });

  router.get('/application/:job_code/:candidate_sub', requireUser, noStore, validate({ params: applicationParamsSchema }), async (req, res) => {
    res.json(await offerApplication(req.caller!.user, String(req.params.job_code), String(req.params.candidate_sub), deps.media!, deps.clock()));
  });

  router.post('/application/:job_code/:candidate_sub', requireUser, validate({ params: applicationParamsSchema, body: transitionSchema }), async (req, res) => {
    const { recruiter_state } = req.body as TransitionInput;
    res.json(await moveApplication(req.caller!.user, String(req.params.job_code), String(req.params.candidate_sub), recruiter_state, deps.clock()));
  });

  // Giving a take back (decision 465): the answers whose takes are used up, and one take back.
  router.get('/take-backs', requireUser, noStore, validate({ query: usedUpTakesQuerySchema }), async (req, res) => {
    res.json(await usedUpTakes(req.caller!.user, req.query as unknown as UsedUpTakesQuery));
  });
  router.post('/take-backs', requireUser, validate({ body: takeBackSchema }), async (req, res) => {
    res.json(await giveTakeBack(req.caller!.user, req.body as TakeBackInput, deps.clock()));
  });

  return router;
}
