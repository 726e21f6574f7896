// Video answers for a signed-in candidate (session cookie or the app's bearer token), docs/api/video-answers.md:
//   POST /apis/candidate/applications            start or resume an application by job code
//   GET  /apis/candidate/applications            the caller's applications (their page /candidate)
//   GET  /apis/candidate/applications/:id        the application and each answer's status
//   POST /apis/candidate/applications/:id/answers/:qid/takes   a recording starts: counted, or 409 no_retakes_left
//   PUT  /apis/candidate/applications/:id/answers/:qid         a text or choice answer (decision 455)
//   tus  /apis/candidate/uploads[/:upload_id]    resumable upload of one answer (POST, HEAD, PATCH, DELETE, OPTIONS)
import type { IncomingMessage } from 'node:http';
import { Router, type RequestHandler } from 'express';
import { Server as TusServer } from '@tus/server';
import type { KvStore, Upload } from '@tus/utils';
import type { AppDeps } from '../deps.js';
import { AnswerUpload, type User } from '../../models/index.js';
import { ANSWER_UPLOADS_PATH, MAX_VIDEO_BYTES } from '../../models/rules/video.js';
import { AppError, invalid, unauthorized } from '../lib/errors.js';
import { errorBody } from '../lib/http.js';
import { parseInput, validate } from '../lib/validate.js';
import { LIMITS, spend, writerOf } from '../auth/throttle.js';
import { DEFAULT_LANG, type Lang } from '../../config/i18n/index.js';
import { answerUploadMetadataSchema, applicationIdSchema, startApplicationSchema, takeParamsSchema, type StartApplication } from '../services/applications/video-answers.schema.js';
import { applicationView, beginAnswerUpload, finishAnswerUpload, ownApplication, ownUpload, recordTake, startApplication, videoError } from '../services/applications/video-answers.service.js';
import { writtenAnswerSchema, type WrittenAnswer } from '../services/applications/written-answers.schema.js';
import { giveWrittenAnswer } from '../services/applications/written-answers.service.js';
import { ffmpegPath } from '../integrations/ffmpeg.js';
import { uploadStoreFor } from '../integrations/upload-store.js';
import { ownApplications } from '../services/applications/candidate-applications.service.js';

/** tus's metadata store: the answer_uploads row of each upload, so that every process knows it. */
class AnswerUploadKv implements KvStore<Upload> {
  async get(key: string): Promise<Upload | undefined> {
    const row = await AnswerUpload.findByPk(key, { attributes: ['upload_json'] });
    return row?.upload_json ? (JSON.parse(row.upload_json) as Upload) : undefined;
  }
  async set(key: string, value: Upload): Promise<void> {
    await AnswerUpload.update({ upload_json: JSON.stringify(value) }, { where: { id: key } });
  }
  async delete(key: string): Promise<void> {
    await AnswerUpload.update({ upload_json: null }, { where: { id: key } });
  }
}

interface NodeSide {
  caller?: { user: User };
  lang?: Lang;
}
/** The Express request behind tus's web Request (srvx keeps it at runtime.node.req). */
const nodeReq = (req: unknown): IncomingMessage & NodeSide => (req as { runtime: { node: { req: IncomingMessage & NodeSide } } }).runtime.node.req;

/** The upload id in a tus request's path (…/candidate/uploads/<32 hex>), or undefined. */
const uploadIdOf = (req: { url: string }) => /\/candidate\/uploads\/([a-f0-9]{32})\/?$/.exec(new URL(req.url).pathname)?.[1];

/** tus errors carry { status_code, body }; ours become the API's JSON error body. */
function tusError(err: AppError, lang: Lang) {
  return { status_code: err.status, body: JSON.stringify(errorBody(err, lang)) };
}

