// Webhook endpoints and deliveries in the console (decision 480): writes, the secret's reveal and
// rotation and the replay are done by the webhooks service; the engine reads the row within the
// caller's scope first (404 otherwise).
import type { ServerPart } from '../types.js';
import { WebhookAttempt, WebhookEndpoint } from '../../../models/index.js';
import { isRecordId } from '../../../models/rules/ids.js';
import { notFound } from '../../lib/errors.js';
import { createEndpoint, replayDelivery, revealSecret, rotateSecret, updateEndpoint } from '../../services/webhooks/webhooks.service.js';

const idOf = (id: string): number => {
  if (!isRecordId(id)) throw notFound();
  return Number(id);
};

export const webhookEndpointsServer: ServerPart = {
  async decorate(_ctx, rows) {
    const found = await WebhookEndpoint.findAll({ where: { id: rows.map((r) => Number(r.id)) }, attributes: ['id', 'events'] });
    const events = new Map(found.map((e) => [e.id, e.events ? e.events.split(',') : []]));
    return rows.map((r) => ({ ...r, events: events.get(Number(r.id)) ?? [] }));
  },
  create: (ctx, data) => createEndpoint(data, ctx.webhooks, ctx.clock()),
  update: (ctx, id, data) => updateEndpoint(idOf(id), data, ctx.webhooks, ctx.clock()),
  actions: {
    reveal: (_ctx, id: string) => revealSecret(idOf(id)),
    rotate: (ctx, id: string) => rotateSecret(idOf(id), ctx.clock()),
  },
};

export const webhookDeliveriesServer: ServerPart = {
  async decorate(_ctx, rows) {
    const attempts = await WebhookAttempt.findAll({ where: { delivery_id: rows.map((r) => Number(r.id)) }, order: [['attempt', 'ASC']] });
    return rows.map((r) => ({
      ...r,
      attempt_log: attempts
        .filter((a) => a.delivery_id === Number(r.id))
        .map((a) => ({ attempt: a.attempt, at: a.created_at.toISOString(), status_code: a.status_code, duration_ms: a.duration_ms, response_body: a.response_body, error: a.error })),
    }));
  },
  actions: {
    replay: (ctx, id: string) => replayDelivery(idOf(id), ctx.clock()),
  },
};
