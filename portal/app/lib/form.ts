// The portal's forms run the API's own schemas (api/services/*/*.schema.ts): the browser as the
// visitor types, the Remix actions for the real check. This file turns a schema's issues into
// one code per field; form-messages.ts gives each code the portal's text (without zod, so pages
// that only show the action's codes do not download it).
import * as z from 'zod/mini';
export { formMessage } from './form-messages.js';
import type { FieldErrors } from './form-messages.js';

export type { FieldErrors };

export type Checked<S extends z.core.$ZodType> = { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors };

/** Checks raw form values with a schema; answers the data, or the first code of each field. */
export function checkForm<S extends z.core.$ZodType>(schema: S, values: Record<string, unknown>): Checked<S> {
  const result = z.safeParse(schema, values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}
