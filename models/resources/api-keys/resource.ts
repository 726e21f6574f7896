// A company's API keys (issue 28, docs/decisions/485-api-keys.md): made with a name and scopes (the
// key itself is answered once, by the create), listed with their prefix, scopes, last use and
// creator, revoked with a confirmation. The company's manager makes, sees and revokes their own;
// staff see and revoke every company's but make none (a key acts as its company's manager: the
// company makes it); recruiters none. Keys are never edited nor deleted: a revoked key stays listed
// with its date.
import { API_KEY_NAME_MAX, API_KEY_SCOPES } from '../../rules/api-keys.js';
import { defineResource } from '../schema.js';

const KEYS = ['admin', 'manager'] as const;

export const apiKeys = defineResource({
  name: 'api-keys',
  model: 'ApiKey',
  recordRepresentation: 'name',
  fields: [
    { source: 'manager_id', type: 'reference', reference: 'users', list: true, writable: 'create', readBy: ['admin'] },
    { source: 'name', type: 'string', list: true, required: true, maxLength: API_KEY_NAME_MAX, writable: 'create', sortable: true },
    { source: 'prefix', type: 'string', list: true },
    { source: 'scopes', type: 'tags', choices: API_KEY_SCOPES, list: true, required: true, writable: 'create', maxLength: API_KEY_SCOPES.length },
    { source: 'created_by', type: 'reference', reference: 'users' },
    { source: 'created_by_name', type: 'string', list: true, from: { via: 'created_by', model: 'User', column: 'name' } },
    { source: 'created_at', type: 'date', list: true, sortable: true },
    { source: 'last_used_at', type: 'date', list: true },
    { source: 'revoked_at', type: 'date', list: true },
  ],
  filters: [
    { source: 'manager_id', type: 'eq' },
    { source: 'id', type: 'in' },
  ],
  sort: ['created_at', 'name'],
  access: { list: KEYS, read: KEYS, create: ['manager'] },
  rows: { manager: { column: 'manager_id', match: 'self' } },
  screens: ['list'],
  list: { layout: 'table' },
  actions: [{ name: 'revoke', roles: ['manager'], confirm: true, confirmArgs: (r) => ({ name: String(r.name ?? '') }) }],
  countCap: 1_000,
});
