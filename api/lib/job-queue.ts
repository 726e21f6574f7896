// The durable job queue (Solid Queue's model, docs/decisions/125-durable-job-queue.md): jobs are
// rows of the jobs table; a worker claims one with a lease (FOR UPDATE SKIP LOCKED on MariaDB,
// the single-writer IMMEDIATE transaction on SQLite, decision 091), renews the lease while it
// works, and finishes it only while it still holds it. A job whose worker died (lease expired) is
// claimed again; a job that throws is retried with exponential backoff, then kept as failed with
// its last error. Recurring tasks are enqueued once per period across every process by a unique key.
// The engine only, knowing no job: services enqueue through it, and the registry (api/jobs/index.ts,
// which imports the services) says what each job name does.
import crypto from 'node:crypto';
import os from 'node:os';
import { EventEmitter } from 'node:events';
import { Op, QueryTypes, UniqueConstraintError, type Transaction } from 'sequelize';
import type { Logger } from 'pino';
import { boundSequelize, Job, transaction } from '../../models/index.js';

export interface JobContext {
  job: Job;
  /** Aborted when the lease is lost (another worker took the job over) or the worker stops. */
  signal: AbortSignal;
}

export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

export interface EnqueueOptions {
  queue?: string;
  /** Not before this time (scheduled jobs). */
  runAt?: Date;
  maxAttempts?: number;
  /** At most one job per key, ever: a second enqueue with the same key is a no-op (returns null). */
  uniqueKey?: string;
  /** Enqueue inside the caller's transaction: the job exists only if the caller's writes commit. */
  transaction?: Transaction;
}

/** How long a claimed job is the worker's before another may take it over; renewed every third of it. */
export const LEASE_MS = 60_000;
/** Retry n (1-based) waits BACKOFF_BASE_MS * 4^(n-1), at most BACKOFF_MAX_MS, plus up to 10% jitter. */
export const BACKOFF_BASE_MS = 5_000;
export const BACKOFF_MAX_MS = 3600_000;
export const DEFAULT_MAX_ATTEMPTS = 5;
/** Finished (done) jobs are kept this long for the console, then purged. Failed jobs stay until retried or deleted. */
export const DONE_JOBS_KEPT_MS = 7 * 24 * 3600_000;

export function backoffMs(attempt: number, random = Math.random()): number {
  const base = Math.min(BACKOFF_BASE_MS * 4 ** Math.max(0, attempt - 1), BACKOFF_MAX_MS);
  return Math.round(base * (1 + 0.1 * random));
}

const handlers = new Map<string, JobHandler>();
/** Wakes this process's workers when a job is enqueued here (other processes poll). */
const wake = new EventEmitter();
wake.setMaxListeners(100);

/** Registers what a job name does (once per process, at start). */
export function defineJob(name: string, handler: JobHandler): void {
  handlers.set(name, handler);
}

const isoNoMs = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

/** Adds a job; answers its row, or null when uniqueKey already exists. */
export async function enqueue(name: string, payload: Record<string, unknown> = {}, options: EnqueueOptions = {}): Promise<Job | null> {
  const create = async (t: Transaction) => {
    if (options.uniqueKey && (await Job.count({ where: { unique_key: options.uniqueKey }, transaction: t }))) return null;
    return Job.create(
      {
        name,
        queue: options.queue ?? 'default',
        payload: JSON.stringify(payload),
        run_at: options.runAt ?? new Date(),
        max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        unique_key: options.uniqueKey ?? null,
        locked_by: null,
        locked_until: null,
        last_error: null,
        finished_at: null,
      },
      { transaction: t },
    );
  };
  let job: Job | null;
  try {
    job = options.transaction ? await create(options.transaction) : await transaction(create);
  } catch (e) {
    // Two processes enqueuing the same unique key at once: the index keeps one.
    if (e instanceof UniqueConstraintError && options.uniqueKey) return null;
    throw e;
  }
  if (job) {
    if (options.transaction) options.transaction.afterCommit(() => void wake.emit('job'));
    else wake.emit('job');
  }
  return job;
}

/**
 * Frees a job's unique key while it keeps running: a task queued "at most once while waiting" (the
 * start-up recovery) lets the next enqueue through once it has begun, since that one may need to
 * see what happened after this one's start.
 */
export async function releaseUniqueKey(job: Job): Promise<void> {
  await Job.update({ unique_key: null }, { where: { id: job.id } });
}

/**
 * Adds one job per payload in the caller's transaction with one INSERT (a bulk action's jobs: the
 * lead resends of a filtered list). No unique keys: the caller's own conditional writes decide
 * which rows get a job.
 */
