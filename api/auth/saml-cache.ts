// node-saml's CacheProvider kept in the database (table saml_requests), so that an assertion is
// accepted only in answer to an AuthnRequest this deployment issued, whichever process issued it
// and whichever process receives the answer (docs/decisions/043-saml-sso.md).
import { Op, UniqueConstraintError } from 'sequelize';
import type { CacheItem, CacheProvider } from '@node-saml/passport-saml';
import { SamlRequest } from '../../models/index.js';

const REQ = 'req:';

export class DatabaseCacheProvider implements CacheProvider {
  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const now = this.clock();
    try {
      await SamlRequest.create({ id: REQ + key, value, created_at: now, expires_at: new Date(now.getTime() + this.ttlMs) });
    } catch (e) {
      if (e instanceof UniqueConstraintError) return null;
      throw e;
    }
    return { value, createdAt: now.getTime() };
  }

  async getAsync(key: string): Promise<string | null> {
    const row = await SamlRequest.findOne({ where: { id: REQ + key, expires_at: { [Op.gt]: this.clock() } } });
    return row ? row.value : null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null;
    const n = await SamlRequest.destroy({ where: { id: REQ + key } });
    return n ? key : null;
  }
}

/**
 * Records a one-time use (an answered request id, an assertion id) until `until`. Returns false
 * when it was already recorded: the primary key makes this atomic across processes, so two copies
 * of the same response posted at the same time cannot both open a session.
 */
export async function claimOnce(kind: 'answered' | 'assertion', id: string, now: Date, until: Date): Promise<boolean> {
  try {
    await SamlRequest.create({ id: `${kind}:${id}`.slice(0, 190), value: now.toISOString(), created_at: now, expires_at: until });
    return true;
  } catch (e) {
    if (e instanceof UniqueConstraintError) return false;
    throw e;
  }
}

export async function purgeSamlRequests(now: Date, dryRun = false): Promise<number> {
  const where = { expires_at: { [Op.lte]: now } };
  return dryRun ? SamlRequest.count({ where }) : SamlRequest.destroy({ where });
}
