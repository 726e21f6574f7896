// A company's webhook endpoints (issue 28, docs/decisions/480-outbound-webhooks.md): an https URL
// and the events it receives. Staff see every company's, a manager their own, recruiters none. The
// signing secret is never read with the record: shown by the reveal and rotate actions only.
import { WEBHOOK_EVENTS } from '../../rules/webhooks.js';
import { defineResource } from '../schema.js';

const OWNER = ['admin', 'manager'] as const;

export const webhookEndpoints = defineResource({
  name: 'webhook-endpoints',
  model: 'WebhookEndpoint',
  recordRepresentation: 'url',
  fields: [
    { source: 'manager_id', type: 'reference', reference: 'users', list: true, required: true, writable: 'create' },
    { source: 'url', type: 'url', list: true, required: true, maxLength: 2000, writable: true },
    { source: 'description', type: 'string', maxLength: 200, writable: true },
    { source: 'events', type: 'tags', choices: WEBHOOK_EVENTS, list: true, required: true, writable: true, from: { server: true } },
    { source: 'enabled', type: 'boolean', list: true, writable: true, default: true },
    { source: 'disabled_at', type: 'date' },
    { source: 'created_at', type: 'date', list: true, sortable: true },
  ],
  filters: [
    { source: 'manager_id', type: 'eq', alwaysOn: true },
    { source: 'id', type: 'in' },
  ],
  sort: ['created_at'],
  access: { list: OWNER, read: OWNER, create: OWNER, edit: OWNER, delete: OWNER },
  rows: { manager: { column: 'manager_id', match: 'self' } },
  list: { layout: 'table', rowActions: ['edit', 'delete'], deleteConfirm: 'console.delete_record_confirm' },
  actions: [
    { name: 'reveal', roles: ['manager'], confirm: true, doneArgs: (a) => ({ secret: String(a.secret) }) },
    { name: 'rotate', roles: ['manager'], confirm: true, doneArgs: (a) => ({ secret: String(a.secret) }) },
  ],
});
