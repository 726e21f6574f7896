// What each query costs on SQLite (decision 404): the column types read once per table (not before
// every SELECT), the same parsed values, the types read again after a schema change, and a failing
// query's error still naming the code that ran it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataTypes, Model, UniqueConstraintError, type Sequelize } from 'sequelize';
import { connect } from '../../models/connection.js';

class Thing extends Model {
  declare id: number;
  declare code: string;
  declare seen_at: Date;
  declare active: boolean;
  declare extra: Record<string, unknown>;
}

let sequelize: Sequelize;
const statements: string[] = [];
let marks = 0;

/**
 * The statements SQLite ran for `work`, between two marker statements (sqlite3 reports each
 * statement asynchronously, in the order they ran).
 */
async function statementsOf(work: () => Promise<void>): Promise<string[]> {
  const [begin, end] = [`SELECT 'mark ${++marks}'`, `SELECT 'mark ${++marks}'`];
  await sequelize.query(begin);
  await work();
  await sequelize.query(end);
  await vi.waitFor(() => expect(statements).toContain(end));
  return statements.slice(statements.indexOf(begin) + 1, statements.indexOf(end));
}
const pragmas = (ran: string[]) => ran.filter((s) => /^PRAGMA table_info/i.test(s));

beforeAll(async () => {
  sequelize = await connect({ dialect: 'sqlite', storage: ':memory:', url: 'sqlite::memory:' });
  Thing.init({ code: { type: DataTypes.STRING, unique: true }, seen_at: DataTypes.DATE(3), active: DataTypes.BOOLEAN, extra: DataTypes.JSON }, { sequelize, tableName: 'things', timestamps: false });
  await Thing.sync();
  await Thing.create({ code: 'a', seen_at: new Date('2026-01-02T03:04:05.678Z'), active: true, extra: { n: 1 } });
  // Every statement SQLite runs on the connection, Sequelize's own reads included.
  const manager = (sequelize as unknown as { connectionManager: { getConnection(o: object): Promise<{ on(e: 'trace', cb: (sql: string) => void): void }> } }).connectionManager;
  (await manager.getConnection({})).on('trace', (sql) => statements.push(sql));
});

afterAll(async () => {
  await sequelize.close();
});

describe('SQLite queries (decision 404)', () => {
  it('reads a table’s column types once, not before every SELECT, and parses dates, booleans and JSON as before', async () => {
    const ran = await statementsOf(async () => {
      for (let i = 0; i < 3; i++) {
        const [thing] = await Thing.findAll({ where: { code: 'a' } });
        expect(thing.seen_at).toEqual(new Date('2026-01-02T03:04:05.678Z'));
        expect(thing.active).toBe(true);
        expect(thing.extra).toEqual({ n: 1 });
      }
    });
    expect(ran.filter((s) => s.startsWith('SELECT'))).toHaveLength(3);
    expect(pragmas(ran).length).toBeLessThanOrEqual(1);
  });

  it('reads them again after a statement changes the schema', async () => {
    await sequelize.getQueryInterface().addColumn('things', 'closed_at', { type: DataTypes.DATE(3) });
    await sequelize.query("UPDATE things SET closed_at = '2026-02-03 04:05:06.789 +00:00'");
    const ran = await statementsOf(async () => {
      const [row] = await sequelize.query('SELECT * FROM `things`', { model: Thing, mapToModel: true, raw: false });
      expect(row.get('closed_at')).toEqual(new Date('2026-02-03T04:05:06.789Z'));
    });
    expect(pragmas(ran)).toHaveLength(1);
  });

  it('gives a failing query’s error the stack of the code that ran it', async () => {
    async function serviceThatInsertsTwice() {
      await Thing.create({ code: 'b', seen_at: new Date(), active: false, extra: {} });
      await Thing.create({ code: 'b', seen_at: new Date(), active: false, extra: {} });
    }
    const error = await serviceThatInsertsTwice().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UniqueConstraintError);
    expect((error as Error).stack).toContain('serviceThatInsertsTwice');
  });
});
