// The body of the console's extend action on an invitation (decision 430): a later deadline, a
// moment with its offset. Browser-safe; POST /apis/invitations takes its deadline with this schema too.
import * as z from 'zod/mini';

/** A moment with its offset ("2026-12-01T18:00:00.000Z", "2026-12-01T18:00+01:00"). */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export const invitationDeadline = z.pipe(
  z.string('invitation_deadline_invalid').check(z.regex(ISO_MOMENT, 'invitation_deadline_invalid')),
  z.transform((v, ctx) => {
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) {
      ctx.issues.push({ code: 'custom', message: 'invitation_deadline_invalid', input: v });
      return z.NEVER;
    }
    return d;
  }),
);

export const extendAction = z.object({ deadline: invitationDeadline });
export type ExtendAction = z.output<typeof extendAction>;
