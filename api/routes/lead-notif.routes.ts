// Lead notifications, resent by staff (docs/decisions/165-lead-resend.md):
// POST /apis/resend-interest-notif (public-web.md section 7: Pk, Sk, phone_number, firstname,
// lastname) and POST /apis/console/landings/resend, the bulk resend of the leads a console filter
// selects. The lead card's button is the declared console action `resend` (models/resources/landings).
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps.js';
import { requireAdmin } from '../auth/guards.js';
import { validate } from '../lib/validate.js';
import { invalid } from '../lib/errors.js';
import { t } from '../../config/i18n/index.js';
import { boundSequelize } from '../../models/index.js';
import { landings } from '../../models/resources/landings/resource.js';
import { parseListQuery } from '../console/query.js';
import { planOf, whereOf } from '../console/read.js';
import { authorizeAction } from '../console/engine.js';
import { MAX_BULK_RESEND, bulkResend, idsWhere, resendInterestNotif } from '../services/lead-notif.service.js';
import { resendInterestNotifSchema, type ResendInterestNotif } from '../services/lead-notif.schema.js';

export function leadNotifRoutes(deps: AppDeps): Router {
  const router = Router();

  router.post('/resend-interest-notif', requireAdmin, validate({ body: resendInterestNotifSchema }), async (req: Request, res: Response) => {
    const result = await resendInterestNotif(req.caller!.user.id, req.body as ResendInterestNotif, deps.clock());
    res.status(202).json({ success: true, message: t(req.lang, 'resend_queued'), ...result });
  });

  // Body { filter }: the landing list's filter as the console sends it (notif, q, created range, ids).
  router.post('/console/landings/resend', async (req: Request, res: Response) => {
    const scope = await authorizeAction(landings, 'resend', req.caller);
    const body: unknown = req.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('invalid_body', 'validation_error');
    const rawFilter = (body as { filter?: unknown }).filter ?? {};
    const q = parseListQuery(landings, { filter: JSON.stringify(rawFilter) });
    const sequelize = boundSequelize();
    const ctx = {
      caller: req.caller!,
      clock: deps.clock,
      sequelize,
      dialect: sequelize.getDialect() === 'sqlite' ? 'sqlite' : 'mysql',
      publicUrl: deps.settings.publicUrl,
      storage: deps.storage,
      uploadDir: deps.settings.video.uploadDir,
      media: deps.media!,
    } as const;
    const ids = await idsWhere(planOf(landings).from, whereOf(ctx, landings, q.filter, scope), MAX_BULK_RESEND);
    const result = await bulkResend(req.caller!.user.id, ids, deps.clock(), q.filter);
    res.status(202).json({ success: true, message: t(req.lang, 'bulk_resend_queued', { queued: result.queued, skipped: result.skipped }), ...result });
  });

  return router;
}
