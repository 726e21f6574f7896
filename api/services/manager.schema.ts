// Queries and bodies of the manager area's REST calls (api/routes/manager.routes.ts). The fields
// of templates and shops are checked by their console declarations (models/resources/), here only
// the envelope.
import * as z from 'zod/mini';
import { text } from '../../models/rules/text.js';

export const managerQuerySchema = z.object({ user: z.optional(text(36, { invalid: 'user_not_found', min: 1 })) });

export const templatesQuerySchema = z.object({ 'filter-type': z._default(z.enum(['offer'], 'invalid_template_type'), 'offer') });

const contentObject = z.record(z.string(), z.unknown(), 'fill_all_required_fields');

export const templateBodySchema = z.object({ type: z.optional(z.string('invalid_template_type')), content: contentObject });

export const shopBodySchema = z.object({
  type: z.optional(z.string('validation_error')),
  content: contentObject,
  recruiter_id: z.optional(z.nullable(z.string('shop_recruiter_not_available'))),
});

export const idParamsSchema = z.object({ id: text(12, { invalid: 'not_found', min: 1 }) });
