// Self-service privacy for a signed-in candidate (docs/decisions/168-self-service-privacy.md):
//   GET  /apis/privacy/export   a ZIP of all their data (JSON + stories + CVs)
//   POST /apis/privacy/delete   { "confirm": true }: deletes their account, files at once
// Both act on the caller only: there is no id to name someone else.
import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { requireUser } from '../auth/guards.js';
import { validate } from '../lib/validate.js';
import { clearSessionCookie } from '../auth/sessions.js';
import { t } from '../../config/i18n/index.js';
import { deleteAccountSchema } from '../services/identity/privacy.schema.js';
import { assertCandidate, deleteOwnAccount, exportPlan, exportZip } from '../services/identity/privacy.service.js';
import { uploadStoreFor } from '../integrations/upload-store.js';

/** Signed-in candidates only, checked before the body is (a recruiter reads 403 whatever they send). */
const requireCandidate: RequestHandler = (req, _res, next) => {
  try {
    assertCandidate(req.caller?.user);
    next();
  } catch (e) {
    next(e);
  }
};

export function privacyRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/privacy/export', requireUser, requireCandidate, async (req, res) => {
    const user = assertCandidate(req.caller?.user);
    const now = deps.clock();
    const plan = await exportPlan(deps.storage, user);
    res.set({
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.zip"`,
      'Cache-Control': 'private, no-store',
    });
    const zip = exportZip(deps.storage, plan, now);
    zip.on('error', (err: Error) => {
      deps.logger.warn({ err }, 'privacy export failed');
      res.destroy(err);
    });
    zip.pipe(res);
  });

  router.post('/privacy/delete', requireUser, requireCandidate, validate({ body: deleteAccountSchema }), async (req, res) => {
    await deleteOwnAccount({ storage: deps.storage, uploads: uploadStoreFor(deps.settings) }, req.caller?.user, deps.clock());
    clearSessionCookie(req, res, deps.settings.publicUrl);
    res.json({ success: true, message: t(req.lang, 'privacy_account_deleted') });
  });

  return router;
}
