// The bodies of the staff console's user actions that name other accounts (models/resources/users:
// substitute, recruiters): account ids are texts of the users.id column (36), so a NUL byte, a lone
// surrogate, another type or a 70 KB text is a 400 `bad_input` naming the field, never a query.
import * as z from 'zod/mini';
import { coded, optionalText, text } from '../../models/rules/text.js';

const BAD_INPUT = coded('bad_input', 'console_bad_input');

/** An account id as the console sends it (users.id is a UUID of 36 characters). */
export const accountId = text(36, { invalid: BAD_INPUT, min: 1 });

/**
 * substitute: { user } is the account merged into the record's; { preview: true } only says what
 * would move; { confirm } is the merged account's e-mail, typed by staff when the companies differ.
 */
export const substituteSchema = z.object({
  user: accountId,
  preview: z.optional(z.boolean(BAD_INPUT)),
  confirm: optionalText(254, { invalid: BAD_INPUT, transform: 'lower' }),
});

/** recruiters: ids to add to and to remove from the manager's list (each optional, one at least: the service says). */
export const recruitersActionSchema = z.object({
  add: z._default(z.array(accountId, BAD_INPUT), []),
  remove: z._default(z.array(accountId, BAD_INPUT), []),
});
