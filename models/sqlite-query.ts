// What Sequelize's SQLite dialect does per query, made cheaper without changing what a query
// returns or how a failing one reports (docs/decisions/404-sqlite-query-cost.md). Sequelize 6.37's
// `run` (node_modules/sequelize/lib/dialects/sqlite/query.js) is kept as it is but for two things:
// - The column types it reads to parse a SELECT's dates, booleans and JSON: it sent
//   `PRAGMA table_info` for every table of every SELECT, before the SELECT itself. They are read
//   once per table here and kept until a statement of this process changes the schema (CREATE,
//   ALTER, DROP: migrations, sync), which empties them.
// - The caller's stack it gives a failing query's error: it captured `new Error()` for every query
//   and read its `.stack` even when the query succeeded, and with `--enable-source-maps` (`npm
//   start`) every read maps each frame. The stack is taken only when the query fails, in an async
//   function awaiting it, whose async stack trace names the same callers.
import type { Sequelize } from 'sequelize';

type ColumnTypes = Record<string, Record<string, string>>;
type Callback = (this: unknown, err: Error | null, results: unknown) => void;
interface Connection {
  serialize(run: () => void): void;
  all(sql: string, params: unknown, cb: Callback): void;
  all(sql: string, cb: (err: Error | null, rows: { name: string; type: string }[]) => void): void;
  [method: string]: unknown;
}
interface SqliteQuery {
  connection: Connection;
  sql: string;
  options: { tableNames?: string[] } | undefined;
  getDatabaseMethod(): string;
  _logQuery(sql: string, debug: (message: string) => void, parameters: unknown): () => void;
  _handleQueryResponse(metaData: unknown, columnTypes: ColumnTypes, err: Error | null, results: unknown, errStack: string | undefined): unknown;
}
type QueryClass = new (...args: unknown[]) => SqliteQuery;

const noDebug = () => {};
/** Given to Sequelize as a failing query's stack: run() replaces it with its callers' (below). */
const STACK_LATER = 'stack taken by models/sqlite-query.ts';
const stringifyIfBigint = (value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v));
/** A statement that may change a table's columns: anything but a read or a row write naming CREATE, ALTER or DROP. */
const mayChangeSchema = (sql: string) => !/^\s*(SELECT|INSERT|UPDATE|DELETE)\b/i.test(sql) && /\b(CREATE|ALTER|DROP)\b/i.test(sql);

/** Installs the cheaper `run` on an SQLite Sequelize instance (models/connection.ts). */
export function useCachedColumnTypes(sequelize: Sequelize): void {
  const dialect = (sequelize as unknown as { dialect: { Query: QueryClass } }).dialect;
  const Base = dialect.Query;
  /** Table name -> column name -> declared type, as PRAGMA table_info gives them. */
  const known = new Map<string, Record<string, string>>();

  class Query extends Base {
    async run(sql: string, parameters?: unknown): Promise<unknown> {
      try {
        return await this.runStatement(sql, parameters);
      } catch (error) {
        // Taken here, after the await: V8's async stack trace gives the callers that awaited the
        // query (services, routes), the frames Sequelize's per-query Error gave a failing query.
        if (error instanceof Error && error.stack === STACK_LATER) error.stack = new Error().stack;
        throw error;
      }
    }

    /** Sequelize 6.37's SQLiteQuery#run, with the column types kept and no stack taken. */
    private runStatement(sql: string, parameters?: unknown): Promise<unknown> {
      const conn = this.connection;
      this.sql = sql;
      if (mayChangeSchema(sql)) known.clear();
      const method = this.getDatabaseMethod();
      // The `logging` option still logs every statement; Sequelize's DEBUG=sequelize:sql:sqlite does not reach here.
      const complete = this._logQuery(sql, noDebug, parameters);
      return new Promise((resolve, reject) =>
        conn.serialize(() => {
          const columnTypes: ColumnTypes = {};
          const executeSql = () => {
            if (sql.startsWith('-- ')) return resolve(undefined);
            // eslint-disable-next-line @typescript-eslint/no-this-alias -- sqlite3 calls back with its Statement as `this`
            const query = this;
            const afterExecute: Callback = function (executionError, results) {
              try {
                complete();
                resolve(query._handleQueryResponse(this, columnTypes, executionError, results, STACK_LATER));
              } catch (error) {
                reject(error as Error);
              }
            };
            let params: unknown = parameters ?? [];
            if (isPlainObject(params)) {
              const named: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
              for (const key of Object.keys(params)) named[key] = stringifyIfBigint(params[key]);
              params = named;
            } else {
              params = (params as unknown[]).map(stringifyIfBigint);
            }
            (conn[method] as (sql: string, params: unknown, cb: Callback) => void).call(conn, sql, params, afterExecute);
          };
          if (method !== 'all') return executeSql();
          const named = this.options?.tableNames ?? [/FROM `(.*?)`/i.exec(sql)?.[1]].filter((n): n is string => !!n);
          const tables = named.map((n) => String(n).replace(/`/g, '')).filter((n) => n !== 'sqlite_master');
          const missing = tables.filter((n) => !known.has(n));
          const fill = () => {
            for (const n of tables) columnTypes[n] = known.get(n) ?? {};
            executeSql();
          };
          if (!missing.length) return fill();
          let left = missing.length;
          for (const table of missing) {
            conn.all(`PRAGMA table_info(\`${table}\`)`, (err, rows) => {
              // A table not there (yet) gives no rows: not kept, read again next time.
              if (!err && rows.length) known.set(table, Object.fromEntries(rows.map((r) => [r.name, r.type])));
              if (--left === 0) fill();
            });
          }
        }),
      );
    }
  }
  dialect.Query = Query as unknown as QueryClass;
}
