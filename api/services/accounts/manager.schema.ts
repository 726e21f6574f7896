// Queries and envelopes of the manager area's REST calls (api/routes/manager.routes.ts). Browser-safe;
// the bodies of templates and shops, checked by their declarations with the columns' limits, are
// api/services/offers/manager-bodies.ts.
import * as z from 'zod/mini';
import { text } from '../../../models/rules/text.js';

/** The home's to_recruit_list, page by page (decision 156): the most a page holds, and its default. */
export const TO_RECRUIT_PAGE_MAX = 200;
export const TO_RECRUIT_PAGE_DEFAULT = 50;

export const managerQuerySchema = z.object({
  user: z.optional(text(36, { invalid: 'user_not_found', min: 1 })),
  to_recruit_limit: z.optional(
    z.pipe(
      z.transform((v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)),
      z.number('invalid_limit').check(z.int('invalid_limit'), z.minimum(1, 'invalid_limit'), z.maximum(TO_RECRUIT_PAGE_MAX, 'invalid_limit')),
    ),
  ),
  // Keyset cursor: the submit time and application id of the last row of the previous page.
  to_recruit_after: z.optional(
    z.pipe(
      z.string('invalid_cursor'),
      z.transform((v, ctx) => {
        const [at, id, ...rest] = v.split('|');
        const date = new Date(at ?? '');
        if (rest.length || Number.isNaN(date.getTime()) || !/^\d{1,15}$/.test(id ?? '')) {
          ctx.issues.push({ code: 'custom', message: 'invalid_cursor', input: v });
          return z.NEVER;
        }
        return { at: date, id: Number(id) };
      }),
    ),
  ),
});
export type ManagerQuery = z.output<typeof managerQuerySchema>;

export const templatesQuerySchema = z.object({ 'filter-type': z._default(z.enum(['offer'], 'invalid_template_type'), 'offer') });

/** A template's or a shop's content: an object, else "fill all required fields". */
export const contentObject = z.record(z.string(), z.unknown(), 'fill_all_required_fields');

export { idParamsSchema, type IdParams } from '../../../models/rules/ids.js';
