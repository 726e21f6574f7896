// Outbound webhooks (issue 28, docs/decisions/480-outbound-webhooks.md): a company's endpoints, the
// events emitted where each happens (in that write's transaction), and each delivery's attempts run
// by the job queue on the retry schedule of models/rules/webhooks.ts.
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { User, WebhookAttempt, WebhookDelivery, WebhookEndpoint, transaction } from '../../../models/index.js';
import { WEBHOOK_ENDPOINTS_PER_COMPANY, WEBHOOK_EVENTS, WEBHOOK_LOGGED_BODY, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_MS, WEBHOOK_TIMEOUT_MS, type WebhookEvent } from '../../../models/rules/webhooks.js';
import { isLang, DEFAULT_LANG, t as translate } from '../../../config/i18n/index.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { enqueue } from '../../lib/job-queue.js';
import { managersReaching } from '../../auth/access.js';
import { checkWebhookUrl, postWebhook, type Resolve } from '../../integrations/webhook-http.js';
import type { Mailer } from '../../integrations/mail.js';
import { newMessageId, newWebhookSecret, signWebhook } from './webhook-signature.js';

export const WEBHOOK_QUEUE = 'webhooks';
export const WEBHOOK_ATTEMPT_JOB = 'webhook-attempt';
export const WEBHOOK_DISABLED_MAIL_JOB = 'webhook-disabled-mail';

/** Where deliveries may go: loopback only with WEBHOOKS_ALLOW_LOOPBACK (tests); a resolver for tests. */
export interface WebhookNet {
  allowLoopback: boolean;
  resolve?: Resolve;
}

const eventsOf = (row: Pick<WebhookEndpoint, 'events'>): WebhookEvent[] => row.events.split(',').filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e));

async function checkedUrl(raw: unknown, net: WebhookNet): Promise<string> {
  if (typeof raw !== 'string' || !raw.trim()) throw invalid('webhook_url_invalid', 'webhook_url_invalid', { field: 'url' });
  const checked = await checkWebhookUrl(raw.trim(), net);
  if ('refusal' in checked) throw invalid(checked.refusal, checked.refusal, { field: 'url' });
  return checked.url.toString();
}

function checkedEvents(raw: unknown): string {
  const list = Array.isArray(raw) ? raw.map(String) : [];
  if (!list.length || list.some((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e))) throw invalid('webhook_events_invalid', 'webhook_events_invalid', { field: 'events' });
  return WEBHOOK_EVENTS.filter((e) => list.includes(e)).join(',');
}

const description = (raw: unknown): string | null => (typeof raw === 'string' && raw.trim() ? raw.trim().slice(0, 200) : null);

/** A new endpoint of a company (its manager's account: the caller's, or for staff the one named). */
export async function createEndpoint(data: Record<string, unknown>, net: WebhookNet, now: Date): Promise<number> {
  const managerId = String(data.manager_id ?? '');
  // A company account (staff may set one up before its subscription makes it a manager); a
  // manager creating their own passes by the console's row scope already.
  const manager = await User.findByPk(managerId, { attributes: ['id', 'profile'] });
  if (!manager || (manager.profile !== 'manager' && manager.profile !== 'recruiter')) throw invalid('webhook_manager_invalid', 'webhook_manager_invalid', { field: 'manager_id' });
  const url = await checkedUrl(data.url, net);
  const events = checkedEvents(data.events);
  return transaction(async (t) => {
    // The manager's row locked: two creations at once count each other.
    await User.findByPk(managerId, { attributes: ['id'], transaction: t, lock: t.LOCK.UPDATE });
    if ((await WebhookEndpoint.count({ where: { manager_id: managerId }, transaction: t })) >= WEBHOOK_ENDPOINTS_PER_COMPANY) {
      throw conflict('webhook_endpoints_limit', 'webhook_endpoints_limit');
    }
    const row = await WebhookEndpoint.create(
      { manager_id: managerId, url, description: description(data.description), events, secret: newWebhookSecret(), enabled: true, disabled_at: null, created_at: now, updated_at: now },
      { transaction: t },
    );
    return row.id;
  });
}

