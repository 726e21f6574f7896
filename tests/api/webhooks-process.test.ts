// Webhook deliveries with two worker processes on one database (issue 28, decision 480): 30 events
// to a receiver on loopback, both processes running the queue at once: each delivery arrives once
// (one attempt logged each, 30 distinct webhook-ids); then the receiver answers 503, both processes
// run the second attempt after the clock moved 5 s: still one attempt each. MariaDB and SQLite.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { makeUser } from '../helpers/fixtures.js';
import { stopChild } from '../helpers/processes.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint, transaction } from '../../models/index.js';
import { emitWebhookEvent } from '../../api/services/webhooks/webhooks.service.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

let ctx: TestContext;
let receiver: Receiver;
beforeAll(async () => {
  ctx = await createTestContext();
  receiver = await startReceiver();
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.stop();
});

/** Two worker processes with their clock at `now`, started on one signal, until no attempt is due. */
async function twoWorkers(now: Date): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: ctx.db.database.url,
    STORAGE_DIR: ctx.settings.storageDir,
    PUBLIC_URL: ctx.settings.publicUrl,
    JOBS_POLL_MS: '50',
    JOBS_CONCURRENCY: '3',
    WEBHOOKS_ALLOW_LOOPBACK: '1',
  };
  const children: ChildProcess[] = [];
  try {
    const ready = [0, 1].map(() => {
      const child = spawn(TSX, ['tests/helpers/webhook-worker.ts', now.toISOString()], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
      children.push(child);
      let out = '';
      let err = '';
      child.stderr!.on('data', (d) => (err += d));
      return new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d) => {
          out += d;
          if (out.includes('ready\n')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`worker exited ${code}: ${err}`)));
      });
    });
    await Promise.all(ready);
    const exits = children.map((c) => new Promise((r) => c.once('exit', r)));
    for (const c of children) c.stdin!.write('go\n');
    await Promise.all(exits);
  } finally {
    for (const c of children) await stopChild(c);
  }
}

describe('webhook deliveries with two worker processes', () => {
  it('delivers each attempt once', async () => {
    const manager = await makeUser({ profile: 'manager', email: 'm@acme.test', customer_name: 'Acme' });
    const t0 = new Date();
    const endpoint = await WebhookEndpoint.create({
      manager_id: manager.id,
      url: receiver.url(),
      description: null,
      events: 'offer.closed',
      secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
      enabled: true,
      disabled_at: null,
      created_at: t0,
      updated_at: t0,
    });
    await transaction(async (t) => {
      for (let i = 0; i < 30; i++) await emitWebhookEvent(t, 'offer.closed', { managerId: manager.id }, { job_code: `JOB${i}` }, t0);
    });
    await twoWorkers(t0);
    const ids = receiver.hooks.map((h) => String(h.headers['webhook-id']));
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(await WebhookAttempt.count()).toBe(30);
    expect(await WebhookDelivery.count({ where: { endpoint_id: endpoint.id, state: 'delivered' } })).toBe(30);

    // Failing now: the next attempt of each, 5 s later, once too.
    receiver.answer = { status: 503, body: 'busy' };
    await transaction(async (t) => {
      for (let i = 0; i < 10; i++) await emitWebhookEvent(t, 'offer.closed', { managerId: manager.id }, { job_code: `LATE${i}` }, t0);
    });
    await twoWorkers(t0);
    await twoWorkers(new Date(t0.getTime() + 6_000));
    expect(receiver.hooks).toHaveLength(50);
    const late = await WebhookDelivery.findAll({ where: { state: 'pending' } });
    expect(late).toHaveLength(10);
    for (const d of late) expect(d.attempts).toBe(2);
    expect(await WebhookAttempt.count()).toBe(50);
  }, 300_000);
});
