// Request ids, the per-request JSON log lines and /metrics (decisions 105, 106).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { pino } from 'pino';
import type { Express } from 'express';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { dialect } from '../helpers/db.js';
import { createApp } from '../../api/app.js';
import { registerQueueDepth } from '../../api/lib/metrics.js';
import { enqueue } from '../../api/lib/job-queue.js';
import { QUEUES } from '../../api/jobs/index.js';
import { VIDEO_QUEUE } from '../../api/services/applications/video-answers.service.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let ctx: TestContext;
/** The app as production runs it (request lines on), logging into `lines`, with two test routes. */
let prod: Express;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  // A web node as docs/deploy.md runs them: JOBS_WORKER=0 (no worker is started in this file).
  ctx = await createTestContext({ METRICS_TOKEN: TOKEN, JOBS_WORKER: '0' });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  prod = createApp({ ...ctx.deps, logger, settings: { ...ctx.settings, env: 'production' } }, [
    (app) => {
      app.get('/test/log-twice', (req, res) => {
        req.log.info({ step: 1 }, 'first');
        req.log.warn({ step: 2 }, 'second');
        res.json({ ok: true });
      });
      app.get('/test/boom', () => {
        throw new Error('kaboom');
      });
    },
  ]);
});
afterAll(async () => ctx?.close());

const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);