/** Changes the URL, description, events, or turns the endpoint on or off (on again after it was disabled). */
export async function updateEndpoint(id: number, data: Record<string, unknown>, net: WebhookNet, now: Date): Promise<void> {
  const changes: Partial<WebhookEndpoint> = { updated_at: now };
  if (data.url !== undefined) changes.url = await checkedUrl(data.url, net);
  if (data.events !== undefined) changes.events = checkedEvents(data.events);
  if (data.description !== undefined) changes.description = description(data.description);
  if (data.enabled !== undefined) {
    changes.enabled = !!data.enabled;
    changes.disabled_at = data.enabled ? null : now;
  }
  const [n] = await WebhookEndpoint.update(changes, { where: { id } });
  if (!n) throw notFound('webhook_endpoint_not_found', 'not_found');
}

export async function revealSecret(id: number): Promise<{ secret: string }> {
  const row = await WebhookEndpoint.findByPk(id, { attributes: ['secret'] });
  if (!row) throw notFound('webhook_endpoint_not_found', 'not_found');
  return { secret: row.secret };
}

/** A new secret at once: deliveries signed from now on use it. */
export async function rotateSecret(id: number, now: Date): Promise<{ secret: string }> {
  const secret = newWebhookSecret();
  const [n] = await WebhookEndpoint.update({ secret, updated_at: now }, { where: { id } });
  if (!n) throw notFound('webhook_endpoint_not_found', 'not_found');
  return { secret };
}

/** Who an event concerns: the companies reaching a recruiter's offer, or one company (its subscription). */
export type EventOwner = { recruiterId: string } | { managerId: string };

/**
 * Emits one event in the caller's transaction: a delivery per enabled endpoint of the companies
 * concerned that chose it, with its first attempt queued; nothing exists if the write rolls back.
 */
export async function emitWebhookEvent(t: Transaction, type: WebhookEvent, owner: EventOwner, data: Record<string, unknown>, now: Date): Promise<number> {
  const managerIds = 'managerId' in owner ? [owner.managerId] : await managersReaching(owner.recruiterId, t, now.getTime());
  const endpoints = (await WebhookEndpoint.findAll({ where: { manager_id: managerIds, enabled: true }, attributes: ['id', 'manager_id', 'events'], transaction: t })).filter((e) =>
    eventsOf(e).includes(type),
  );
  for (const endpoint of endpoints) {
    const msgId = newMessageId();
    const payload = JSON.stringify({ type, timestamp: now.toISOString(), data });
    const delivery = await WebhookDelivery.create(
      { endpoint_id: endpoint.id, manager_id: endpoint.manager_id, msg_id: msgId, event_type: type, payload, state: 'pending', attempts: 0, next_attempt_at: now, created_at: now },
      { transaction: t },
    );
    await queueAttempt(delivery.id, 1, now, t);
  }
  return endpoints.length;
}

function queueAttempt(deliveryId: number, attempt: number, runAt: Date, t?: Transaction, replay = false) {
  // One job per attempt number, ever: two workers, or an emit and a replay, cannot queue it twice.
  return enqueue(WEBHOOK_ATTEMPT_JOB, { delivery_id: deliveryId, attempt, replay }, { queue: WEBHOOK_QUEUE, runAt, maxAttempts: 3, uniqueKey: `webhook:${deliveryId}:${attempt}`, transaction: t });
}

export interface AttemptDeps {
  net: WebhookNet;
  clock: () => Date;
  timeoutMs?: number;
}

/**
 * Runs attempt `attempt` of a delivery: signs and posts it, logs the answer, then schedules the
 * next attempt, marks it delivered, or (schedule run out) failed with its endpoint disabled and
 * the manager told. A replay is one attempt, with no schedule and no disabling.
 */
