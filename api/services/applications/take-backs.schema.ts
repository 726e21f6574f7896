// Giving a take back (decision 465): the body of POST /apis/take-backs and the query of
// GET /apis/take-backs, shared with the consoles (browser-safe, zod/mini).
import * as z from 'zod/mini';
import { jobCodeParam } from './manager-applications.schema.js';

/** An application id, as JSON's number or a query's text. */
const applicationId = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v)),
  z.number('application_not_found').check(z.int('application_not_found'), z.minimum(1, 'application_not_found')),
);

/** One take back for one question of one application. */
export const takeBackSchema = z.object({
  application_id: applicationId,
  qid: z.string('answer_not_found').check(z.regex(/^[A-Za-z0-9_-]{1,8}$/, 'answer_not_found')),
});
export type TakeBackInput = z.output<typeof takeBackSchema>;

/** The answers whose takes are used up: of one offer (the manager's candidates) or of one application (a panel). */
export const usedUpTakesQuerySchema = z
  .object({ job_code: z.optional(jobCodeParam), application_id: z.optional(applicationId) })
  .check(z.refine((q) => (q.job_code === undefined) !== (q.application_id === undefined), { message: 'take_back_scope' }));
export type UsedUpTakesQuery = z.output<typeof usedUpTakesQuerySchema>;