export async function enqueueMany(name: string, payloads: Record<string, unknown>[], t: Transaction, options: Pick<EnqueueOptions, 'queue' | 'maxAttempts'> = {}): Promise<number> {
  if (!payloads.length) return 0;
  const now = new Date();
  const rows = payloads.map((payload) => ({
    name,
    queue: options.queue ?? 'default',
    payload: JSON.stringify(payload),
    run_at: now,
    max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    unique_key: null,
    locked_by: null,
    locked_until: null,
    last_error: null,
    finished_at: null,
  }));
  await Job.bulkCreate(rows, { transaction: t });
  t.afterCommit(() => void wake.emit('job'));
  return rows.length;
}

/** Jobs waiting (ready, whatever their run_at) in a queue: the /metrics gauge. */
export async function queueDepth(queue: string): Promise<number> {
  return Job.count({ where: { queue, state: 'ready' } });
}

/** Staff's retry: a failed (or waiting) job runs again now, with a fresh set of attempts. */
export async function retryJob(id: number, now: Date): Promise<Job | null> {
  return transaction(async (t) => {
    const job = await Job.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!job) return null;
    if (job.state === 'running' && job.locked_until && job.locked_until > now) return job; // someone works on it
    await job.update({ state: 'ready', attempts: 0, run_at: now, locked_by: null, locked_until: null, finished_at: null }, { transaction: t });
    t.afterCommit(() => void wake.emit('job'));
    return job;
  });
}

/**
 * Claims the next due job of the given queues for `workerId`: a ready job whose run_at has come,
 * or a running one whose lease expired (its worker died). Answers it, or null.
 */
export async function claim(workerId: string, queues: string[], now: Date, leaseMs = LEASE_MS): Promise<Job | null> {
  const sequelize = boundSequelize();
  const mysql = sequelize.getDialect() === 'mysql';
  // Sequelize writes a Date replacement without its milliseconds on MySQL: give the exact text.
  const at = mysql ? now.toISOString().replace('T', ' ').replace('Z', '') : now;
  return transaction(async (t) => {
    const marks = queues.map(() => '?').join(', ');
    const rows = await sequelize.query<{ id: number }>(
      `SELECT id FROM jobs
        WHERE queue IN (${marks}) AND ((state = 'ready' AND run_at <= ?) OR (state = 'running' AND locked_until < ?))
        ORDER BY run_at, id LIMIT 1${mysql ? ' FOR UPDATE SKIP LOCKED' : ''}`,
      { replacements: [...queues, at, at], type: QueryTypes.SELECT, transaction: t },
    );
    if (!rows.length) return null;
    const job = (await Job.findByPk(rows[0].id, { transaction: t }))!;
    if (job.state === 'running' && job.attempts >= job.max_attempts) {
      // Its worker died on the last attempt: kept as failed, not run again.
      await job.update(
        { state: 'failed', locked_by: null, locked_until: null, finished_at: now, last_error: job.last_error ?? 'the worker stopped before finishing (lease expired)' },
        { transaction: t },
      );
      return null;
    }
    await job.update({ state: 'running', attempts: job.attempts + 1, locked_by: workerId, locked_until: new Date(now.getTime() + leaseMs) }, { transaction: t });
    return job;
  });
}

/** Extends the lease; false when the job is no longer this worker's. */
export async function renewLease(job: Job, workerId: string, now: Date, leaseMs = LEASE_MS): Promise<boolean> {
  const [n] = await Job.update({ locked_until: new Date(now.getTime() + leaseMs) }, { where: { id: job.id, state: 'running', locked_by: workerId } });
  return n === 1;
}

/** Marks the job done, only if this worker still holds it. */
export async function complete(job: Job, workerId: string, now: Date): Promise<boolean> {
  const [n] = await Job.update({ state: 'done', locked_by: null, locked_until: null, finished_at: now, last_error: null }, { where: { id: job.id, state: 'running', locked_by: workerId } });
  return n === 1;
}

/** Records a failure: retried later with backoff, or failed for good after max_attempts. */
export async function fail(job: Job, workerId: string, error: unknown, now: Date): Promise<'retry' | 'failed' | 'lost'> {
  const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 4000);
  const final = job.attempts >= job.max_attempts;
  const [n] = await Job.update(
    final
      ? { state: 'failed', locked_by: null, locked_until: null, finished_at: now, last_error: message }
      : { state: 'ready', locked_by: null, locked_until: null, run_at: new Date(now.getTime() + backoffMs(job.attempts)), last_error: message },
    { where: { id: job.id, state: 'running', locked_by: workerId } },
  );
  return n === 1 ? (final ? 'failed' : 'retry') : 'lost';
}

/** Removes done jobs older than DONE_JOBS_KEPT_MS. */
export async function purgeDoneJobs(now: Date): Promise<number> {
  return Job.destroy({ where: { state: 'done', finished_at: { [Op.lt]: new Date(now.getTime() - DONE_JOBS_KEPT_MS) } } });
}

