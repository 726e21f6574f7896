// Share links (public-web.md section 7, back-office.md section 7). One path, two payloads:
// POST /apis/share-apply with share_id/view_id is a reviewer's feedback (anonymous); with
// recruiter_id, job_code and candidate_id it is a signed-in recruiter asking for the link.
import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import * as z from 'zod/mini';
import { unauthorized } from '../lib/errors.js';
import { validate } from '../lib/validate.js';
import { t } from '../../config/i18n/index.js';
import { LIMITS, limitWrites } from '../auth/throttle.js';
import { createShareLink, sendFeedback, viewSharedApplication } from '../services/applications/share.service.js';
import { feedbackSchema, shareRequestSchema, type FeedbackInput, type ShareRequest } from '../services/applications/share.schema.js';

const has = (body: unknown, ...keys: string[]) => !!body && typeof body === 'object' && keys.some((k) => (body as Record<string, unknown>)[k] !== undefined);
const isFeedback = (body: unknown) => has(body, 'share_id', 'view_id');
const isLinkRequest = (body: unknown) => has(body, 'recruiter_id', 'job_code', 'candidate_id');

/** Neither payload: the spec's missing parameters. */
const neither = z.custom(() => false, 'missing_parameters');
/** A link request needs a signed-in caller before its body is checked. */
const linkRequestCaller: RequestHandler = (req, _res, next) => {
  if (!isFeedback(req.body) && isLinkRequest(req.body) && !req.caller) throw unauthorized();
  next();
};
/** The schema of whichever payload was sent. */
const checkShareApply = validate((req) => ({ body: isFeedback(req.body) ? feedbackSchema : isLinkRequest(req.body) ? shareRequestSchema : neither }));

export function shareRoutes(deps: AppDeps): Router {
  const router = Router();
  const limitViews = limitWrites(LIMITS.shareView, deps.clock);
  const limitFeedback = limitWrites(LIMITS.feedback, deps.clock);
  const limitIfFeedback: RequestHandler = (req, res, next) => (isFeedback(req.body) ? limitFeedback(req, res, next) : next());

  router.get('/share-apply/:share_id', limitViews, async (req, res) => {
    const result = await viewSharedApplication(String(req.params.share_id), deps.media!, deps.clock());
    // Every answer counts a view and carries personal data: never cached.
    res.set('Cache-Control', 'no-store').json(result);
  });

  router.post('/share-apply', limitIfFeedback, linkRequestCaller, checkShareApply, async (req, res) => {
    if (isFeedback(req.body)) {
      const { recruiterName } = await sendFeedback(req.body as FeedbackInput, deps.clock());
      res.json({ error: false, message: t(req.lang, 'feedback_sent_message', { name: recruiterName }), recruiter: { name: recruiterName } });
      return;
    }
    const { created, ...share } = await createShareLink(req.caller?.user, req.body as ShareRequest, deps.settings.publicUrl, deps.clock());
    res.status(created ? 201 : 200).json(share);
  });

  return router;
}
