// The offer wizard's calls (public-web.md section 7): a draft is read, saved and published by
// edition token; creating one needs a signed-in recruiter or manager.
import { Router, type ErrorRequestHandler } from 'express';
import type { AppDeps } from '../app.js';
import { AppError } from '../lib/errors.js';
import { isMessageKey, t } from '../../config/i18n/index.js';
import { createDraft, getDraft, publishDraft, saveDraft } from '../services/drafts.service.js';

// The wizard reads error and error_message (spec); message is kept for every other client.
const draftErrors: ErrorRequestHandler = (err, req, res, next) => {
  if (!(err instanceof AppError)) return next(err);
  const message = isMessageKey(err.messageKey) ? t(req.lang, err.messageKey) : err.messageKey;
  res.status(err.status).json({ error: err.code, message, error_message: message, ...(err.details ? { details: err.details } : {}) });
};

export function draftsRoutes(_deps: AppDeps): Router {
  const router = Router();
  router.post('/draft-offer', async (req, res) => {
    res.status(201).json(await createDraft(req.caller?.user, req.body));
  });
  router.get('/draft-offer/:edition_token', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await getDraft(req.params.edition_token));
  });
  router.put('/draft-offer/:edition_token', async (req, res) => {
    res.json(await saveDraft(req.params.edition_token, req.body));
  });
  router.post('/draft-offer/:edition_token', async (req, res) => {
    const item = await publishDraft(req.params.edition_token, req.body, req.caller?.user.id ?? null);
    res.json({ Item: item });
  });
  router.use(draftErrors);
  return router;
}
