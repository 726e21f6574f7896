// Each test file gets its own fresh, migrated database: a temporary SQLite file, or a new
// MariaDB database when the suite runs with TEST_DB=mysql (TEST_MYSQL_URL points at the server).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import type { Sequelize } from 'sequelize';
import { parseDatabaseUrl, type Database } from '../../config/settings.js';
import { openDatabase } from '../../models/boot.js';
import { connect } from '../../models/connection.js';
import { createMigrator } from '../../models/migrator.js';

export const dialect = (process.env.TEST_DB ?? 'sqlite') as 'sqlite' | 'mysql';

export interface TestDatabase {
  sequelize: Sequelize;
  database: Database;
  drop(): Promise<void>;
}

/**
 * A fresh database, migrated and with the models bound to it; with `migrateTo`, migrated only up
 * to that migration and left unbound (for the migrations' own tests).
 */
export async function createTestDatabase(
  opts: { migrateTo?: string; latin1?: boolean; /** Another than the suite's (TEST_DB): a file that runs on both. */ dialect?: 'sqlite' | 'mysql' } = {},
): Promise<TestDatabase> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const open = async (database: Database) => {
    if (!opts.migrateTo) return openDatabase({ database });
    const sequelize = await connect(database);
    await createMigrator(sequelize).up({ to: opts.migrateTo });
    return sequelize;
  };
  if ((opts.dialect ?? dialect) === 'mysql') {
    const base = process.env.TEST_MYSQL_URL;
    if (!base) throw new Error('TEST_DB=mysql needs TEST_MYSQL_URL (mysql://root@127.0.0.1:3306/test)');
    const admin = await mysql.createConnection(base);
    // latin1: a database as a stock MariaDB creates it (its default character set), for the tests
    // that the tables and the connection are utf8mb4 whatever the database's default is.
    const charset = opts.latin1 ? 'latin1 COLLATE latin1_swedish_ci' : 'utf8mb4 COLLATE utf8mb4_unicode_ci';
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET ${charset}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = parseDatabaseUrl(url.toString());
    const sequelize = await open(database);
    return {
      sequelize,
      database,
      async drop() {
        await sequelize.close();
        const c = await mysql.createConnection(base);
        await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-test-'));
  const database = parseDatabaseUrl(`sqlite:${path.join(dir, `${name}.sqlite`)}`);
  const sequelize = await open(database);
  return {
    sequelize,
    database,
    async drop() {
      await sequelize.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
