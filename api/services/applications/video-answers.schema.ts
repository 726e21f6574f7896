// Inputs of the video-answer endpoints (api/routes/candidate.routes.ts); the recording page reuses them.
import * as z from 'zod/mini';
import { JOB_CODE_SHAPE, normalizeJobCode } from '../../../models/rules/job-code.js';
import { RECORD_ID } from '../../../models/rules/ids.js';

/** POST /apis/candidate/applications: the offer's job code (case and spaces forgiven). */
export const startApplicationSchema = z.object({
  job_code: z.pipe(z.string('offer_not_found'), z.transform(normalizeJobCode)).check(z.regex(JOB_CODE_SHAPE, 'offer_not_found')),
});
export type StartApplication = z.output<typeof startApplicationSchema>;

/** :id of /apis/candidate/applications/:id */
export const applicationIdSchema = z.object({ id: z.string().check(z.regex(RECORD_ID, 'application_not_found')) });

/** :id and :qid of POST /apis/candidate/applications/:id/answers/:qid/takes (a recording starts). */
export const takeParamsSchema = z.object({
  id: z.string().check(z.regex(RECORD_ID, 'application_not_found')),
  qid: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,8}$/, 'answer_not_found')),
});

/** tus Upload-Metadata of a new answer upload: which application and which question. */
export const answerUploadMetadataSchema = z.object({
  application_id: z.string('upload_metadata_missing').check(z.regex(RECORD_ID, 'upload_metadata_missing')),
  qid: z.string('upload_metadata_missing').check(z.regex(/^[A-Za-z0-9_-]{1,8}$/, 'upload_metadata_missing')),
});
