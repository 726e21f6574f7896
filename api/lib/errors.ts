// Typed errors thrown by services; the error middleware turns them into { error, message }.
// `error` is the stable code clients switch on; `message` is the spec's text in the caller's language.
import type { MessageKey } from '../../config/i18n/index.js';

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

export const invalid = (code: string, messageKey: MessageKey | string = 'validation_error', details?: Record<string, unknown>) => new AppError(400, code, messageKey, details);
export const unauthorized = (messageKey: MessageKey | string = 'not_signed_in') => new AppError(401, 'unauthorized', messageKey);
export const forbidden = (code = 'forbidden', messageKey: MessageKey | string = 'forbidden') => new AppError(403, code, messageKey);
export const notFound = (code = 'not_found', messageKey: MessageKey | string = 'not_found') => new AppError(404, code, messageKey);
export const conflict = (code: string, messageKey: MessageKey | string) => new AppError(409, code, messageKey);
export const tooMany = (code = 'too_many_requests', messageKey: MessageKey | string = 'too_many_requests') => new AppError(429, code, messageKey);
export const notConfigured = (service: string) => new AppError(503, 'not_configured', 'service_not_configured', { service });
