// A SELECT in written SQL sent straight to the driver of the bound connection (sqlite3 or mysql2),
// and a model's row turned into plain values: no query building, no query object, no model
// instance. For the reads of the hot signed-in paths: the caller's session and user, read on
// every signed-in request (api/auth/sessions.ts), the reach (api/auth/access.ts) and the manager's
// home. Through `sequelize.query` each such read cost more CPU than the driver's own work
// (docs/decisions/425-plain-caller.md).
import { DatabaseError, QueryTypes, type Model, type ModelStatic, type Sequelize, type Transaction } from 'sequelize';
import { boundSequelize } from './transaction.js';

type Row = Record<string, unknown>;
/** What a parameter may be: the drivers bind these alike (a Date would not be: write it with models/columns.ts sqlDate). */
export type SqlValue = string | number | null;
type Callback = (err: Error | null, rows: unknown) => void;
interface ConnectionManager {
  getConnection(options: { type: 'SELECT' }): Promise<unknown>;
  releaseConnection(connection: unknown): void;
}
/** Sequelize's own logging (what `sequelize.query` logs through), not in its type declarations. */
type LoggingSequelize = Sequelize & { options: { logging?: unknown }; log(message: string): void };
interface SqliteConnection {
  all(sql: string, params: unknown[], cb: Callback): void;
}
interface MysqlConnection {
  query(sql: string, params: unknown[], cb: Callback): void;
}

/**
 * The statement with its values written in, as Sequelize logs a query with replacements: the
 * `logging` option (bench:api records the app's statements with it) sees this read too.
 */
function logStatement(sequelize: LoggingSequelize, sql: string, params: SqlValue[]): void {
  let i = 0;
  sequelize.log(`Executing (default): ${sql.replace(/\?/g, () => sequelize.escape(params[i++] as string))}`);
}

/**
 * Runs one SELECT with `?` parameters (none inside a quoted literal) on a connection of Sequelize's
 * pool and gives the driver's rows: the raw rows `sequelize.query` with `QueryTypes.SELECT` gave for
 * written SQL (on MariaDB the connection's own type casting, Sequelize's; on SQLite the stored
 * values, as the dialect leaves a statement that names no table in backticks). Inside a
 * transaction the read goes through `sequelize.query` on the transaction's connection. A failure
 * is a Sequelize DatabaseError carrying the driver's error (its code: an outage still answers 503,
 * models/write-once.ts), with the stack of the code that awaited the read.
 */
export async function readRows<R extends object = Row>(sql: string, params: SqlValue[], t?: Transaction | null): Promise<R[]> {
  const sequelize = boundSequelize() as LoggingSequelize;
  if (t) return sequelize.query<R>(sql, { replacements: params, type: QueryTypes.SELECT, transaction: t });
  if (sequelize.options.logging) logStatement(sequelize, sql, params);
  const manager = (sequelize as unknown as { connectionManager: ConnectionManager }).connectionManager;
  const sqlite = sequelize.getDialect() === 'sqlite';
  const connection = await manager.getConnection({ type: 'SELECT' });
  try {
    return await new Promise<R[]>((resolve, reject) => {
      const done: Callback = (err, rows) => (err ? reject(err) : resolve(rows as R[]));
      if (sqlite) (connection as SqliteConnection).all(sql, params, done);
      else (connection as MysqlConnection).query(sql, params, done);
    });
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    throw new DatabaseError(Object.assign(error, { sql, parameters: params }) as never);
  } finally {
    manager.releaseConnection(connection);
  }
}

/**
 * How a model's row read by `readRows` becomes the values its instance would give (`instance.get()`):
 * booleans as booleans (SQLite and MariaDB give 0 or 1), dates as Date (SQLite keeps them as text),
 * and a column with a getter (a JSON text column, models/columns.ts `jsonText`) through that getter.
 * Built once per model from its attributes; the columns to select are the attributes, in order.
 */
export function plainRowsOf<M extends Model>(model: ModelStatic<M>): { columns: string[]; plain: (row: Row) => M['_attributes'] } {
  const attributes = model.getAttributes() as Record<string, { field?: string; type: { key?: string }; get?: (this: unknown) => unknown }>;
  const steps: Array<(row: Row) => void> = [];
  for (const [name, attribute] of Object.entries(attributes)) {
    const key = attribute.type.key;
    const get = attribute.get;
    if (get) {
      steps.push((row) => {
        const raw = row[name];
        row[name] = get.call({ getDataValue: () => raw });
      });
    } else if (key === 'BOOLEAN') {
      steps.push((row) => {
        const v = row[name];
        if (v !== null && v !== undefined) row[name] = v === true || v === 1 || v === '1';
      });
    } else if (key === 'DATE') {
      steps.push((row) => {
        const v = row[name];
        if (v !== null && v !== undefined && !(v instanceof Date)) row[name] = parseDate(String(v));
      });
    }
  }
  return {
    columns: Object.entries(attributes).map(([name, attribute]) => attribute.field ?? name),
    plain: (row) => {
      for (const step of steps) step(row);
      return row as M['_attributes'];
    },
  };
}

/** A date as SQLite keeps it (`2026-01-31 12:00:00.000 +00:00`), read as Sequelize's SQLite dialect reads it (its timezone is UTC). */
function parseDate(text: string): Date {
  return new Date(text.includes('+') ? text : `${text}+00:00`);
}
