// Opens the Sequelize connection the settings describe (SQLite file or MySQL/MariaDB).
import fs from 'node:fs';
import path from 'node:path';
import { Sequelize, Transaction, type Options } from 'sequelize';
import type { Database } from '../config/settings.js';
import { useCachedColumnTypes } from './sqlite-query.js';
import { MYSQL_COLLATION, TABLE_TEXT_OPTIONS } from './charset.js';

export async function connect(database: Database, extra: Options = {}): Promise<Sequelize> {
  const common: Options = {
    logging: false,
    define: { underscored: true, timestamps: true, createdAt: 'created_at', updatedAt: 'updated_at' },
    ...extra,
  };
  let sequelize: Sequelize;
  if (database.dialect === 'sqlite') {
    if (database.storage !== ':memory:') fs.mkdirSync(path.dirname(database.storage), { recursive: true });
    // One writer at a time (docs/decisions/091-sqlite-one-writer.md): transactions begin IMMEDIATE,
    // so they take the write lock first and wait for it there rather than failing when a read
    // turns into a write; models/index.ts queues them in the process.
    sequelize = new Sequelize({
      ...common,
      dialect: 'sqlite',
      storage: database.storage,
      pool: { max: 1, min: 0 },
      transactionType: Transaction.TYPES.IMMEDIATE,
    });
    waitForTheLock(sequelize);
    // Column types read once per table, a query's stack read only when it fails (decision 404).
    useCachedColumnTypes(sequelize);
    await sequelize.authenticate();
    // WAL lets readers go on while one writer writes; foreign keys are off by default in SQLite.
    await sequelize.query('PRAGMA journal_mode = WAL');
    await sequelize.query('PRAGMA foreign_keys = ON');
  } else {
    sequelize = new Sequelize(database.url, {
      ...common,
      // Tables Sequelize creates itself (umzug's SequelizeMeta) are utf8mb4 too; the connection
      // talks utf8mb4 with the tables' collation (models/charset.ts).
      define: { ...common.define, ...TABLE_TEXT_OPTIONS },
      dialect: 'mysql',
      timezone: '+00:00',
      dialectOptions: { dateStrings: false, supportBigNumbers: true, charset: MYSQL_COLLATION.toUpperCase() },
      pool: { max: 10, min: 0, idle: 10_000 },
    });
    await sequelize.authenticate();
  }
  return sequelize;
}

/** How long an SQLite writer waits for the lock before giving up (SQLITE_BUSY). */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/**
 * Sequelize opens one SQLite connection per transaction besides its default one, and a PRAGMA
 * busy_timeout sent as a query reaches only the connection that ran it: every new connection
 * gets the busy timeout here, so that a writer waits for the lock instead of answering
 * "database is locked".
 */
function waitForTheLock(sequelize: Sequelize): void {
  type Conn = { configure?: (option: 'busyTimeout', ms: number) => void; __busy?: boolean };
  const manager = (sequelize as unknown as { connectionManager: { getConnection: (o?: unknown) => Promise<Conn> } }).connectionManager;
  const open = manager.getConnection.bind(manager);
  manager.getConnection = async (options?: unknown) => {
    const connection = await open(options);
    if (!connection.__busy && connection.configure) {
      connection.configure('busyTimeout', SQLITE_BUSY_TIMEOUT_MS);
      connection.__busy = true;
    }
    return connection;
  };
}
