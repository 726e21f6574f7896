// API keys in the console (decision 485): the create makes the key through the service and answers
// it once beside the record; the revoke action. The engine reads the row within the caller's scope
// first (another company's key: 404).
import type { ServerPart } from '../types.js';
import { isRecordId } from '../../../models/rules/ids.js';
import type { ApiKeyScope } from '../../../models/rules/api-keys.js';
import { notFound } from '../../lib/errors.js';
import { createApiKey, revokeApiKey } from '../../services/accounts/api-keys.service.js';

export const apiKeysServer: ServerPart = {
  async create(ctx, data) {
    const { id, key } = await createApiKey({ managerId: String(data.manager_id), name: String(data.name), scopes: data.scopes as ApiKeyScope[], createdBy: ctx.caller.user.id }, ctx.clock());
    return { id, shownOnce: { key } };
  },
  actions: {
    revoke: (ctx, id: string) => {
      if (!isRecordId(id)) throw notFound();
      return revokeApiKey(Number(id), ctx.caller.user.id, ctx.clock());
    },
  },
};
