// Queries and bodies of the manager area's REST calls (api/routes/manager.routes.ts). The fields
// of templates and shops are their console declarations' (models/resources/): each body is its
// envelope read into those fields, then the declaration's schema, in one parse.
import * as z from 'zod/mini';
import { coded, text } from '../../models/rules/text.js';
import { shops, SHOP_ADDRESS_FIELDS } from '../../models/resources/shops/resource.js';
import { templates } from '../../models/resources/templates/resource.js';
import { bodySchema } from '../console/validation.js';

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

const contentObject = z.record(z.string(), z.unknown(), 'fill_all_required_fields');

const lazy = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

/**
 * POST /apis/user-templates[/{id}]: { type: 'offer', content }, the content being the templates
 * declaration's fields, checked by it (models/resources/templates). The owner is the caller, put in
 * the body by the route (a content's owner_id is never taken).
 */
const templateEnvelope = z.object({
  type: z.optional(z.string('invalid_template_type').check(z.refine((t: string) => t === 'offer', { message: coded('invalid_template_type', 'validation_error') }))),
  content: contentObject,
  owner_id: z.optional(z.string()),
});
const templateSchema = (mode: 'create' | 'edit') =>
  z.pipe(
    z.pipe(
      templateEnvelope,
      z.transform(({ content, owner_id }) => {
        const { owner_id: _ignored, ...fields } = content;
        return mode === 'create' ? { ...fields, owner_id } : fields;
      }),
    ),
    bodySchema(templates, mode),
  );
export const templateCreateSchema = lazy(() => templateSchema('create'));
export const templateUpdateSchema = lazy(() => templateSchema('edit'));

/**
 * POST /apis/shops[/{id}]: { type, content: { shopname, address: {...}, recruiter_id }, recruiter_id }
 * (back-office.md section 7), read as the shops declaration's fields and checked by it: the address
 * holds every other field the declaration writes (SHOP_ADDRESS_FIELDS). The manager is the caller,
 * put in the body by the route.
 */
const shopEnvelope = z.object({
  type: z.optional(z.string('validation_error')),
  content: contentObject,
  recruiter_id: z.optional(z.nullable(z.string('shop_recruiter_not_available'))),
  manager_id: z.optional(z.string()),
});
const shopSchema = (mode: 'create' | 'edit') =>
  z.pipe(
    z.pipe(
      shopEnvelope,
      z.transform(({ content, recruiter_id, manager_id }) => {
        const address = (content.address && typeof content.address === 'object' ? content.address : {}) as Record<string, unknown>;
        const fields: Record<string, unknown> = { shopname: content.shopname, recruiter_id: recruiter_id ?? content.recruiter_id };
        for (const k of SHOP_ADDRESS_FIELDS) fields[k] = address[k];
        if (mode === 'create') fields.manager_id = manager_id;
        return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      }),
    ),
    bodySchema(shops, mode),
  );
export const shopCreateSchema = lazy(() => shopSchema('create'));
export const shopUpdateSchema = lazy(() => shopSchema('edit'));

export { idParamsSchema, type IdParams } from '../../models/rules/ids.js';
