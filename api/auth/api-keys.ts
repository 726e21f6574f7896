// API keys (docs/decisions/485-api-keys.md): a company's key sent as `Authorization: Bearer vrk_…`
// makes the request its company's manager's, with three limits of its own: only the routes of its
// scopes (models/rules/api-keys.ts; never staff routes, billing, the console or key management),
// never staff (a key of a staff account reaches what the account reaches as a manager), and
// API_KEY_REQUESTS_PER_MINUTE requests a minute.
//
// The limit is shared by every server process through the database, as the other limits are
// (api/auth/throttle.ts): one row per key and minute, counted by one conditional UPDATE per request
// (the invitations' daily limit does the same). The minute's first request creates the row, and
// only then are the key's last use and its older minutes written: at most once a minute per key.
import crypto from 'node:crypto';
import type { Request } from 'express';
import { Op, UniqueConstraintError } from 'sequelize';
import { ApiKey, ApiKeyMinute, User, boundSequelize, plainRowsOf, readRows, type UserRow } from '../../models/index.js';
import { API_KEY_MARK, API_KEY_PREFIX_LENGTH, apiKeyRouteOf, type ApiKeyScope } from '../../models/rules/api-keys.js';
import { AppError, forbidden } from '../lib/errors.js';
import type { Caller } from './caller.js';

const MINUTE = 60_000;

/** What a key is stored as: the SHA-256 of the whole key (256 random bits: no slow hash needed). */
export const apiKeyHash = (key: string): string => crypto.createHash('sha256').update(key).digest('hex');

/** A new key: the text handed once to its creator, its visible prefix and its stored hash. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_MARK}${crypto.randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX_LENGTH), hash: apiKeyHash(key) };
}

export const isApiKeyToken = (token: string): boolean => token.startsWith(API_KEY_MARK);

let keyRead: { sql: string; plain: (row: Record<string, unknown>) => UserRow } | undefined;
function keyStatement() {
  if (!keyRead) {
    const { columns, plain } = plainRowsOf(User);
    const sql = `SELECT k.id AS key_id, k.scopes AS key_scopes, k.revoked_at AS key_revoked_at, ${columns.map((c) => `u.${c}`).join(', ')}
      FROM api_keys k JOIN users u ON u.id = k.manager_id WHERE k.secret_hash = ?`;
    keyRead = { sql, plain };
  }
  return keyRead;
}

const invalidKey = () => new AppError(401, 'api_key_invalid', 'api_key_invalid');

/**
 * The caller of an API key on a request under /apis (path: the part after /apis), or an error:
 * 401 api_key_invalid (unknown) or api_key_revoked, 403 api_key_route_not_allowed or
 * api_key_scope_missing, 429 api_key_rate_limited (with retryAfter seconds). One read per request.
 */
export async function apiKeyCaller(key: string, method: string, path: string, now: Date, perMinute: number): Promise<Caller> {
  const { sql, plain } = keyStatement();
  const row = (await readRows(sql, [apiKeyHash(key)]))[0];
  if (!row) throw invalidKey();
  if (row.key_revoked_at) throw new AppError(401, 'api_key_revoked', 'api_key_revoked');
  const route = apiKeyRouteOf(method, path);
  if (!route) throw forbidden('api_key_route_not_allowed', 'api_key_route_not_allowed');
  const scopes = JSON.parse(String(row.key_scopes)) as ApiKeyScope[];
  if (!scopes.includes(route.scope)) throw new AppError(403, 'api_key_scope_missing', 'api_key_scope_missing', { scope: route.scope });
  const keyId = Number(row.key_id);
  await spendMinute(keyId, now, perMinute);
  // A key never counts as staff: it reaches what its account reaches as a company's manager.
  const user = { ...plain(row), is_admin: false };
  return { user, via: 'apikey', sessionId: `apikey:${keyId}`, apiKey: { id: keyId, scopes } };
}

/** Counts one request in the key's minute; 429 past the limit. The minute's first request records the key's use. */
async function spendMinute(keyId: number, now: Date, perMinute: number): Promise<void> {
  const minute = Math.floor(now.getTime() / MINUTE);
  const count = async () => {
    const [changed] = await ApiKeyMinute.update(
      { requests: boundSequelize().literal('requests + 1') as unknown as number },
      { where: { api_key_id: keyId, minute, requests: { [Op.lt]: perMinute } } },
    );
    return changed === 1;
  };
  if (await count()) return;
  try {
    await ApiKeyMinute.create({ api_key_id: keyId, minute, requests: 1 });
  } catch (e) {
    // Another request (any process) made the minute's row first: count in it, or the minute is full.
    if (!(e instanceof UniqueConstraintError)) throw e;
    if (await count()) return;
    throw rateLimited(now);
  }
  await ApiKey.update({ last_used_at: now }, { where: { id: keyId } });
  await ApiKeyMinute.destroy({ where: { api_key_id: keyId, minute: { [Op.lt]: minute } } });
}

function rateLimited(now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((MINUTE - (now.getTime() % MINUTE)) / 1000));
  return new AppError(429, 'api_key_rate_limited', 'api_key_rate_limited', { retryAfter: seconds });
}

/** The API path of a request seen before the /apis router (the part after /apis), or null. */
export function apiPathOf(req: Request): string | null {
  const p = req.path;
  return p === '/apis' || p.startsWith('/apis/') ? p.slice(5) || '/' : null;
}
