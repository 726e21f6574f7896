// The form fields of POST /apis/upload/cv and /apis/upload/image besides the file: the wizard
// may send its draft's edition_token instead of a session (draft_offers.edition_token, 64).
import * as z from 'zod/mini';
import { optionalText } from '../../../models/rules/text.js';

export const uploadFieldsSchema = z.object({
  edition_token: optionalText(64, { invalid: 'validation_error' }),
});
export type UploadFields = z.output<typeof uploadFieldsSchema>;
