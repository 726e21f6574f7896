// Typed errors thrown by services (the class lives in models/errors.ts, for the rules the models enforce); the error middleware turns them into { error, message }.
// `error` is the stable code clients switch on; `message` is the spec's text in the caller's language.
import type { MessageKey } from '../../config/i18n/index.js';
import { AppError } from '../../models/errors.js';

export { AppError };

export const invalid = (code: string, messageKey: MessageKey | string = 'validation_error', details?: Record<string, unknown>) => new AppError(400, code, messageKey, details);
export const unauthorized = (messageKey: MessageKey | string = 'not_signed_in') => new AppError(401, 'unauthorized', messageKey);
export const forbidden = (code = 'forbidden', messageKey: MessageKey | string = 'forbidden') => new AppError(403, code, messageKey);
export const notFound = (code = 'not_found', messageKey: MessageKey | string = 'not_found') => new AppError(404, code, messageKey);
export const conflict = (code: string, messageKey: MessageKey | string) => new AppError(409, code, messageKey);
export const tooMany = (code = 'too_many_requests', messageKey: MessageKey | string = 'too_many_requests') => new AppError(429, code, messageKey);
