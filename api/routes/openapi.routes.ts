// GET /apis/openapi.json: the API's OpenAPI 3.1 document (api/lib/openapi.ts), built from the
// app's route table on first request (every route is registered by then). The reference page
// /developers (portal) draws the same document.
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { openApiDocumentOf } from '../lib/openapi.js';

export function openApiRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/openapi.json', (req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(openApiDocumentOf(req.app, deps.settings.publicUrl));
  });
  return router;
}
