// GET /apis/qrcode (public-web.md section 7): with redirect=true the answer is the PNG itself,
// usable as an <img src>; without it, JSON naming the encoded address and the image's address.
// See docs/decisions/023-qrcode-redirect.md.
import { Router } from 'express';
import type { AppDeps } from '../app.js';
import { invalid } from '../lib/errors.js';
import { qrPng } from '../services/qrcode.service.js';

export function qrcodeRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/qrcode', async (req, res) => {
    const redirect = String(req.query.redirect ?? 'false').toLowerCase();
    if (!['true', '1', 'false', '0'].includes(redirect)) throw invalid('validation_error', 'validation_error', { field: 'redirect' });
    const url = deps.settings.appDownloadUrl;
    if (redirect === 'true' || redirect === '1') {
      const png = await qrPng(url);
      res.type('image/png').set('Cache-Control', 'public, max-age=86400').send(png);
      return;
    }
    res.json({ success: true, url, image: `${deps.settings.publicUrl}/apis/qrcode?redirect=true` });
  });
  return router;
}
