// GET /apis/qrcode (public-web.md section 7): with redirect=true the answer is the PNG itself,
// usable as an <img src>; without it, JSON naming the encoded address and the image's address.
// See docs/decisions/023-qrcode-redirect.md.
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { validate } from '../lib/validate.js';
import { qrPng } from '../services/offers/qrcode.service.js';
import { qrcodeQuerySchema, type QrcodeQuery } from '../services/offers/qrcode.schema.js';

export function qrcodeRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/qrcode', validate({ query: qrcodeQuerySchema }), async (req, res) => {
    const { redirect } = req.query as unknown as QrcodeQuery;
    const url = deps.settings.appDownloadUrl;
    if (redirect) {
      const png = await qrPng(url);
      res.type('image/png').set('Cache-Control', 'public, max-age=86400').send(png);
      return;
    }
    res.json({ success: true, url, image: `${deps.settings.publicUrl}/apis/qrcode?redirect=true` });
  });
  return router;
}
