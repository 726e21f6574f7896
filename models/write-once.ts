// A write whose answer was lost is not a failed write (docs/decisions/093-ambiguous-commits.md).
// When the connection to MariaDB dies after a statement was sent (the server was killed, the
// network cut), the write may or may not have been committed: the error says nothing about it.
// The probe of issue 10 saw 1 request in 3,000 answered 500 although its row was stored.
// writeOnce waits for the database to come back, looks for the record the write makes, and
// answers from what it finds: the record is there (committed: success), or the write is run again
// (it was not). So an answer never contradicts what is stored.

/** mysql2's codes for a connection that died while a statement was on it. */
const LOST = new Set(['PROTOCOL_CONNECTION_LOST', 'ECONNRESET', 'EPIPE', 'ER_SERVER_SHUTDOWN', 'ER_CONNECTION_KILLED', 'PROTOCOL_SEQUENCE_TIMEOUT']);

/** Sequelize's errors for a connection that could not be opened: the statement was never sent. */
const UNREACHABLE = /^Sequelize(Connection|ConnectionRefused|ConnectionTimedOut|ConnectionAcquireTimeout|HostNotFound|HostNotReachable|AccessDenied)Error$/;

function cause(e: unknown): { code?: string; fatal?: boolean; message?: string } {
  const err = e as { parent?: object; original?: object };
  return (err?.parent ?? err?.original ?? e ?? {}) as { code?: string; fatal?: boolean; message?: string };
}

export function isUnreachable(e: unknown): boolean {
  return UNREACHABLE.test((e as { name?: string })?.name ?? '');
}

/** The statement may have reached the database and been committed: the outcome is unknown. */
export function isAmbiguous(e: unknown): boolean {
  if (isUnreachable(e)) return false;
  const c = cause(e);
  return LOST.has(c.code ?? '') || c.fatal === true || /connection (lost|is in closed state)|closed state/i.test(c.message ?? '');
}

/** SQLite's codes for a database file that cannot be used now (locked past the busy timeout, closed, unreadable). */
const SQLITE_OUT = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_MISUSE', 'SQLITE_PROTOCOL']);
/** Socket errors of a connection that could not be opened or was cut. */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * The database cannot be used at the moment: it could not be reached, the connection died (before
 * or after the statement was sent), the pool is closed (a stopping process), or SQLite's file stayed
 * locked past the busy timeout. Whatever the request was, the answer is 503 `database_unavailable`
 * (docs/decisions/201-database-outage-is-503.md): the client tries again later, and a write whose
 * outcome is unknown is found by its unique key then (decision 093).
 */
export function isDatabaseOutage(e: unknown): boolean {
  if (e instanceof DatabaseUnavailable || (e as { name?: string })?.name === 'DatabaseUnavailable') return true;
  if (isUnreachable(e) || isAmbiguous(e)) return true;
  const c = cause(e);
  const code = c.code ?? '';
  if (NETWORK.has(code) || SQLITE_OUT.has(code)) return true;
  const message = `${(e as { message?: string })?.message ?? ''} ${c.message ?? ''}`;
  return /connection manager was closed|connection is closed|closed state|database is locked|database handle is closed|database is closed|SQLITE_BUSY/i.test(message);
}

/** The database could not be used, and nothing the caller asked for was done (answered 503). */
export class DatabaseUnavailable extends Error {
  constructor(readonly cause: unknown) {
    super('database unavailable');
    this.name = 'DatabaseUnavailable';
  }
}

/**
 * Runs bookkeeping whose own outcome does not matter to the caller (a rate-limit attempt row):
 * when its connection dies, whether that row was stored changes nothing, and nothing else was
 * done yet, so the loss is reported as the database being unavailable rather than as a failure.
 */
export async function bookkeeping<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUnreachable(e) || isAmbiguous(e)) throw new DatabaseUnavailable(e);
    throw e;
  }
}

/** How long a request waits for the database to come back to learn the outcome of its write. */
export const OUTCOME_WAIT_MS = 15_000;
const POLL_MS = 100;

/**
 * Runs `write`. If its outcome is unknown (isAmbiguous), waits for the database (up to waitMs),
 * then returns what `findCommitted` finds (the record this very write makes, or null), else runs
 * `write` again. Errors that say the write did not happen are thrown as they are. If the database
 * does not come back in time, the last error is thrown (answered 503 or 500): the outcome is then
 * unknown, and a retry of the same input is refused by the record's unique key, never stored twice.
 */
export async function writeOnce<T>(write: () => Promise<T>, findCommitted: () => Promise<T | null>, waitMs = OUTCOME_WAIT_MS): Promise<T> {
  const until = Date.now() + waitMs;
  let unknown = false; // a previous attempt may have been committed
  for (;;) {
    try {
      if (unknown) {
        const found = await findCommitted();
        if (found !== null) return found;
        unknown = false;
      }
      return await write();
    } catch (e) {
      if (isAmbiguous(e)) unknown = true;
      else if (!(unknown && isUnreachable(e))) throw e;
      if (Date.now() >= until) throw e;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
}