export function candidateRoutes(deps: AppDeps): Router {
  const router = Router();
  // The bytes of uploads in progress: UPLOAD_TMP_DIR or the bucket (decision 406).
  const uploads = uploadStoreFor(deps.settings);
  const datastore = uploads.datastore(new AnswerUploadKv());
  const video = { storage: deps.storage, ffmpeg: () => ffmpegPath(deps.settings), logger: deps.logger };

  const tus = new TusServer({
    path: '/candidate/uploads',
    datastore,
    maxSize: MAX_VIDEO_BYTES,
    relativeLocation: true,
    generateUrl: (_req, { id }) => `${ANSWER_UPLOADS_PATH}/${id}`,
    getFileIdFromRequest: uploadIdOf,
    // Creation: only into the caller's own application, one question, within the limits.
    async onUploadCreate(req, upload) {
      const node = nodeReq(req);
      try {
        const meta = parseInput(answerUploadMetadataSchema, upload.metadata ?? {});
        await beginAnswerUpload(node.caller?.user, meta, upload.id, upload.size, uploads, deps.clock());
        return {};
      } catch (e) {
        if (e instanceof AppError) throw tusError(e, node.lang ?? DEFAULT_LANG);
        throw e;
      }
    },
    // HEAD, PATCH, DELETE: the caller's own upload only (others answer 404, as if it did not exist).
    async onIncomingRequest(req, id) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const node = nodeReq(req);
      try {
        const upload = await ownUpload(node.caller?.user, id);
        if (upload.state !== 'uploading') throw new AppError(404, 'upload_not_found', 'upload_not_found');
      } catch (e) {
        if (e instanceof AppError) throw tusError(e, node.lang ?? DEFAULT_LANG);
        throw e;
      }
    },
    // The last byte: checked by content, then queued for transcoding (or refused, nothing kept).
    async onUploadFinish(req, upload) {
      const node = nodeReq(req);
      try {
        await finishAnswerUpload(video, uploads, upload.id, deps.clock());
        return {};
      } catch (e) {
        if (e instanceof AppError) throw tusError(e, node.lang ?? DEFAULT_LANG);
        throw e;
      }
    },
    async onResponseError(req, err) {
      const lang = nodeReq(req).lang ?? DEFAULT_LANG;
      if (err instanceof AppError) return tusError(err, lang);
      if ('status_code' in err && err.status_code === 413) return tusError(videoError('video_too_large'), lang);
      // The bytes went in the middle of a PATCH (tus: 500 write error, 410 gone) because the upload
      // was replaced by a retake or deleted with its account: the upload is no more, as for a HEAD.
      const id = 'status_code' in err && (err.status_code === 500 || err.status_code === 410) ? uploadIdOf(req) : undefined;
      const gone = id
        ? await AnswerUpload.count({ where: { id, state: 'uploading' } }).then(
            (n) => n === 0,
            () => false,
          )
        : false;
      if (gone) return tusError(new AppError(404, 'upload_not_found', 'upload_not_found'), lang);
      return undefined;
    },
  });
  // DELETE by the candidate (tus termination): the bytes go, and the row with them.
  tus.on('POST_TERMINATE', (_req: unknown, _res: unknown, id: string) => {
    void AnswerUpload.destroy({ where: { id, state: 'uploading' } }).catch((err) => deps.logger.warn({ err, id }, 'terminated upload row not removed'));
  });

  const candidateOnly: RequestHandler = (req, _res, next) => (req.caller ? next() : next(unauthorized()));
  const handle: RequestHandler = (req, res, next) => {
    tus.handle(req, res).catch(next);
  };
  // Creating an upload counts against the caller's upload limits (per user and per address).
  const limitCreation: RequestHandler = (req, _res, next) => {
    const now = deps.clock();
    spend([LIMITS.videoUpload(writerOf(req)), LIMITS.videoUpload(`ip:${req.ip ?? 'unknown'}`)], now, 'too_many_writes').then(() => next(), next);
  };

  router.post('/candidate/applications', candidateOnly, validate({ body: startApplicationSchema }), async (req, res) => {
    const { job_code } = req.body as StartApplication;
    const { application, created } = await startApplication(req.caller?.user, job_code, deps.clock());
    res.status(created ? 201 : 200).json(await applicationView(application, req.lang, uploads));
  });
  // The candidate's own applications, for their page /candidate (decision 283).
  router.get('/candidate/applications', candidateOnly, async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json({ Items: await ownApplications(req.caller?.user, deps.clock()) });
  });
  router.get('/candidate/applications/:id', candidateOnly, validate({ params: applicationIdSchema }), async (req, res) => {
    const application = await ownApplication(req.caller?.user, Number(req.params.id));
    res.json(await applicationView(application, req.lang, uploads));
  });
  // The recorder starts a recording: the server counts the take (the offer's retakes, decision 405).
  router.post('/candidate/applications/:id/answers/:qid/takes', candidateOnly, validate({ params: takeParamsSchema }), async (req, res) => {
    res.status(201).json(await recordTake(req.caller?.user, Number(req.params.id), String(req.params.qid), deps.clock()));
  });

  // A text or choice answer (decision 455): checked against its question, 422 when it does not fit.
  router.put('/candidate/applications/:id/answers/:qid', candidateOnly, validate({ params: takeParamsSchema, body: writtenAnswerSchema }), async (req, res) => {
    await giveWrittenAnswer(req.caller?.user, Number(req.params.id), String(req.params.qid), req.body as WrittenAnswer, deps.clock());
    res.json(await applicationView(await ownApplication(req.caller?.user, Number(req.params.id)), req.lang, uploads));
  });

  // tus's concatenation extension is not offered (OPTIONS lists those that are, Tus-Extension):
  // an upload that asks for it is the client's mistake, not a 501 (decision 212).
  const noConcatenation: RequestHandler = (req, res, next) => {
    if (req.headers['upload-concat'] === undefined) return next();
    res.set('Tus-Resumable', '1.0.0');
    next(invalid('tus_extension_not_supported', 'tus_extension_not_supported', { extension: 'concatenation' }));
  };

  router.options('/candidate/uploads', handle);
  router.post('/candidate/uploads', candidateOnly, noConcatenation, limitCreation, handle);
  router.options('/candidate/uploads/:uploadId', handle);
  router.head('/candidate/uploads/:uploadId', candidateOnly, handle);
  router.patch('/candidate/uploads/:uploadId', candidateOnly, handle);
  router.delete('/candidate/uploads/:uploadId', candidateOnly, handle);
  return router;
}
