// Webhook deliveries (docs/decisions/480-outbound-webhooks.md): one per event and endpoint, with
// its webhook-id, state and every attempt's answer (status, duration, the answer's start). A
// finished delivery can be sent again (replay). Staff see all, a manager their company's.
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS } from '../../rules/webhooks.js';
import { defineResource } from '../schema.js';

const OWNER = ['admin', 'manager'] as const;

export const webhookDeliveries = defineResource({
  name: 'webhook-deliveries',
  model: 'WebhookDelivery',
  recordRepresentation: 'msg_id',
  fields: [
    { source: 'endpoint_id', type: 'number' },
    { source: 'url', type: 'string', list: true, from: { via: 'endpoint_id', model: 'WebhookEndpoint', column: 'url' } },
    { source: 'event_type', type: 'enum', choices: WEBHOOK_EVENTS, list: true },
    { source: 'state', type: 'enum', choices: WEBHOOK_DELIVERY_STATES, list: true },
    { source: 'attempts', type: 'number', list: true },
    { source: 'last_status', type: 'number', list: true },
    { source: 'msg_id', type: 'string' },
    { source: 'next_attempt_at', type: 'date' },
    { source: 'delivered_at', type: 'date' },
    { source: 'payload', type: 'text' },
    { source: 'attempt_log', type: 'json', from: { server: true } },
    { source: 'manager_id', type: 'reference', reference: 'users' },
    { source: 'created_at', type: 'date', list: true, sortable: true },
  ],
  filters: [
    { source: 'endpoint_id', type: 'eq', alwaysOn: true },
    { source: 'state', type: 'eq', choices: WEBHOOK_DELIVERY_STATES, alwaysOn: true },
    { source: 'event_type', type: 'eq', choices: WEBHOOK_EVENTS },
    { source: 'manager_id', type: 'eq' },
    { source: 'id', type: 'in' },
  ],
  sort: ['created_at'],
  access: { list: OWNER, read: OWNER },
  rows: { manager: { column: 'manager_id', match: 'self' } },
  screens: ['list', 'show'],
  list: { layout: 'table', rowClick: 'show' },
  actions: [{ name: 'replay', roles: ['manager'], confirm: true }],
});
