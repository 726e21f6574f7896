// The bodies of POST /apis/share-apply (api/routes/share.routes.ts): a reviewer's feedback on a
// shared application, or a recruiter asking for the link. The feedback's reviewer part is also
// the /feedback page's form (feedbackFormSchema): browser-safe, zod/mini.
// Lengths are the share_links, share_views and feedbacks columns' (models/share.model.ts).
import * as z from 'zod/mini';
import { absentIfBlank, optionalText, text } from '../../../models/rules/text.js';

export const FEEDBACK_NAME_MIN = 3;
import { FEEDBACK_COMMENT_MAX } from '../../../models/rules/lengths.js';
export { FEEDBACK_COMMENT_MAX };

// Check order follows the form: view, name, vote, comment (public-web.md section 5).
const reviewer = {
  name: text(120, { invalid: 'feedback_name_too_short', min: FEEDBACK_NAME_MIN, tooLong: 'feedback_name_too_long' }),
  feedback: z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v)),
    z.union([z.literal(-1), z.literal(1)], 'feedback_vote_required'),
  ),
  comment: optionalText(FEEDBACK_COMMENT_MAX, { invalid: 'validation_error', tooLong: 'feedback_comment_too_long' }),
};

/** The reviewer's form on /feedback/{share_id}: name, vote (feedback) and comment. */
export const feedbackFormSchema = z.object(reviewer);

export const feedbackSchema = z.object({
  share_id: text(64, { invalid: 'missing_parameters', min: 1, tooLong: 'share_not_found' }),
  view_id: z.pipe(z.transform(absentIfBlank), text(64, { invalid: 'view_id_required', tooLong: 'view_not_found' })),
  ...reviewer,
});
export type FeedbackInput = z.output<typeof feedbackSchema>;

export const shareRequestSchema = z.object({
  recruiter_id: text(36, { invalid: 'missing_parameters', min: 1, tooLong: 'offer_not_found' }),
  job_code: text(16, { invalid: 'missing_parameters', min: 1, tooLong: 'offer_not_found', transform: 'upper' }),
  candidate_id: text(36, { invalid: 'missing_parameters', min: 1, tooLong: 'application_not_found' }),
});
export type ShareRequest = z.output<typeof shareRequestSchema>;
