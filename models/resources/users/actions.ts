// The bodies of the staff actions on a user (back-office.md section 4), declared with the actions
// (resource.ts) and applied by the console route's validate() before the handler runs: every refusal
// is a 400 `bad_input` naming the field ("console_bad_input"), or the spec's own message. Browser-safe.
import * as z from 'zod/mini';
import { coded, optionalText, text } from '../../rules/text.js';

import { CONTACT_ACTIONS, USER_PLANS } from '../../rules/accounts.js';

const BAD_INPUT = coded('bad_input', 'console_bad_input');

/** A whole number given as a number or its text ('' and null are no number), within [min, max]. */
const count = (min: number, max: number) =>
  z.pipe(
    z.transform((v: unknown) => (v === '' || v === null || v === undefined ? NaN : typeof v === 'number' ? v : Number(v))),
    z.number(BAD_INPUT).check(z.int(BAD_INPUT), z.gte(min, BAD_INPUT), z.lte(max, BAD_INPUT)),
  );

/** plan: free, aplan (silver), bplan (gold), or custom with its active-offers limit (0 for the others). */
export const planAction = z.pipe(
  z.object({ user_plan: z.enum(USER_PLANS, BAD_INPUT), actives_offers: z.optional(z.unknown()) }),
  z.transform(({ user_plan, actives_offers }, ctx) => {
    if (user_plan !== 'custom') return { user_plan, actives_offers: 0 };
    const limit = z.safeParse(count(0, 100_000), actives_offers);
    if (limit.success) return { user_plan, actives_offers: limit.data };
    ctx.issues.push({ code: 'custom', message: BAD_INPUT, input: actives_offers, path: ['actives_offers'] });
    return z.NEVER;
  }),
);

/** boosters: how many to add, 1 to 10 000. */
export const boostersAction = z.object({ count: count(1, 10_000) });

/** An account id as the console sends it (users.id is a UUID of 36 characters). */
export const accountId = text(36, { invalid: BAD_INPUT, min: 1 });

/**
 * substitute: { user } is the account merged into the record's; { preview: true } only says what
 * would move; { confirm } is the merged account's e-mail, typed by staff when the companies differ.
 */
export const substituteAction = z.object({
  user: accountId,
  preview: z.optional(z.boolean(BAD_INPUT)),
  confirm: optionalText(254, { invalid: BAD_INPUT, transform: 'lower' }),
});

/** contact: the ticked actions, one at least (the spec's "no action selected"), each a known one. */
export const contactAction = z.pipe(
  z.object({ actions: z.optional(z.unknown()) }),
  z.transform(({ actions }, ctx) => {
    const list = Array.isArray(actions) ? actions : [];
    if (!list.length) {
      ctx.issues.push({ code: 'custom', message: coded('no_action_selected', 'console_no_contact_action'), input: actions, path: ['actions'] });
      return z.NEVER;
    }
    if (!list.every((a) => (CONTACT_ACTIONS as readonly unknown[]).includes(a))) {
      ctx.issues.push({ code: 'custom', message: BAD_INPUT, input: actions, path: ['actions'] });
      return z.NEVER;
    }
    return { actions: [...new Set(list as (typeof CONTACT_ACTIONS)[number][])] };
  }),
);

/** recruiters: ids to add to and to remove from the manager's list, one at least. */
export const recruitersAction = z.pipe(
  z.object({ add: z._default(z.array(accountId, BAD_INPUT), []), remove: z._default(z.array(accountId, BAD_INPUT), []) }),
  z.transform(({ add, remove }, ctx) => {
    if (!add.length && !remove.length) {
      ctx.issues.push({ code: 'custom', message: BAD_INPUT, input: add, path: ['add'] });
      return z.NEVER;
    }
    return { add: [...new Set(add)], remove: [...new Set(remove)] };
  }),
);

export type PlanAction = z.output<typeof planAction>;
export type BoostersAction = z.output<typeof boostersAction>;
export type SubstituteAction = z.output<typeof substituteAction>;
export type ContactAction = z.output<typeof contactAction>;
export type RecruitersAction = z.output<typeof recruitersAction>;
