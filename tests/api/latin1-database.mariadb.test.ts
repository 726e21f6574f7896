// Issue 10, finding 4: on a MariaDB whose default character set is latin1 (stock MariaDB) accented
// and non-Latin-1 text answered 500 ("Incorrect string value"), and so did a console filter with
// "é" ("Illegal mix of collations"). The database here is created CHARACTER SET latin1; the
// tables must still be utf8mb4, the suite's text cases (tests/helpers/text-cases.ts, the same ones
// tests/api/text-cases.test.ts runs on the suite's databases) must answer 2xx and read back
// unchanged with no 5xx, migration 009 must convert tables an older release created latin1, and the
// server must refuse to start on a latin1 table. MariaDB only (the api-mariadb project: vitest.config.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/db.js';
import { freePort } from '../helpers/ports.js';
import { START_ENV } from '../helpers/server.js';
import { TEXT_CASES, expectSearches, expectTextCase, textCaseFixtures, type TextCaseFixtures } from '../helpers/text-cases.js';
import { charsetProblems, convertTables } from '../../models/charset.js';
import { createMigrator } from '../../models/migrator.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

let ctx: TestContext;
let fx: TextCaseFixtures;
beforeAll(async () => {
  ctx = await createTestContext({}, { database: { latin1: true } });
  fx = await textCaseFixtures();
});
afterAll(async () => ctx?.close());

/** Runs the server's own start-up (scripts/server.ts, which `npm start` runs compiled) on this database. */
async function startServerOn(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...START_ENV, DATABASE_URL: databaseUrl, PORT: String(await freePort()), HOST: '127.0.0.1', DEMO_DATA: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  // A server that starts never exits by itself: stop it after a while (the test then fails on the code).
  const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

describe('a database created CHARACTER SET latin1', () => {
  it('gets utf8mb4 tables and connection from the migrations', async () => {
    const [db] = await ctx.db.sequelize.query<{ cs: string }>('SELECT @@character_set_database AS cs', { type: QueryTypes.SELECT });
    expect(db.cs).toBe('utf8mb4'); // migration 009 also moved the database's default
    expect(await charsetProblems(ctx.db.sequelize)).toEqual([]);
  });

  it.each(TEXT_CASES.map((c) => [c.name, c] as const))('text case %s: answers 2xx and reads back unchanged', async (_name, c) => {
    await expectTextCase(ctx.app, fx, c);
  });

  it('searches the console lists with "é", other scripts and emoji (200), finding accented names', async () => {
    await expectSearches(ctx.app, fx);
  });

  it('answered no 5xx to any text case', () => {
    expect(ctx.answers.count).toBeGreaterThan(TEXT_CASES.length);
    expect(ctx.answers.serverErrors).toEqual([]);
  });

  it('keeps the server from starting while a table is not utf8mb4: exit 1, the tables named, no stack', { timeout: 60_000 }, async () => {
    await ctx.db.sequelize.query('CREATE TABLE legacy_notes (id INT PRIMARY KEY, body VARCHAR(40)) CHARACTER SET latin1');
    try {
      const { code, output } = await startServerOn(ctx.db.database.url);
      expect(code, output).toBe(1);
      expect(output).toMatch(/^The database does not store text as utf8mb4; the server does not start/m);
      expect(output).toContain('table legacy_notes (latin1_swedish_ci)');
      expect(output).toContain('column legacy_notes.body (latin1)');
      expect(output).toMatch(/Fix: run the migrations/);
      // The message alone: no stack frames, no error class dump.
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toContain('DatabaseCharsetError');
    } finally {
      await ctx.db.sequelize.query('DROP TABLE legacy_notes');
    }
  });
});

describe('migration 009', () => {
  it('converts the tables an older release created latin1, keeping their text', async () => {
    const old = await createTestDatabase({ latin1: true, migrateTo: '007-offer-company-from-account' });
    try {
      const q = (sql: string) => old.sequelize.query(sql);
      // As the tables were before: latin1, like the database's default at the time.
      const tables = await old.sequelize.query<{ name: string }>("SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'", {
        type: QueryTypes.SELECT,
      });
      await convertTables(
        old.sequelize,
        tables.map((t) => t.name),
        'latin1',
        'latin1_swedish_ci',
      );
      await q("INSERT INTO users (id, email, name, profile, created_at, updated_at) VALUES ('u-009', 'zoe@example.test', 'Zoé Lefèvre', 'candidate', NOW(), NOW())");
      expect((await charsetProblems(old.sequelize)).length).toBeGreaterThan(tables.length);

      await createMigrator(old.sequelize).up();
      expect(await charsetProblems(old.sequelize)).toEqual([]);
      const [zoe] = await old.sequelize.query<{ name: string }>("SELECT name FROM users WHERE id = 'u-009'", { type: QueryTypes.SELECT });
      expect(zoe.name).toBe('Zoé Lefèvre');
      await q("UPDATE users SET name = 'Łódź 東京 😀' WHERE id = 'u-009'");
      const [after] = await old.sequelize.query<{ name: string }>("SELECT name FROM users WHERE id = 'u-009'", { type: QueryTypes.SELECT });
      expect(after.name).toBe('Łódź 東京 😀');
    } finally {
      await old.drop();
    }
  });
});