describe('request ids', () => {
  it('gives every response a fresh X-Request-Id', async () => {
    const a = await request(ctx.app).get('/apis/health');
    const b = await request(ctx.app).get('/apis/health');
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it("keeps a trusted proxy's X-Request-Id, and only a well-formed one", async () => {
    prod.set('trust proxy', 'loopback'); // supertest connects from 127.0.0.1
    const kept = await request(prod).get('/apis/health').set('X-Request-Id', '7F000001:D2B4_7F000001:1F90_6560F0A1_0001:2A1');
    expect(kept.headers['x-request-id']).toBe('7F000001:D2B4_7F000001:1F90_6560F0A1_0001:2A1');
    for (const bad of ['short', 'x'.repeat(200), 'a b c d e f g h', '"}{"admin":true']) {
      const res = await request(prod).get('/apis/health').set('X-Request-Id', bad);
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('makes its own id when the peer is not a trusted proxy', async () => {
    prod.set('trust proxy', false);
    try {
      const res = await request(prod).get('/apis/health').set('X-Request-Id', 'chosen-by-the-client-123');
      expect(res.headers['x-request-id']).toMatch(UUID);
    } finally {
      prod.set('trust proxy', 'loopback');
    }
  });
});

describe('request log lines', () => {
  it("writes one compact line per request, with the request's id and no query string", async () => {
    const res = await request(prod).get('/apis/health?email=someone%40example.test').set('Cookie', 'sid=secret');
    const id = res.headers['x-request-id'];
    await new Promise((r) => setTimeout(r, 20));
    const mine = linesOf(id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request', method: 'GET', url: '/apis/health', status: 200, level: 30 });
    expect(typeof mine[0].ms).toBe('number');
    expect(JSON.stringify(mine[0])).not.toMatch(/someone|secret/);
  });

  it("puts the request id on every line a handler logs, and on the unhandled error's line", async () => {
    const logged = await request(prod).get('/test/log-twice');
    const boom = await request(prod).get('/test/boom');
    expect(boom.status).toBe(500);
    await new Promise((r) => setTimeout(r, 20));
    expect(linesOf(logged.headers['x-request-id']).map((l) => l.msg)).toEqual(['first', 'second', 'request']);
    const boomLines = linesOf(boom.headers['x-request-id']);
    expect(boomLines.map((l) => l.msg)).toEqual(['unhandled error', 'request']);
    expect(boomLines[1]).toMatchObject({ status: 500, level: 50 });
  });
});

describe('/metrics', () => {
  it('answers 401 without the bearer token or with a wrong one, and is absent without METRICS_TOKEN', async () => {
    expect((await request(ctx.app).get('/metrics')).status).toBe(401);
    const wrong = await request(ctx.app).get('/metrics').set('Authorization', 'Bearer not-the-token-at-all');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('unauthorized');
    const off = createApp({ ...ctx.deps, settings: { ...ctx.settings, metrics: { host: '127.0.0.1' } } });
    expect((await request(off).get('/metrics')).status).toBe(404);
  });

  it('counts requests by route pattern and status, never by raw path', async () => {
    const ids = ['SomeShareId1234567', 'OtherShareId7654321'];
    for (const id of ids) expect((await request(ctx.app).get(`/apis/share-apply/${id}`)).status).toBe(404);
    await request(ctx.app).get('/apis/no/such/route/42');
    const res = await request(ctx.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const count = (route: string, status: number) =>
      Number(new RegExp(`^http_request_duration_seconds_count\\{method="GET",route="${route.replace(/[/$]/g, '\\$&')}",status="${status}"\\} (\\d+)$`, 'm').exec(res.text)?.[1]);
    expect(count('/apis/share-apply/:share_id', 404)).toBeGreaterThanOrEqual(2);
    expect(count('/apis/unmatched', 404)).toBeGreaterThanOrEqual(1);
    expect(res.text).toMatch(/^http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/apis\/health",status="200"\} \d+$/m);
    for (const id of ids) expect(res.text).not.toContain(id);
    expect(res.text).not.toContain('/no/such');
    // process default metrics
    expect(res.text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(res.text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('labels a route that failed with its full pattern too', async () => {
    // An invalid body answers from the app-level error handler, after Express left the /apis router.
    await request(ctx.app).post('/apis/auth/login').set('content-type', 'application/json').send('{"a":');
    const res = await request(ctx.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/apis\/(auth\/login|unmatched)",status="400"\} \d+$/m);
    expect(res.text).not.toMatch(/route="\/auth\/login"/);
  });

  it("shows the database pool where the dialect has one, and registered queues' depth", async () => {
    let depth = 7;
    const unregister = registerQueueDepth('transcode', () => depth);
    const unregisterBroken = registerQueueDepth('broken', () => Promise.reject(new Error('table missing')));
    const first = await request(ctx.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(first.status).toBe(200);
    expect(first.text).toMatch(/^job_queue_depth\{queue="transcode"\} 7$/m);
    expect(first.text).not.toMatch(/queue="broken"/);
    unregisterBroken();
    depth = 3;
    const second = await request(ctx.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(second.text).toMatch(/^job_queue_depth\{queue="transcode"\} 3$/m);
    unregister();
    const third = await request(ctx.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(third.text).not.toMatch(/queue="transcode"/);
    for (const state of ['in_use', 'idle', 'waiting']) expect(third.text).toMatch(new RegExp(`^db_pool_connections\\{state="${state}"\\} \\d+$`, 'm'));
    // models/connection.ts: 10 connections on MariaDB, SQLite's one writer.
    expect(third.text).toMatch(new RegExp(`^db_pool_connections\\{state="max"\\} ${dialect === 'mysql' ? 10 : 1}$`, 'm'));
  });

  it('reports the job queue depth on a node that runs no worker (JOBS_WORKER=0)', async () => {
    expect(ctx.settings.jobs.worker).toBe(false);
    const depths = async () => {
      const res = await request(ctx.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
      expect(res.status).toBe(200);
      const found = [...res.text.matchAll(/^job_queue_depth\{queue="([^"]+)"\} (\d+)$/gm)];
      return Object.fromEntries(found.map((m) => [m[1], Number(m[2])]));
    };
    const before = await depths();
    expect(Object.keys(before).sort()).toEqual([...QUEUES].sort());
    // Two transcodes waiting (no worker takes them here): the count is the table's, not a constant.
    const later = new Date(Date.now() + 3600_000);
    await enqueue('metrics-depth-test', {}, { queue: VIDEO_QUEUE, runAt: later });
    await enqueue('metrics-depth-test', {}, { queue: VIDEO_QUEUE, runAt: later });
    const after = await depths();
    expect(after[VIDEO_QUEUE]).toBe(before[VIDEO_QUEUE] + 2);
    expect(after.default).toBe(before.default);
  });
});
