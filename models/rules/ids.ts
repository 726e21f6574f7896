// Record ids in addresses: the numeric primary keys of offers, applications, shops, templates,
// subscriptions, jobs and leads travel as decimal texts of at most 12 digits. One shape, one schema:
// an address whose id cannot name a record reads as no record (its service answers its own 404).
// Browser-safe.
import * as z from 'zod/mini';
import { text } from './text.js';

/** The shape of a numeric record id in an address. */
export const RECORD_ID = /^\d{1,12}$/;

/** True when the text can name a numeric record. */
export const isRecordId = (value: string): boolean => RECORD_ID.test(value);

/**
 * A numeric id route parameter: the id's text, or null when it cannot name a record (the service
 * answers its 404); an empty or over-long one is refused with `invalid`.
 */
export const recordIdParam = (invalid: string) =>
  z.pipe(
    text(12, { invalid, min: 1 }),
    z.transform((id: string) => (isRecordId(id) ? id : null)),
  );

/** The params of /…/:id on a numeric record. */
export const idParamsSchema = z.object({ id: recordIdParam('not_found') });
export type IdParams = z.output<typeof idParamsSchema>;
