// Params, queries and bodies of the application routes of the manager area and the recruiter
// dashboard (api/routes/applications.routes.ts). Browser-safe (zod/mini).
import * as z from 'zod/mini';
import { text } from '../../../models/rules/text.js';
import { DASHBOARD_COLUMNS, RECRUITER_STATES, TABS } from '../../../models/rules/recruiter-states.js';

type TabName = keyof typeof TABS;

/** A job code in a path, uppercased; one that cannot exist answers like one that does not (404, scopedOffer). */
export const jobCodeParam = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : '')),
  z.string(),
);

export const offerParamsSchema = z.object({ job_code: jobCodeParam });
export const applicationParamsSchema = z.object({ job_code: jobCodeParam, candidate_sub: text(36, { invalid: 'application_not_found', min: 1 }) });

const flag = z.optional(z.enum(['true', 'false', '1', '0'], 'validation_error'));
/** One offer's candidates, page by page per tab (decision 156): the most a page holds, and its default. */
export const OFFER_PAGE_MAX = 200;
export const OFFER_PAGE_DEFAULT = 50;
const pageLimit = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)),
  z.number('invalid_limit').check(z.int('invalid_limit'), z.minimum(1, 'invalid_limit'), z.maximum(OFFER_PAGE_MAX, 'invalid_limit')),
);
/** The keyset cursor of an offer's candidates: the state, submit time and id of the last row of the previous page. */
const offerCursor = z.pipe(
  z.string('invalid_cursor'),
  z.transform((v, ctx) => {
    const [state, at, id, ...rest] = v.split('|');
    const date = new Date(at ?? '');
    if (rest.length || !(RECRUITER_STATES as readonly string[]).includes(state) || Number.isNaN(date.getTime()) || !/^\d{1,15}$/.test(id ?? '')) {
      ctx.issues.push({ code: 'custom', message: 'invalid_cursor', input: v });
      return z.NEVER;
    }
    return { state: state as (typeof RECRUITER_STATES)[number], at: date, id: Number(id) };
  }),
);
export const offerApplicationsQuerySchema = z
  .object({
    fullStates: flag,
    tab: z.optional(z.enum(Object.keys(TABS) as [TabName, ...TabName[]], 'invalid_tab')),
    limit: z.optional(pageLimit),
    after: z.optional(offerCursor),
  })
  // A page is one tab's: limit and after need the tab they page.
  .check(z.refine((q) => q.tab !== undefined || (q.limit === undefined && q.after === undefined), { message: 'invalid_tab', path: ['tab'] }));
export type OfferApplicationsQuery = z.output<typeof offerApplicationsQuerySchema>;

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

/** The dashboard's tag search: up to 5 comma-separated tags (job category values or job codes), each 1 to 60 characters. */
export const DASHBOARD_TAGS_MAX = 5;
const tagList = z.pipe(
  z.string('invalid_tags'),
  z.transform((v, ctx) => {
    const tags = [
      ...new Set(
        v
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ];
    if (tags.length > DASHBOARD_TAGS_MAX || tags.some((t) => t.length > 60 || [...t].some((c) => c.charCodeAt(0) < 32))) {
      ctx.issues.push({ code: 'custom', message: 'invalid_tags', input: v });
      return z.NEVER;
    }
    return tags;
  }),
);

export const dashboardQuerySchema = z.object({
  /** One application by id (the new-candidate e-mail's /dashboard?application={id}), within the caller's reach. */
  application: z.optional(
    z.pipe(
      z.transform((v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v)),
      z.number('invalid_application').check(z.int('invalid_application'), z.minimum(1, 'invalid_application')),
    ),
  ),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  job_code: z.optional(jobCodeParam),
  state: z._default(z.enum(['complete', 'applying', 'all'], 'validation_error'), 'complete'),
  column: z.optional(z.enum(DASHBOARD_COLUMNS, 'invalid_column')),
  tags: z.optional(tagList),
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
