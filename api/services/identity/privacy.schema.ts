// Self-service privacy (docs/decisions/168-self-service-privacy.md): the deletion asks for an
// explicit confirmation, shared with the portal's page that sends it.
import { z } from 'zod';

export const deleteAccountSchema = z.strictObject({ confirm: z.literal(true) });
