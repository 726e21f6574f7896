// The body of the console's seats action on a subscription (decisions 146 and 241): { add } or
// { remove }, a recruiter's account id, exactly one of the two. Browser-safe.
import * as z from 'zod/mini';
import { coded, text } from '../../rules/text.js';

const BAD_INPUT = coded('bad_input', 'console_bad_input');
const seatRecruiter = z.optional(text(36, { invalid: BAD_INPUT, min: 1 }));

export const seatsAction = z.pipe(
  z.object({ add: seatRecruiter, remove: seatRecruiter }),
  z.transform((body, ctx) => {
    if (!!body.add === !!body.remove) {
      ctx.issues.push({ code: 'custom', message: BAD_INPUT, input: body, path: ['add'] });
      return z.NEVER;
    }
    return body;
  }),
);
export type SeatsAction = z.output<typeof seatsAction>;