export async function runAttempt(deps: AttemptDeps, payload: Record<string, unknown>): Promise<'delivered' | 'retry' | 'failed' | 'skipped'> {
  const deliveryId = Number(payload.delivery_id);
  const attempt = Number(payload.attempt);
  const replay = payload.replay === true;
  const delivery = await WebhookDelivery.findByPk(deliveryId);
  if (!delivery || delivery.state !== 'pending' || delivery.attempts >= attempt) return 'skipped';
  const endpoint = await WebhookEndpoint.findByPk(delivery.endpoint_id);
  if (!endpoint) return 'skipped';
  if (!endpoint.enabled) {
    await WebhookDelivery.update({ state: 'failed', next_attempt_at: null }, { where: { id: deliveryId, state: 'pending' } });
    return 'failed';
  }
  const sentAt = deps.clock();
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  const headers = { 'webhook-id': delivery.msg_id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(endpoint.secret, delivery.msg_id, timestamp, delivery.payload) };
  const answer = await postWebhook(endpoint.url, headers, delivery.payload, { ...deps.net, timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS, keepChars: WEBHOOK_LOGGED_BODY });
  const ok = answer.error === null && answer.status !== null && answer.status >= 200 && answer.status < 300;
  const now = deps.clock();
  const last = replay || attempt >= WEBHOOK_MAX_ATTEMPTS;
  try {
    return await transaction(async (t) => {
      await WebhookAttempt.create(
        {
          delivery_id: deliveryId,
          attempt,
          status_code: answer.status,
          duration_ms: answer.durationMs,
          response_body: answer.body,
          error: answer.error ?? (ok ? null : 'http_status'),
          created_at: now,
        },
        { transaction: t },
      );
      const base = { attempts: attempt, last_status: answer.status };
      if (ok) {
        await WebhookDelivery.update({ ...base, state: 'delivered', delivered_at: now, next_attempt_at: null }, { where: { id: deliveryId }, transaction: t });
        return 'delivered';
      }
      if (!last) {
        const next = new Date(now.getTime() + WEBHOOK_RETRY_MS[attempt - 1]);
        await WebhookDelivery.update({ ...base, next_attempt_at: next }, { where: { id: deliveryId }, transaction: t });
        await queueAttempt(deliveryId, attempt + 1, next, t);
        return 'retry';
      }
      await WebhookDelivery.update({ ...base, state: 'failed', next_attempt_at: null }, { where: { id: deliveryId }, transaction: t });
      if (!replay) {
        // Every attempt of the schedule failed: the endpoint is disabled once, and its manager told once.
        const [n] = await WebhookEndpoint.update({ enabled: false, disabled_at: now, updated_at: now }, { where: { id: endpoint.id, enabled: true }, transaction: t });
        if (n) await enqueue(WEBHOOK_DISABLED_MAIL_JOB, { endpoint_id: endpoint.id }, { transaction: t, uniqueKey: `webhook-disabled:${endpoint.id}:${now.getTime()}` });
      }
      return 'failed';
    });
  } catch (e) {
    // Another worker logged this attempt already (a job taken over after its lease): nothing more.
    if (e instanceof UniqueConstraintError) return 'skipped';
    throw e;
  }
}

/** Sends a delivery again now, with the same webhook-id: one attempt, logged after the others. */
export async function replayDelivery(id: number, now: Date): Promise<{ attempt: number }> {
  return transaction(async (t) => {
    const delivery = await WebhookDelivery.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!delivery) throw notFound('webhook_delivery_not_found', 'not_found');
    if (delivery.state === 'pending') throw conflict('webhook_delivery_pending', 'webhook_delivery_pending');
    const endpoint = await WebhookEndpoint.findByPk(delivery.endpoint_id, { transaction: t });
    if (!endpoint?.enabled) throw conflict('webhook_endpoint_disabled', 'webhook_endpoint_disabled');
    const attempt = delivery.attempts + 1;
    await delivery.update({ state: 'pending', next_attempt_at: now }, { transaction: t });
    await queueAttempt(delivery.id, attempt, now, t, true);
    return { attempt };
  });
}

/** The e-mail to the manager whose endpoint was disabled, in their language. */
export async function sendDisabledMail(mailer: Mailer, publicUrl: string, endpointId: number): Promise<void> {
  const endpoint = await WebhookEndpoint.findByPk(endpointId);
  if (!endpoint || endpoint.enabled) return;
  const manager = await User.findByPk(endpoint.manager_id, { attributes: ['email', 'name', 'lang'] });
  if (!manager?.email) return;
  const lang = isLang(manager.lang) ? manager.lang : DEFAULT_LANG;
  const vars = { name: manager.name ?? '', url: endpoint.url, link: `${publicUrl}/manager/webhooks?lang=${lang}` };
  await mailer.send({ to: manager.email, subject: translate(lang, 'webhook_disabled_mail_subject', vars), text: translate(lang, 'webhook_disabled_mail_text', vars) });
}

/** Deliveries of an endpoint's company older than the window are removed with their attempts (daily). */
export async function purgeOldDeliveries(now: Date, keepMs = 30 * 86_400_000): Promise<number> {
  return WebhookDelivery.destroy({ where: { state: { [Op.ne]: 'pending' }, created_at: { [Op.lt]: new Date(now.getTime() - keepMs) } } });
}
