// POST /apis/resend-interest-notif (public-web.md section 7): the lead is named by the spec's keys,
// Pk (its e-mail) and Sk (the offer's job code); phone_number, firstname and lastname, when given,
// correct the lead before the message is sent again (docs/decisions/165-lead-resend.md). The
// fields follow the interest form's rules (one home: interest.schema.ts).
import * as z from 'zod/mini';
import { email } from '../../../models/rules/email.js';
import { absentIfBlank } from '../../../models/rules/text.js';
import { jobCode, personName, phoneNumber } from './interest.schema.js';

export const resendInterestNotifSchema = z.object({
  Pk: email(),
  Sk: jobCode,
  phone_number: phoneNumber,
  firstname: z.pipe(z.transform(absentIfBlank), z.optional(personName('firstname_required'))),
  lastname: z.pipe(z.transform(absentIfBlank), z.optional(personName('lastname_required'))),
});

export type ResendInterestNotif = z.output<typeof resendInterestNotifSchema>;
