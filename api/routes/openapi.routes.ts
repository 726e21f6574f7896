// GET /apis/openapi.json: the API's OpenAPI 3.1 document (api/lib/openapi.ts), built from the
// app's route table on first request (every route is registered by then).
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { apiRoutesOf, openApiDocument } from '../lib/openapi.js';

export function openApiRoutes(deps: AppDeps): Router {
  const router = Router();
  let doc: Record<string, unknown> | undefined;
  router.get('/openapi.json', (req, res) => {
    doc ??= openApiDocument(apiRoutesOf(req.app), deps.settings.publicUrl);
    res.set('Cache-Control', 'public, max-age=300').json(doc);
  });
  return router;
}
