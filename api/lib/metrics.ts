// Prometheus metrics (prom-client), served at /metrics behind METRICS_TOKEN or on METRICS_PORT
// (docs/decisions/105-metrics.md). One registry per process: request latency by route pattern and
// status, the database pool, the process's default metrics, and job queue depths registered by
// whoever owns a queue (registerQueueDepth). Everything but the request histogram is read when
// scraped, so requests pay only for one histogram observation.
import crypto from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { boundSequelize } from '../../models/index.js';
import { unauthorized } from './errors.js';
import { errorBody } from './http.js';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Seconds; rate = rate(http_request_duration_seconds_count[1m]). No separate counter: one observation per request. */
const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, matched route pattern and status: count (rate) and duration',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Label children by "method route status": found by one Map lookup instead of prom-client's label hashing. */
const children = new Map<string, ReturnType<typeof httpDuration.labels>>();
/** A bound on label sets, whatever happens: past it, new combinations share one 'overflow' series. */
const MAX_SERIES = 2000;

/**
 * The route label: the Express route pattern that answered (`/apis/share-apply/:share_id`), never the
 * raw path. Requests no route matched (static files, 404s) get their first segment's bucket.
 * Every /apis router is mounted at /apis; when an error went up to the app's error handler, Express
 * has already restored baseUrl, so the prefix comes back from the path.
 */
export function routeLabel(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  const url = req.originalUrl;
  if (pattern !== undefined) {
    const base = req.baseUrl || (url.startsWith('/apis/') ? '/apis' : '');
    return base + (Array.isArray(pattern) ? pattern.join('|') : String(pattern));
  }
  if (url.startsWith('/apis/') || url === '/apis') return '/apis/unmatched';
  if (url.startsWith('/assets/')) return '/assets/*';
  if (url.startsWith('/files/')) return '/files/*';
  if (url.startsWith('/admin')) return '/admin/*';
  return 'unmatched';
}

/** Records one finished request (called from the request log's close listener) under its route label. */
export function observeRequest(requestMethod: string | undefined, route: string, status: number | 'aborted', seconds: number): void {
  const method = requestMethod && METHODS.has(requestMethod) ? requestMethod : 'OTHER';
  const key = `${method} ${route} ${status}`;
  let child = children.get(key);
  if (!child) {
    child = children.size < MAX_SERIES ? httpDuration.labels(method, route, String(status)) : httpDuration.labels(method, 'overflow', String(status));
    children.set(key, child);
  }
  child.observe(seconds);
}

interface PoolLike {
  size: number;
  available: number;
  using: number;
  waiting: number;
  maxSize: number;
}

/** Sequelize's connection pool (sequelize-pool: 10 connections on MariaDB, 1 on SQLite), when a database is bound. */
function currentPool(): PoolLike | undefined {
  try {
    const pool = (boundSequelize() as unknown as { connectionManager?: { pool?: unknown } }).connectionManager?.pool as Partial<PoolLike> & { write?: PoolLike };
    const p = pool?.write ?? pool; // with read replicas, the write pool
    return p && typeof p.using === 'number' ? (p as PoolLike) : undefined;
  } catch {
    return undefined; // no database bound (yet)
  }
}

new Gauge({
  name: 'db_pool_connections',
  help: 'Database pool connections by state (in_use, idle, waiting = requests waiting for a connection, max)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const pool = currentPool();
    if (!pool) return;
    this.set({ state: 'in_use' }, pool.using);
    this.set({ state: 'idle' }, pool.available);
    this.set({ state: 'waiting' }, pool.waiting);
    this.set({ state: 'max' }, pool.maxSize);
  },
});

type DepthReader = () => number | Promise<number>;
const queues = new Map<string, DepthReader>();

/**
 * A job queue's depth, read at each scrape: `registerQueueDepth('default', () => Job.count(...))`.
 * Registering a name again replaces its reader; the returned function unregisters it.
 */
export function registerQueueDepth(queue: string, read: DepthReader): () => void {
  queues.set(queue, read);
  return () => {
    if (queues.get(queue) === read) queues.delete(queue);
  };
}

new Gauge({
  name: 'job_queue_depth',
  help: 'Jobs waiting in each queue (registered with registerQueueDepth)',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    await Promise.all(
      [...queues].map(async ([queue, read]) => {
        try {
          this.set({ queue }, await read());
        } catch {
          // a queue that cannot be read is left out of this scrape rather than failing it
        }
      }),
    );
  },
});

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * GET /metrics. With a token: `Authorization: Bearer <token>` or 401. Without a token (the
 * METRICS_PORT listener, reachable only where it is bound): open. On the main port the route
 * exists only when METRICS_TOKEN is set (see createApp).
 */
export function metricsHandler(token: string | undefined): RequestHandler {
  return async (req, res) => {
    if (token !== undefined) {
      const header = req.get('authorization') ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!given || !sameSecret(given, token)) {
        res
          .set('WWW-Authenticate', 'Bearer realm="metrics"')
          .status(401)
          .json(errorBody(unauthorized(), req.lang ?? 'fr'));
        return;
      }
    }
    const body = await registry.metrics();
    res.set('Content-Type', registry.contentType).set('Cache-Control', 'no-store').send(body);
  };
}
