// Params, queries and bodies of the application routes of the manager area and the recruiter
// dashboard (api/routes/applications.routes.ts). Browser-safe (zod/mini).
import * as z from 'zod/mini';
import { text } from '../../models/rules/text.js';
import { RECRUITER_STATES } from '../../models/application.model.js';

/** A job code in a path, uppercased; one that cannot exist answers like one that does not (404, scopedOffer). */
export const jobCodeParam = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : '')),
  z.string(),
);

export const offerParamsSchema = z.object({ job_code: jobCodeParam });
export const applicationParamsSchema = z.object({ job_code: jobCodeParam, candidate_sub: text(36, { invalid: 'application_not_found', min: 1 }) });

const flag = z.optional(z.enum(['true', 'false', '1', '0'], 'validation_error'));
export const offerApplicationsQuerySchema = z.object({ fullStates: flag });

export const transitionSchema = z.object({ recruiter_state: z.enum(RECRUITER_STATES, 'recruiter_state_invalid') });
export type TransitionInput = z.output<typeof transitionSchema>;

const isoDate = z.pipe(
  z.string('invalid_date'),
  z.transform((v, ctx) => {
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) {
      ctx.issues.push({ code: 'custom', message: 'invalid_date', input: v });
      return z.NEVER;
    }
    return d;
  }),
);

export const DASHBOARD_LIMIT_MAX = 500;

export const dashboardQuerySchema = z.object({
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  job_code: z.optional(jobCodeParam),
  state: z._default(z.enum(['complete', 'applying', 'all'], 'validation_error'), 'complete'),
  limit: z._default(
    z.pipe(
      z.transform((v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)),
      z.number('invalid_limit').check(z.int('invalid_limit'), z.minimum(1, 'invalid_limit'), z.maximum(DASHBOARD_LIMIT_MAX, 'invalid_limit')),
    ),
    200,
  ),
  after: z.optional(
    z.pipe(
      z.string('validation_error'),
      z.transform((v, ctx) => {
        const i = v.lastIndexOf('|');
        const at = new Date(v.slice(0, i));
        const id = Number(v.slice(i + 1));
        if (i < 0 || Number.isNaN(at.getTime()) || !Number.isSafeInteger(id)) {
          ctx.issues.push({ code: 'custom', message: 'validation_error', input: v });
          return z.NEVER;
        }
        return { at, id };
      }),
    ),
  ),
});
