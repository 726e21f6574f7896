// The one connection the models are bound to, and the transactions run on it (one writer at a time
// on SQLite; deadlock victims run again on MariaDB). A module of its own: models/index.ts binds it,
// and the search index's hooks open transactions on it, without importing each other.
import type { Sequelize, Transaction } from 'sequelize';

let boundTo: Sequelize | null = null;

/** Binds this connection (once per process: a process talks to one database); false when it already was. */
export function bindConnection(sequelize: Sequelize): boolean {
  if (boundTo === sequelize) return false;
  if (boundTo) throw new Error('models are already bound to another connection');
  boundTo = sequelize;
  retryLoneStatements(sequelize);
  return true;
}

export function boundSequelize(): Sequelize {
  if (!boundTo) throw new Error('initModels() has not been called');
  return boundTo;
}

// SQLite has one writer at a time and Sequelize opens a separate SQLite connection per
// transaction, so concurrent transactions would fail with SQLITE_BUSY. The embedded database
// belongs to one process, so we queue its transactions here; MySQL/MariaDB run them in parallel.
let sqliteQueue: Promise<unknown> = Promise.resolve();

const RETRYABLE = new Set([1213, 1205]); // ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT
/** Tries before a deadlock reaches the caller; the waits between them grow (about 1.5 s in all at most). */
export const DEADLOCK_ATTEMPTS = 8;

function errno(e: unknown): number | undefined {
  const err = e as { parent?: { errno?: number }; original?: { errno?: number } };
  return err?.parent?.errno ?? err?.original?.errno;
}

/** InnoDB gave up on a lock (deadlock victim, lock wait timeout): nothing of the attempt was kept. */
export const isLockConflict = (e: unknown): boolean => RETRYABLE.has(errno(e) ?? 0);

/**
 * The one retry policy for lock conflicts (docs/decisions/200-counters-by-increments.md): `run` is
 * run again while it fails with a deadlock or a lock wait timeout, up to DEADLOCK_ATTEMPTS times,
 * after a random wait that doubles each time (full jitter: writers that collided do not collide again
 * in step). `run` must be a whole transaction or a lone statement, so that a failed attempt left nothing.
 */
async function retryingLockConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      if (i >= DEADLOCK_ATTEMPTS || !isLockConflict(e)) throw e;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * Math.min(500, 10 * 2 ** i)));
    }
  }
}

/**
 * Runs fn in one transaction: all of it is stored, or none of it. On MariaDB two concurrent
 * writers may deadlock and InnoDB then rolls one back whole: that one is run again (see
 * retryingLockConflicts), so a deadlock never reaches the caller as a 500
 * (docs/decisions/091-sqlite-one-writer.md, 200-counters-by-increments.md).
 * fn must therefore only touch the database (or do things that are safe to repeat).
 */
export async function transaction<T>(fn: (t: Transaction) => Promise<T>): Promise<T> {
  const sequelize = boundSequelize();
  if (sequelize.getDialect() === 'sqlite') {
    const run = sqliteQueue.then(() => sequelize.transaction(fn));
    sqliteQueue = run.catch(() => undefined);
    return run;
  }
  return retryingLockConflicts(() => sequelize.transaction(fn));
}

/**
 * A statement run outside any transaction (a model's lone create, update or destroy) is its own
 * transaction: when InnoDB picks it as a deadlock victim it is run again by the same policy.
 * Statements inside a transaction are not: InnoDB rolled back the whole transaction, which
 * transaction() runs again.
 */
function retryLoneStatements(sequelize: Sequelize): void {
  if (sequelize.getDialect() === 'sqlite') return;
  type Query = (sql: unknown, options?: { transaction?: unknown }) => Promise<unknown>;
  const target = sequelize as unknown as { query: Query };
  const query = target.query.bind(sequelize);
  target.query = (sql, options) => (options?.transaction ? query(sql, options) : retryingLockConflicts(() => query(sql, options)));
}
