// POST /apis/upload/cv (anonymous allowed: the public application form) and
// POST /apis/upload/image (signed in, or the wizard's edition_token); multipart field "file".
import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import type { AppDeps } from '../deps.js';
import { AppError, invalid } from '../lib/errors.js';
import { MAX_UPLOAD_BYTES, storeUpload } from '../services/platform/uploads.service.js';
import type { UploadKind } from '../../models/index.js';
import { validate } from '../lib/validate.js';
import { LIMITS, limitWrites } from '../auth/throttle.js';
import { uploadFieldsSchema, type UploadFields } from '../services/platform/uploads.schema.js';

const parser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
}).single('file');

// multer's own errors (size, unexpected field, a truncated body) are the caller's mistakes.
const readFile: RequestHandler = (req, res, next) => {
  parser(req, res, (err?: unknown) => {
    if (!err) return next();
    if ((err as { code?: string }).code === 'LIMIT_FILE_SIZE') return next(new AppError(413, 'file_too_large', 'file_too_large'));
    next(invalid('validation_error', 'validation_error', { issue: String((err as Error).message ?? err) }));
  });
};

export function uploadsRoutes(deps: AppDeps): Router {
  const router = Router();
  const handle =
    (kind: UploadKind): RequestHandler =>
    async (req, res) => {
      const body = req.body as UploadFields;
      const stored = await storeUpload(deps.storage, {
        kind,
        body: req.file?.buffer,
        ownerId: req.caller?.user.id ?? null,
        editionToken: body.edition_token,
      });
      res.status(201).json(stored);
    };
  const fields = validate({ body: uploadFieldsSchema });
  const limit = limitWrites(LIMITS.upload, deps.clock);
  router.post('/upload/cv', limit, readFile, fields, handle('cv'));
  router.post('/upload/image', limit, readFile, fields, handle('image'));
  return router;
}
