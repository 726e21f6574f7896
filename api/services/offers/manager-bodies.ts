// The bodies of the manager area's template and shop calls (api/routes/manager.routes.ts), each read
// in one parse: the spec's envelope (back-office.md section 7) mapped onto the console declaration's
// fields, then the declaration's schema with the columns' limits (api/console/validation.ts). The
// services take the parsed fields (decision 350).
import * as z from 'zod/mini';
import { coded } from '../../../models/rules/text.js';
import { SHOP_ADDRESS_FIELDS, shops } from '../../../models/resources/shops/resource.js';
import { templates } from '../../../models/resources/templates/resource.js';
import { bodySchema } from '../../console/validation.js';
import { contentObject } from '../accounts/manager.schema.js';

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
