// Every staff action, read-only: who, what, which record, when, before and after.
import { defineResource } from '../schema.js';

export const auditLog = defineResource({
  name: 'audit-log',
  model: 'AuditEntry',
  recordRepresentation: 'action',
  fields: [
    { source: 'created_at', type: 'date', list: true, sortable: true },
    { source: 'actor_id', type: 'reference', reference: 'users', list: true },
    { source: 'action', type: 'string', list: true },
    { source: 'resource', type: 'string', list: true },
    { source: 'record_id', type: 'string', list: true },
    { source: 'before', type: 'json', column: 'before_json' },
    { source: 'after', type: 'json', column: 'after_json' },
  ],
  filters: [
    { source: 'resource', type: 'eq', alwaysOn: true },
    { source: 'record_id', type: 'eq', alwaysOn: true },
    { source: 'actor_id', type: 'eq' },
    { source: 'id', type: 'in' },
  ],
  sort: ['created_at'],
  access: { list: ['admin'], read: ['admin'] },
  list: { layout: 'table' },
});
