// GET /apis/config/{lang}: the reference lists of the offer forms. The JSON of each language is
// built once; clients revalidate with If-None-Match and get 304 while the lists are unchanged.
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps.js';
import { referenceJson } from '../../config/reference/index.js';
import { keepPublic } from '../lib/public-cache.js';

function send(req: Request, res: Response, lang: string) {
  const { body, etag, lang: served } = referenceJson(lang);
  res.set({
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Language': served === 'es' ? 'en' : served,
    'Cache-Control': 'public, max-age=3600',
    ETag: etag,
  });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.send(body);
}

export function configRoutes(deps: AppDeps): Router {
  const router = Router();
  const keep = keepPublic(deps);
  router.get('/config', keep, (req, res) => send(req, res, 'fr'));
  router.get('/config/:lang', keep, (req, res) => send(req, res, String(req.params.lang)));
  return router;
}
