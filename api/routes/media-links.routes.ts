// GET /apis/applications/:application_id/media: the signed addresses of an application's CV and
// story videos, for those who may see them (api/services/applications/media.service.ts), and
// GET /apis/applications/:application_id/feedback: the outside reviewers' votes and comments.
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { applicationFeedback, applicationMedia } from '../services/applications/media.service.js';

export function mediaLinksRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/applications/:application_id/media', async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await applicationMedia(req.caller?.user, req.params.application_id, deps.media!, deps.clock()));
  });
  // What outside reviewers voted and wrote on the application's share links, for the same callers.
  router.get('/applications/:application_id/feedback', async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await applicationFeedback(req.caller?.user, req.params.application_id));
  });
  return router;
}
