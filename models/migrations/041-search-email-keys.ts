// Address keys in the user token rows (docs/decisions/300-contains-search-trigrams.md, amended for
// issue 24): each user gets one more token row, '@' and the part of the address before the '@'
// reversed (emailKeys), so that an address search reads the few addresses ending like the typed
// text instead of a three-letter sequence's rows. Written here for the existing users, one batch
// of users at a time (one row each: about a minute at a million users).
import { QueryTypes } from 'sequelize';
import type { MigrationContext } from './context.js';
import { USER_SEARCH } from '../search/specs.js';
import { EMAIL_KEY_MARK, tokenPrefix } from '../search/tokens.js';
import { insertTokenRows, sourceColumns } from '../search/writes.js';

const BATCH = 2000;

async function deleteKeys(qi: MigrationContext['context']): Promise<void> {
  const { op, pattern } = tokenPrefix(EMAIL_KEY_MARK, qi.sequelize.getDialect() === 'sqlite' ? 'sqlite' : 'mysql');
  await qi.sequelize.query(`DELETE FROM ${USER_SEARCH.table} WHERE token ${op} ?`, { replacements: [pattern] });
}

export async function up({ context: qi }: MigrationContext): Promise<void> {
  const sequelize = qi.sequelize;
  // 031 run with today's code (a database made from scratch) already wrote them: written once.
  await deleteKeys(qi);
  let after: string | null = null;
  for (;;) {
    const rows: Record<string, unknown>[] = await sequelize.query<Record<string, unknown>>(
      `SELECT ${sourceColumns(USER_SEARCH)} FROM users ${after === null ? '' : 'WHERE id > ?'} ORDER BY id LIMIT ${BATCH}`,
      { replacements: after === null ? [] : [after], type: QueryTypes.SELECT },
    );
    if (!rows.length) break;
    after = String(rows[rows.length - 1].id);
    await insertTokenRows(sequelize, USER_SEARCH, rows, null, USER_SEARCH.table, 'keys');
  }
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await deleteKeys(qi);
}
