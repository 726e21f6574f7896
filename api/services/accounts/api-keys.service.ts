// A company's API keys (docs/decisions/485-api-keys.md): made for a manager's company with a name
// and scopes, the key answered once and stored as its hash; revoked for good. The console's
// api-keys resource calls these (api/console/parts/api-keys.ts); the key's use is api/auth/api-keys.ts.
import { ApiKey, User, transaction } from '../../../models/index.js';
import type { ApiKeyScope } from '../../../models/rules/api-keys.js';
import { newApiKey } from '../../auth/api-keys.js';
import { isManager } from '../../auth/access.js';
import { invalid, notFound } from '../../lib/errors.js';
import { audit } from '../platform/audit.service.js';

export interface NewApiKey {
  managerId: string;
  name: string;
  scopes: ApiKeyScope[];
  createdBy: string;
}

/** Makes a key; answers its id and the key, which nothing stores and nobody sees again. */
export async function createApiKey(input: NewApiKey, now: Date): Promise<{ id: number; key: string }> {
  if (!input.scopes.length) throw invalid('api_key_scopes_required', 'api_key_scopes_required', { field: 'scopes' });
  // The key acts as the company's manager: only a manager's company has keys (staff pick one).
  const owner = await User.findByPk(input.managerId, { attributes: ['id', 'profile', 'user_plan'] });
  if (!owner || !(await isManager(owner))) throw invalid('api_key_owner_not_manager', 'api_key_owner_not_manager', { field: 'manager_id' });
  const { key, prefix, hash } = newApiKey();
  const id = await transaction(async (t) => {
    const row = await ApiKey.create(
      { manager_id: input.managerId, name: input.name, prefix, secret_hash: hash, scopes: JSON.stringify(input.scopes), created_by: input.createdBy, created_at: now },
      { transaction: t },
    );
    await audit(t, { actorId: input.createdBy, action: 'create', resource: 'api-keys', recordId: row.id, before: null, after: { name: input.name, prefix, scopes: input.scopes }, at: now });
    return row.id;
  });
  return { id, key };
}

/** Revokes a key (again: nothing changes); its next request answers 401 api_key_revoked. */
export async function revokeApiKey(id: number, actorId: string, now: Date): Promise<{ revoked_at: Date }> {
  return transaction(async (t) => {
    const row = await ApiKey.findByPk(id, { attributes: ['id', 'revoked_at'], transaction: t });
    if (!row) throw notFound();
    if (row.revoked_at) return { revoked_at: row.revoked_at };
    await ApiKey.update({ revoked_at: now }, { where: { id }, transaction: t });
    await audit(t, { actorId, action: 'revoke', resource: 'api-keys', recordId: id, before: null, after: { revoked_at: now }, at: now });
    return { revoked_at: now };
  });
}
