// Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is whsec_ + base64 of
// random bytes; a delivery is signed with HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}"
// keyed by the secret's decoded bytes, sent as "v1,<base64>".
import crypto from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return SECRET_PREFIX + crypto.randomBytes(24).toString('base64');
}

/** A message id receivers dedupe by: msg_ + 22 random URL-safe characters. */
export function newMessageId(): string {
  return `msg_${crypto.randomBytes(16).toString('base64url')}`;
}

export function signWebhook(secret: string, msgId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${msgId}.${timestamp}.${body}`).digest('base64')}`;
}
