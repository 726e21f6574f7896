// Share links (public-web.md section 7, back-office.md section 7). One path, two payloads:
// POST /apis/share-apply with share_id/view_id is a reviewer's feedback (anonymous); with
// recruiter_id, job_code and candidate_id it is a signed-in recruiter asking for the link.
import { Router } from 'express';
import type { AppDeps } from '../app.js';
import { invalid } from '../lib/errors.js';
import { t } from '../../config/i18n/index.js';
import { createShareLink, sendFeedback, viewSharedApplication } from '../services/share.service.js';

const has = (body: Record<string, unknown>, ...keys: string[]) => keys.some((k) => body[k] !== undefined);

export function shareRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/share-apply/:share_id', async (req, res) => {
    const result = await viewSharedApplication(req.params.share_id, deps.storage, deps.clock());
    // Every answer counts a view and carries personal data: never cached.
    res.set('Cache-Control', 'no-store').json(result);
  });

  router.post('/share-apply', async (req, res) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    if (has(body, 'share_id', 'view_id')) {
      const { recruiterName } = await sendFeedback(body, deps.clock());
      res.json({ error: false, message: t(req.lang, 'feedback_sent_message', { name: recruiterName }), recruiter: { name: recruiterName } });
      return;
    }
    if (has(body, 'recruiter_id', 'job_code', 'candidate_id')) {
      const { created, ...share } = await createShareLink(req.caller?.user, body, deps.settings.publicUrl, deps.clock());
      res.status(created ? 201 : 200).json(share);
      return;
    }
    throw invalid('missing_parameters', 'missing_parameters');
  });

  return router;
}
