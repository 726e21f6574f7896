// "Contains" search (docs/decisions/300-contains-search-trigrams.md): the token tables now hold
// each word's three-letter sequences and first one and two letters, offers' descriptions included;
// a text too long for the token rows is kept once per record in a side table. The token rows of
// existing users and offers are rewritten here (minutes at a million users, once).
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';
import { OFFER_SEARCH, USER_SEARCH } from '../search/specs.js';
import { backfill } from '../search/backfill.js';

const { STRING, INTEGER, TEXT } = DataTypes;

export async function up({ context: qi }: MigrationContext): Promise<void> {
  // MEDIUMTEXT on MariaDB; SQLite has one TEXT (and warns on every start when given a size).
  const longText = qi.sequelize.getDialect() === 'sqlite' ? TEXT : TEXT('medium');
  await qi.createTable(USER_SEARCH.textTable, {
    user_id: { type: STRING(36), allowNull: false, primaryKey: true, references: { model: 'users', key: 'id' }, onDelete: 'CASCADE', onUpdate: 'CASCADE' },
    text: { type: longText, allowNull: false },
  });
  await qi.createTable(OFFER_SEARCH.textTable, {
    offer_id: { type: INTEGER, allowNull: false, primaryKey: true, references: { model: 'offers', key: 'id' }, onDelete: 'CASCADE', onUpdate: 'CASCADE' },
    text: { type: longText, allowNull: false },
  });
  for (const spec of [USER_SEARCH, OFFER_SEARCH]) await backfill(qi.sequelize, spec);
}

/** Back to word prefixes needs 065's tokenizer, which is gone: the rows are emptied, and a rebuild with the code of that time fills them. */
export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.sequelize.query(`DELETE FROM ${USER_SEARCH.table}`);
  await qi.sequelize.query(`DELETE FROM ${OFFER_SEARCH.table}`);
  await qi.dropTable(OFFER_SEARCH.textTable);
  await qi.dropTable(USER_SEARCH.textTable);
}
