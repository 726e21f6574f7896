// GET /files/{w}x{h}/{key}: a public picture at one of the spec's sizes (100x100, 50x50, 40x40,
// 32x32; public-web.md "Images are requested from a CDN as {width}x{height}/{path}"). Made once
// and kept in storage (api/integrations/pictures.ts); private media (CVs, stories) have no sizes
// and stay behind their signed /media addresses. docs/decisions/310-picture-sizes.md.
import { Router } from 'express';
import helmet from 'helmet';
import type { AppDeps } from '../deps.js';
import { pictureSizes } from '../integrations/pictures.js';
import { assertSafeKey } from '../integrations/storage.js';
import { notFound } from '../lib/errors.js';
import { isPrivateKey, parsePictureSize } from '../../models/rules/storage-url.js';

/** As the originals under /files: an hour in any cache (a deleted picture leaves caches within the hour). */
const PICTURE_CACHE_CONTROL = 'public, max-age=3600';

const SIZE_SHAPE = /^\d+x\d+$/;

export function picturesRoutes(deps: AppDeps, assetsDir: string): Router {
  const router = Router();
  const sized = pictureSizes({ storage: deps.storage, assetsDir });
  router.get('/:size/{*key}', helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }), async (req, res, next) => {
    const segment = String(req.params.size);
    // Not a size (/files/picture/<name>): the originals' route answers.
    if (!SIZE_SHAPE.test(segment)) return next();
    const key = ([] as string[]).concat((req.params as { key?: string[] }).key ?? []).join('/');
    try {
      const size = parsePictureSize(segment);
      if (!size) throw notFound('picture_size_not_offered', 'picture_size_not_offered');
      try {
        assertSafeKey(key);
      } catch {
        throw notFound('picture_not_found', 'picture_not_found');
      }
      // A CV or a story is not a public picture at any size: the same 404 as for a missing one.
      if (isPrivateKey(key)) throw notFound('picture_not_found', 'picture_not_found');
      const picture = await sized(key, size);
      res.type(picture.contentType).set('Cache-Control', PICTURE_CACHE_CONTROL).send(picture.body);
    } catch (e) {
      // Refusals are not kept by caches: the picture may be uploaded (or fixed) a moment later.
      res.set('Cache-Control', 'no-store');
      next(e);
    }
  });
  return router;
}
