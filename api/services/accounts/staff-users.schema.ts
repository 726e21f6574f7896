// Inputs of the documented staff endpoints on users (back-office.md section 7); the console actions'
// bodies are declared with the actions (models/resources/users/actions.ts).
import * as z from 'zod/mini';

/** DELETE /apis/delete-user?user={id}: the account to delete (an unknown one answers 404 from the service). */
export const deleteUserQuerySchema = z.object({
  user: z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? v : '')),
    z.string().check(z.minLength(1, 'missing_parameters')),
  ),
});
export type DeleteUserQuery = z.output<typeof deleteUserQuerySchema>;
