// POST /apis/admin/recruiters (back-office.md section 5): name, email and password longer than
// 4, 10 and 6 characters, with the spec's one message for the three; a well-formed email.
// Upper bounds are the users columns' (models/user.model.ts). Browser-safe (zod/mini): the
// staff console's create-recruiter form can run it too.
import * as z from 'zod/mini';
import { EMAIL_MAX, EMAIL_PATTERN } from '../../../models/rules/email.js';
import { PASSWORD_MAX } from '../../../models/rules/password.js';
import { coded, text } from '../../../models/rules/text.js';
import { NEW_RECRUITER } from '../../../models/resources/users/resource.js';

const INVALID = coded('invalid_recruiter', 'console_recruiter_invalid');

export const newRecruiterSchema = z.object({
  name: text(120, { invalid: INVALID, min: NEW_RECRUITER.name }),
  email: text(EMAIL_MAX, { invalid: INVALID, min: NEW_RECRUITER.email, transform: 'lower' }).check(z.regex(EMAIL_PATTERN, 'invalid_email')),
  password: text(PASSWORD_MAX, { invalid: INVALID, min: NEW_RECRUITER.password, trim: false }),
});
export type NewRecruiter = z.output<typeof newRecruiterSchema>;
