// The typed error of the product's rules: a status, the stable code clients switch on, and the key
// of the spec's message. Defined here, below the API, so that a rule the models enforce on every
// write (models/plan-limits.ts) refuses with the same error the services throw; api/lib/errors.ts
// re-exports it with its shorthands, and the error middleware turns it into { error, message }.
import type { MessageKey } from '../config/i18n/index.js';

export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    /** A key of the message catalogue, or a literal text when no key fits. */
    public readonly messageKey: MessageKey | string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(code);
  }
}
