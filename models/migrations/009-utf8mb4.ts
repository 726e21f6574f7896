// Tables created on a database whose default character set was latin1 (stock MariaDB) took it:
// accented and non-Latin text then failed (issue 10, finding 4). This converts every table that
// is not utf8mb4, and the database's default, to utf8mb4 (docs/decisions/090-utf8mb4-everywhere.md).
// New tables get utf8mb4 from models/migrator.ts. SQLite stores UTF-8 already: nothing to do.
// Down does nothing: converting back could lose characters latin1 cannot hold.
import { QueryTypes } from 'sequelize';
import type { MigrationContext } from './context.js';
import { MYSQL_CHARSET, MYSQL_COLLATION, convertTables } from '../charset.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  const sequelize = qi.sequelize;
  if (sequelize.getDialect() !== 'mysql') return;
  const tables = await sequelize.query<{ name: string }>(
    `SELECT DISTINCT t.TABLE_NAME AS name FROM information_schema.TABLES t
     LEFT JOIN information_schema.COLUMNS c ON c.TABLE_SCHEMA = t.TABLE_SCHEMA AND c.TABLE_NAME = t.TABLE_NAME
       AND c.CHARACTER_SET_NAME IS NOT NULL AND c.CHARACTER_SET_NAME <> :charset
     WHERE t.TABLE_SCHEMA = DATABASE() AND t.TABLE_TYPE = 'BASE TABLE'
       AND (t.TABLE_COLLATION IS NULL OR t.TABLE_COLLATION NOT LIKE 'utf8mb4%' OR c.COLUMN_NAME IS NOT NULL)
     ORDER BY t.TABLE_NAME`,
    { type: QueryTypes.SELECT, replacements: { charset: MYSQL_CHARSET } },
  );
  await sequelize.query(`ALTER DATABASE CHARACTER SET ${MYSQL_CHARSET} COLLATE ${MYSQL_COLLATION}`);
  await convertTables(
    sequelize,
    tables.map((t) => t.name),
    MYSQL_CHARSET,
    MYSQL_COLLATION,
  );
}

export async function down(): Promise<void> {}
