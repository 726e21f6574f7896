// Console search, part 5 of 5: building every record's rows at once (migration 031 and the volume
// generator). On MariaDB the texts are staged, the token rows made inside the database by
// INSERT ... SELECT into a keyless copy, and the keys built in one sorted pass.
import { QueryTypes, type Sequelize } from 'sequelize';
import { GRAM, WORDS_MAX, wordsText } from './tokens.js';
import type { IndexSpec } from './specs.js';
import { INSERT_ROWS, insertTokenRows, sourceColumns } from './writes.js';

/** MariaDB backfill, step 1: each record's folded text (wordsText, the one definition), once per record. */
async function stageTexts(sequelize: Sequelize, spec: IndexSpec, rows: Record<string, unknown>[]): Promise<void> {
  const values = rows.map((r) => {
    const text = wordsText(spec.words(r));
    return [r.id, text, text.length > WORDS_MAX ? 1 : 0];
  });
  for (let i = 0; i < values.length; i += INSERT_ROWS) {
    const part = values.slice(i, i + INSERT_ROWS);
    await sequelize.query(`INSERT INTO ${spec.table}_stage (k, text, is_long) VALUES ${part.map(() => '(?, ?, ?)').join(', ')}`, { replacements: part.flat() });
  }
}

/**
 * MariaDB backfill, step 2: the token rows made by the server from the staged texts, as tokensOf
 * makes them (each word's sequences of GRAM characters, its first one and two characters, each token
 * once per record: kept at its first position in the text), with the list columns of the source.
 * Tens of millions of rows at a million users: sent from here as INSERT statements they took
 * hours on a busy machine; made by INSERT ... SELECT, minutes. The search tests compare the result
 * with tokenRows on MariaDB.
 */
async function tokensFromStage(sequelize: Sequelize, spec: IndexSpec, load: string): Promise<void> {
  const stage = `${spec.table}_stage`;
  const seq = `${spec.table}_seq`;
  await sequelize.query(`INSERT INTO ${spec.textTable} (${spec.key}, text) SELECT k, text FROM ${stage} WHERE is_long = 1`);
  const [{ n }] = await sequelize.query<{ n: number | null }>(`SELECT MAX(CHAR_LENGTH(text)) AS n FROM ${stage}`, { type: QueryTypes.SELECT });
  await sequelize.query(`DROP TABLE IF EXISTS ${seq}`);
  await sequelize.query(`CREATE TABLE ${seq} (i INT NOT NULL PRIMARY KEY)`);
  const positions = Array.from({ length: Number(n ?? 0) }, (_, i) => i + 1);
  for (let i = 0; i < positions.length; i += 5000) {
    const part = positions.slice(i, i + 5000);
    await sequelize.query(`INSERT INTO ${seq} (i) VALUES ${part.map(() => '(?)').join(', ')}`, { replacements: part });
  }
  const columns = ['token', spec.key, 'words', ...spec.listColumns].join(', ');
  const copied = ["IF(st.is_long = 1, '', st.text)", ...spec.listColumns.map((c) => `s.${c}`)].join(', ');
  const from = `${stage} st STRAIGHT_JOIN ${spec.source} s ON s.id = st.k STRAIGHT_JOIN ${seq} n`;
  // Sequences of GRAM characters inside a word (no space in them), each at its first position.
  const gram = `SUBSTRING(st.text, n.i, ${GRAM})`;
  await sequelize.query(
    `INSERT INTO ${load} (${columns}) SELECT ${gram}, st.k, ${copied} FROM ${from} ON n.i <= CHAR_LENGTH(st.text) - ${GRAM - 1} WHERE INSTR(${gram}, ' ') = 0 AND LOCATE(${gram}, st.text) = n.i`,
  );
  // A word's first k characters: after a space, no space in them, each at its first position.
  for (let k = 1; k < GRAM; k++) {
    const start = `SUBSTRING(st.text, n.i + 1, ${k})`;
    await sequelize.query(
      `INSERT INTO ${load} (${columns}) SELECT ${start}, st.k, ${copied} FROM ${from} ON n.i <= CHAR_LENGTH(st.text) - ${k + 1} WHERE SUBSTRING(st.text, n.i, 1) = ' ' AND INSTR(${start}, ' ') = 0 AND LOCATE(CONCAT(' ', ${start}), st.text) = n.i`,
    );
  }
  await sequelize.query(`DROP TABLE ${seq}`);
}

