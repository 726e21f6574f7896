// Lead notifications, resent by staff (docs/decisions/165-lead-resend.md):
// POST /apis/resend-interest-notif (public-web.md section 7: Pk, Sk, phone_number, firstname,
// lastname) and POST /apis/console/landings/resend, the bulk resend of the leads a console filter
// selects. The lead card's button is the declared console action `resend` (models/resources/landings).
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AppDeps } from '../deps.js';
import { requireAdmin } from '../auth/guards.js';
import { validate } from '../lib/validate.js';
import { t } from '../../config/i18n/index.js';
import { consoleCtxOf } from './console-context.js';
import { landings } from '../../models/resources/landings/resource.js';
import { filterBodySchema, type ListQuery } from '../console/query.js';
import { planOf, whereOf } from '../console/read.js';
import { authorizeAction, type Scope } from '../console/engine.js';
import { MAX_BULK_RESEND, bulkResend, idsWhere, resendInterestNotif } from '../services/applications/lead-notif.service.js';
import { resendInterestNotifSchema, type ResendInterestNotif } from '../services/applications/lead-notif.schema.js';

export function leadNotifRoutes(deps: AppDeps): Router {
  const router = Router();

  router.post('/resend-interest-notif', requireAdmin, validate({ body: resendInterestNotifSchema }), async (req: Request, res: Response) => {
    const result = await resendInterestNotif(req.caller!.user.id, req.body as ResendInterestNotif, deps.clock());
    res.status(202).json({ success: true, message: t(req.lang, 'resend_queued'), ...result });
  });

  // Body { filter }: the landing list's filter as the console sends it (notif, q, created range, ids).
  const authorizeResend: RequestHandler = async (req, res, next) => {
    res.locals.scope = await authorizeAction(landings, 'resend', req.caller);
    next();
  };
  router.post(
    '/console/landings/resend',
    authorizeResend,
    validate(() => ({ body: filterBodySchema(landings) })),
    async (req: Request, res: Response) => {
      const scope = res.locals.scope as Scope;
      const q = req.body as ListQuery;
      const ctx = consoleCtxOf(deps, req);
      const ids = await idsWhere(planOf(landings).from, whereOf(ctx, landings, q.filter, scope), MAX_BULK_RESEND);
      const result = await bulkResend(req.caller!.user.id, ids, deps.clock(), q.filter);
      res.status(202).json({ success: true, message: t(req.lang, 'bulk_resend_queued', { queued: result.queued, skipped: result.skipped }), ...result });
    },
  );

  return router;
}
