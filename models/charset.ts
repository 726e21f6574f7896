// Text on MariaDB/MySQL is utf8mb4, everywhere (docs/decisions/090-utf8mb4-everywhere.md): the
// connection, every table the migrations create (they get these options from models/migrator.ts,
// not from the database's default, which is latin1 on a stock MariaDB), and what the server
// checks at start before it serves anything.
import { QueryTypes, type QueryInterface, type Sequelize } from 'sequelize';

export const MYSQL_CHARSET = 'utf8mb4';
export const MYSQL_COLLATION = 'utf8mb4_unicode_ci';

/** The options every CREATE TABLE gets on MariaDB/MySQL. */
export const TABLE_TEXT_OPTIONS = { charset: MYSQL_CHARSET, collate: MYSQL_COLLATION } as const;

/**
 * The migrations' query interface: on MariaDB/MySQL, createTable defaults to utf8mb4, so that no
 * migration (past or future) can take the database's default character set.
 */
export function utf8mb4Tables(qi: QueryInterface): QueryInterface {
  if (qi.sequelize.getDialect() !== 'mysql') return qi;
  const createTable = qi.createTable.bind(qi);
  const wrapped = Object.create(qi) as QueryInterface;
  wrapped.createTable = ((name: Parameters<QueryInterface['createTable']>[0], attributes: Parameters<QueryInterface['createTable']>[1], options = {}) =>
    createTable(name, attributes, { ...TABLE_TEXT_OPTIONS, ...options })) as QueryInterface['createTable'];
  return wrapped;
}

export class DatabaseCharsetError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The database does not store text as ${MYSQL_CHARSET}; the server does not start (accents, emoji and non-Latin text would fail):\n  ` +
        problems.join('\n  ') +
        `\nFix: run the migrations (009 converts the tables), or ALTER TABLE <table> CONVERT TO CHARACTER SET ${MYSQL_CHARSET} COLLATE ${MYSQL_COLLATION};` +
        ` and connect with charset ${MYSQL_CHARSET}.`,
    );
    this.name = 'DatabaseCharsetError';
  }
}

/** What is not utf8mb4: the connection's character set variables, tables and text columns. */
export async function charsetProblems(sequelize: Sequelize): Promise<string[]> {
  if (sequelize.getDialect() !== 'mysql') return [];
  const select = { type: QueryTypes.SELECT } as const;
  const problems: string[] = [];
  const [vars] = await sequelize.query<Record<string, string>>(
    'SELECT @@character_set_client AS character_set_client, @@character_set_connection AS character_set_connection, @@character_set_results AS character_set_results',
    select,
  );
  for (const [name, value] of Object.entries(vars)) if (value !== MYSQL_CHARSET) problems.push(`connection variable ${name} = ${value}`);
  const tables = await sequelize.query<{ name: string; collation: string | null }>(
    `SELECT TABLE_NAME AS name, TABLE_COLLATION AS collation FROM information_schema.TABLES
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND (TABLE_COLLATION IS NULL OR TABLE_COLLATION NOT LIKE 'utf8mb4%') ORDER BY TABLE_NAME`,
    select,
  );
  for (const t of tables) problems.push(`table ${t.name} (${t.collation ?? 'no collation'})`);
  const columns = await sequelize.query<{ tbl: string; col: string; charset: string }>(
    `SELECT TABLE_NAME AS tbl, COLUMN_NAME AS col, CHARACTER_SET_NAME AS charset FROM information_schema.COLUMNS
     WHERE TABLE_SCHEMA = DATABASE() AND CHARACTER_SET_NAME IS NOT NULL AND CHARACTER_SET_NAME <> ? ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    { ...select, replacements: [MYSQL_CHARSET] },
  );
  for (const c of columns) problems.push(`column ${c.tbl}.${c.col} (${c.charset})`);
  return problems;
}

/** Throws DatabaseCharsetError naming every table, column and variable that is not utf8mb4. */
export async function assertUtf8mb4(sequelize: Sequelize): Promise<void> {
  const problems = await charsetProblems(sequelize);
  if (problems.length > 0) throw new DatabaseCharsetError(problems);
}

interface ForeignKey {
  name: string;
  tbl: string;
  col: string;
  ref_tbl: string;
  ref_col: string;
  on_update: string;
  on_delete: string;
  pos: number;
}

/**
 * Converts these tables' text to a character set. MariaDB refuses to change the character set of
 * a column in a foreign key (error 1832, even with FOREIGN_KEY_CHECKS = 0), so the foreign keys
 * that touch these tables are dropped first and put back, same names and rules, afterwards.
 * Used by migration 009 (and by its test to make an old latin1 database).
 */
export async function convertTables(sequelize: Sequelize, tables: string[], charset: string, collation: string): Promise<void> {
  if (tables.length === 0) return;
  const rows = await sequelize.query<ForeignKey>(
    `SELECT k.CONSTRAINT_NAME AS name, k.TABLE_NAME AS tbl, k.COLUMN_NAME AS col, k.REFERENCED_TABLE_NAME AS ref_tbl,
            k.REFERENCED_COLUMN_NAME AS ref_col, r.UPDATE_RULE AS on_update, r.DELETE_RULE AS on_delete, k.ORDINAL_POSITION AS pos
     FROM information_schema.KEY_COLUMN_USAGE k
     JOIN information_schema.REFERENTIAL_CONSTRAINTS r ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME AND r.TABLE_NAME = k.TABLE_NAME
     WHERE k.TABLE_SCHEMA = DATABASE() AND k.REFERENCED_TABLE_NAME IS NOT NULL
       AND (k.TABLE_NAME IN (:tables) OR k.REFERENCED_TABLE_NAME IN (:tables))
     ORDER BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
    { type: QueryTypes.SELECT, replacements: { tables } },
  );
  const keys = new Map<string, ForeignKey[]>();
  for (const r of rows) keys.set(`${r.tbl}\u0000${r.name}`, [...(keys.get(`${r.tbl}\u0000${r.name}`) ?? []), r]);
  const q = (id: string) => `\`${id.replace(/`/g, '``')}\``;
  for (const [, cols] of keys) await sequelize.query(`ALTER TABLE ${q(cols[0].tbl)} DROP FOREIGN KEY ${q(cols[0].name)}`);
  for (const table of tables) await sequelize.query(`ALTER TABLE ${q(table)} CONVERT TO CHARACTER SET ${charset} COLLATE ${collation}`);
  for (const [, cols] of keys) {
    const k = cols[0];
    await sequelize.query(
      `ALTER TABLE ${q(k.tbl)} ADD CONSTRAINT ${q(k.name)} FOREIGN KEY (${cols.map((c) => q(c.col)).join(', ')}) REFERENCES ${q(k.ref_tbl)} (${cols.map((c) => q(c.ref_col)).join(', ')}) ON DELETE ${k.on_delete} ON UPDATE ${k.on_update}`,
    );
  }
}