/**
 * Rewrites the token rows (and the side table's texts) of every source row, walking the source by
 * id: the migration that builds the index and the volume generator's reindex.
 * On MariaDB the rows go to a keyless copy of the table, whose keys are then built in one sorted
 * pass before it replaces the table: millions of random B-tree inserts would take an hour at a
 * million users, the sorted build minutes.
 */
export async function backfill(sequelize: Sequelize, spec: IndexSpec): Promise<void> {
  const mysql = sequelize.getDialect() !== 'sqlite';
  const load = mysql ? `${spec.table}_load` : spec.table;
  await sequelize.query(`DELETE FROM ${spec.textTable}`);
  if (!mysql) await sequelize.query(`DELETE FROM ${spec.table}`);
  if (mysql) {
    await sequelize.query(`DROP TABLE IF EXISTS ${load}`);
    await sequelize.query(`CREATE TABLE ${load} LIKE ${spec.table}`);
    await sequelize.query(`ALTER TABLE ${load} DROP PRIMARY KEY, DROP INDEX ${spec.keyIndex}`);
  }
  let after: unknown = null;
  if (mysql) await sequelize.query(`DROP TABLE IF EXISTS ${spec.table}_stage`);
  if (mysql)
    await sequelize.query(`CREATE TABLE ${spec.table}_stage (k ${spec.keySql} NOT NULL PRIMARY KEY, text MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, is_long TINYINT NOT NULL)`);
  for (;;) {
    const rows = await sequelize.query<Record<string, unknown>>(`SELECT ${sourceColumns(spec)} FROM ${spec.source} ${after === null ? '' : 'WHERE id > ?'} ORDER BY id LIMIT 2000`, {
      replacements: after === null ? [] : [after],
      type: QueryTypes.SELECT,
    });
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    if (mysql) {
      await stageTexts(sequelize, spec, rows);
      // The keys (users' address keys) are not made from the staged text: written from here, into the keyless copy.
      if (spec.keys) await insertTokenRows(sequelize, spec, rows, null, load, 'keys');
    } else await insertTokenRows(sequelize, spec, rows, null, load);
  }
  if (!mysql) return;
  await tokensFromStage(sequelize, spec, load);
  await sequelize.query(`DROP TABLE ${spec.table}_stage`);
  if (after === null) {
    await sequelize.query(`DROP TABLE ${load}`);
    await sequelize.query(`DELETE FROM ${spec.table}`);
    return;
  }
  await sequelize.query(`ALTER TABLE ${load} ADD PRIMARY KEY (token, ${spec.keyColumns.join(', ')}), ADD INDEX ${spec.keyIndex} (${spec.key})`);
  const [fk] = await sequelize.query<{ name: string }>('SELECT CONSTRAINT_NAME AS name FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = ?', {
    replacements: [spec.table],
    type: QueryTypes.SELECT,
  });
  // One connection for the session setting: the foreign key moves to the new table unchecked (its
  // rows were just made from the source rows).
  await sequelize.transaction(async (t) => {
    const run = (sql: string) => sequelize.query(sql, { transaction: t });
    await run('SET SESSION foreign_key_checks = 0');
    await run(`RENAME TABLE ${spec.table} TO ${spec.table}_old, ${load} TO ${spec.table}`);
    await run(`DROP TABLE ${spec.table}_old`);
    await run(`ALTER TABLE ${spec.table} ADD CONSTRAINT ${fk.name} FOREIGN KEY (${spec.key}) REFERENCES ${spec.source} (id) ON DELETE CASCADE ON UPDATE CASCADE`);
    await run('SET SESSION foreign_key_checks = 1');
  });
}
