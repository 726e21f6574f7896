// Errors thrown by the API services, recognised by shape: the portal's server bundle has its own
// copy of api/lib/errors.ts, so `instanceof AppError` would never match the services' errors.
export interface ServiceError {
  status: number;
  code: string;
  messageKey: string;
}

export function isServiceError(e: unknown): e is ServiceError {
  const x = e as Partial<ServiceError> | null;
  return !!x && typeof x.status === 'number' && typeof x.code === 'string' && typeof x.messageKey === 'string';
}