/** A task enqueued once per period (hour, day) across every process. */
export interface RecurringTask {
  name: string;
  everyMs: number;
  payload?: Record<string, unknown>;
  /** The queue it runs on (default: 'default'). */
  queue?: string;
}

/** The unique key of a recurring task's current period: e.g. upload-cleanup@1732381200000. */
export function periodKey(task: RecurringTask, now: Date): string {
  return `${task.name}@${Math.floor(now.getTime() / task.everyMs) * task.everyMs}`;
}

/** Enqueues each recurring task for the current period unless some process already did. */
export async function enqueueRecurring(tasks: RecurringTask[], now: Date): Promise<void> {
  for (const task of tasks) {
    await enqueue(task.name, task.payload ?? {}, { queue: task.queue, uniqueKey: periodKey(task, now), maxAttempts: 3, runAt: isoNoMs(now) });
  }
}

export interface WorkerOptions {
  queues?: string[];
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  clock?: () => Date;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  recurring?: RecurringTask[];
  /** Keep the process alive for the worker (a worker-only process); a web process lives for its server anyway. */
  keepAlive?: boolean;
}

export interface Worker {
  readonly id: string;
  /** Stops claiming; resolves when the jobs in hand have finished (or after timeoutMs, leaving their leases to expire). */
  stop(timeoutMs?: number): Promise<void>;
}

let workerSeq = 0;

/** Starts a worker loop in this process. */
export function startWorker(options: WorkerOptions): Worker {
  const id = `${os.hostname().slice(0, 30)}:${process.pid}:${++workerSeq}:${crypto.randomBytes(3).toString('hex')}`;
  const queues = options.queues ?? ['default'];
  const concurrency = options.concurrency ?? 1;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const clock = options.clock ?? (() => new Date());
  const log = options.logger;
  const inFlight = new Set<Promise<void>>();
  const controllers = new Set<AbortController>();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  let lastRecurring = 0;

  const run = async (job: Job) => {
    const controller = new AbortController();
    controllers.add(controller);
    const renew = setInterval(
      () => {
        renewLease(job, id, clock(), leaseMs)
          .then((held) => {
            if (!held) controller.abort(new Error('lease lost'));
          })
          .catch((err) => log.warn({ err, job: job.id }, 'job lease renewal failed'));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    try {
      const handler = handlers.get(job.name);
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(JSON.parse(job.payload || '{}') as Record<string, unknown>, { job, signal: controller.signal });
      clearInterval(renew);
      if (!(await complete(job, id, clock()))) log.warn({ job: job.id, name: job.name }, 'job finished after its lease was lost');
    } catch (err) {
      clearInterval(renew);
      const outcome = await fail(job, id, err, clock()).catch(() => 'lost');
      log[outcome === 'failed' ? 'error' : 'warn']({ err, job: job.id, name: job.name, attempts: job.attempts, outcome }, 'job failed');
    } finally {
      controllers.delete(controller);
    }
  };

  // The poll in progress: stop() waits for it, since a claim it is making may still hand over a job.
  let polled: Promise<void> = Promise.resolve();
  const poll = () => {
    if (stopping || polling) return;
    polled = pollOnce();
  };
  const pollOnce = async () => {
    polling = true;
    try {
      const now = clock();
      if (options.recurring?.length && now.getTime() - lastRecurring >= 60_000) {
        lastRecurring = now.getTime();
        await enqueueRecurring(options.recurring, now).catch((err) => log.warn({ err }, 'recurring jobs not enqueued'));
      }
      while (!stopping && inFlight.size < concurrency) {
        const job = await claim(id, queues, clock(), leaseMs);
        if (!job) break;
        const p = run(job).finally(() => {
          inFlight.delete(p);
          schedule(0);
        });
        inFlight.add(p);
      }
    } catch (err) {
      log.warn({ err }, 'job queue poll failed');
    } finally {
      polling = false;
      schedule(pollMs);
    }
  };

  const schedule = (ms: number) => {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(poll, ms);
    if (!options.keepAlive) timer.unref?.();
  };
  const onWake = () => schedule(0);
  wake.on('job', onWake);
  schedule(0);

  return {
    id,
    async stop(timeoutMs = 10_000) {
      stopping = true;
      clearTimeout(timer);
      wake.off('job', onWake);
      // A claim made while stopping still returns its job, which joins inFlight: wait for it too,
      // so that the caller (scripts/worker.ts closes the database next) never cuts a job in hand.
      await polled;
      const all = Promise.all([...inFlight]);
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref?.());
      await Promise.race([all.then(() => undefined), timeout]);
      for (const c of controllers) c.abort(new Error('worker stopped'));
    },
  };
}
