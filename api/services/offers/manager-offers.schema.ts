// Bodies of the manager's offer calls (api/routes/manager-offers.routes.ts). The offer fields are
// checked by the offer form's schema (drafts.schema.ts publishSchema) in the service, the preferred
// code by models/rules/job-code.ts; here the envelope.
import * as z from 'zod/mini';
import { coded, text } from '../../../models/rules/text.js';
import { isRecordId } from '../../../models/rules/ids.js';

const id = z.optional(
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && isRecordId(v) ? Number(v) : v)),
    z.number('select_template_and_shops').check(z.int('select_template_and_shops'), z.positive('select_template_and_shops')),
  ),
);

export const bulkOfferSchema = z.looseObject({
  template_id: id,
  shop_id: id,
  prefJobCode: z.optional(z.nullable(z.string('job_code_not_allowed'))),
  recruiter_id: z.optional(text(36, { invalid: 'shop_recruiter_not_available' })),
  shopname: z.optional(text(160, { invalid: 'validation_error' })),
  address: z.optional(z.record(z.string(), z.unknown(), 'validation_error')),
  location: z.optional(z.record(z.string(), z.unknown(), 'validation_error')),
});
export type BulkOfferInput = z.output<typeof bulkOfferSchema> & Record<string, unknown> & { prefJobCode?: string | null };

export const offerUpdateSchema = z.object({
  recruiter_id: z.optional(text(36, { invalid: 'offer_not_found' })),
  active: z.optional(z.boolean('validation_error')),
  shopname: z.optional(text(160, { invalid: 'validation_error', required: coded('required_field', 'fill_all_required_fields'), min: 1 })),
});
export type OfferUpdateInput = z.output<typeof offerUpdateSchema>;

export const boostSchema = z.object({ job_code: text(16, { invalid: 'offer_not_found', min: 1, transform: 'upper' }) });
