// Raw SQL's dates (models/columns.ts `sqlDate`, the session read's `now` among them): written without
// moment, they must be the literal Sequelize writes for the Date on SQLite (dates are text there,
// compared as text) and, on MariaDB, that literal with the milliseconds Sequelize drops.
import { afterAll, describe, expect, it } from 'vitest';
import { Sequelize } from 'sequelize';
import { sqlDate } from '../../models/columns.js';

const sqlite = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
const mysql = new Sequelize('mysql://nobody@127.0.0.1:1/none', { logging: false, timezone: '+00:00' });
afterAll(async () => Promise.all([sqlite.close(), mysql.close()]));

const dates = ['2026-11-27T10:05:42.123Z', '2026-01-01T00:00:00.000Z', '1999-12-31T23:59:59.999Z', '2038-03-28T01:30:00.5Z'].map((d) => new Date(d));

describe('sqlDate', () => {
  it("writes Sequelize's literal for a Date on SQLite", () => {
    for (const d of dates) expect(sqlite.escape(sqlDate(d, 'sqlite'))).toBe(sqlite.escape(d));
  });

  it("writes Sequelize's literal with the milliseconds on MariaDB", () => {
    for (const d of dates) {
      const ms = d.toISOString().slice(19, 23);
      expect(mysql.escape(sqlDate(d, 'mysql'))).toBe(mysql.escape(d).replace(/'$/, `${ms}'`));
    }
  });
});
