// A draft offer's edition token (public-web.md: /draft/offer/{edition_token}): the secret that lets
// whoever holds the link fill the draft in. 16 to 64 characters of [A-Za-z0-9_-]; new tokens carry
// 192 random bits (32 base64url characters).
import crypto from 'node:crypto';

const EDITION_TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** Whether a value has the shape of an edition token (checked before any lookup). */
export function isEditionToken(value: unknown): value is string {
  return typeof value === 'string' && EDITION_TOKEN_SHAPE.test(value);
}

/** A new edition token. */
export function newEditionToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}
