// The offer wizard's calls (public-web.md section 7): a draft is read, saved and published by
// edition token; creating one needs a signed-in recruiter or manager. Once published, the token
// still reads the draft but saving or publishing again answers 409 draft_published (decision 190).
import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { AppError } from '../lib/errors.js';
import { isMessageKey, t } from '../../config/i18n/index.js';
import { validate } from '../lib/validate.js';
import type { DraftOfferJson } from '../../models/index.js';
import { assertMayCreateDraft, createDraft, findEditableDraft, findPublishableDraft, getDraft, publishDraft, saveDraft } from '../services/offers/drafts.service.js';
import { draftSchema, publishSchema } from '../services/offers/drafts.schema.js';

// Who may act is answered before what they sent (401/403/404/409 before 400).
const mayCreate: RequestHandler = async (req, _res, next) => {
  await assertMayCreateDraft(req.caller?.user);
  next();
};
const editable: RequestHandler<{ edition_token: string }> = async (req, _res, next) => {
  await findEditableDraft(req.params.edition_token);
  next();
};
const publishable: RequestHandler<{ edition_token: string }> = async (req, _res, next) => {
  await findPublishableDraft(req.params.edition_token);
  next();
};

// The wizard reads error and error_message (spec); message is kept for every other client.
const draftErrors: ErrorRequestHandler = (err, req, res, next) => {
  if (!(err instanceof AppError)) return next(err);
  const vars = Object.fromEntries(Object.entries(err.details ?? {}).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'));
  const message = isMessageKey(err.messageKey) ? t(req.lang, err.messageKey, vars) : err.messageKey;
  res.status(err.status).json({ error: err.code, message, error_message: message, ...(err.details ? { details: err.details } : {}) });
};

export function draftsRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post('/draft-offer', mayCreate, validate({ body: draftSchema }), async (req, res) => {
    res.status(201).json(await createDraft(req.caller?.user, req.body as DraftOfferJson));
  });
  router.get('/draft-offer/:edition_token', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await getDraft(req.params.edition_token));
  });
  router.put('/draft-offer/:edition_token', editable, validate({ body: draftSchema }), async (req, res) => {
    res.json(await saveDraft(String(req.params.edition_token), req.body as DraftOfferJson));
  });
  router.post('/draft-offer/:edition_token', publishable, validate({ body: publishSchema }), async (req, res) => {
    const item = await publishDraft(String(req.params.edition_token), req.body as DraftOfferJson, req.caller?.user.id ?? null, deps.clock());
    res.json({ Item: item });
  });
  router.use(draftErrors);
  return router;
}
