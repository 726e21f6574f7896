// Console search, part 4 of 5: keeping the rows true. A record's rows are rewritten from its
// current text (reindex), or only its list columns copied (syncUserListColumns); the hooks
// (hooks.ts) call these on every ORM write, raw SQL writers call them themselves.
import type { Sequelize, Transaction } from 'sequelize';
import { QueryTypes } from 'sequelize';
import { User } from '../user.model.js';
import { OFFER_SEARCH, USER_LIST_COLUMNS, USER_SEARCH, textRows, tokenColumns, tokenRows, type IndexSpec } from './specs.js';

export const INSERT_ROWS = 1000;

/** Writes the token rows of these source rows (with `only: 'keys'`, their keys alone, and no side-table text). */
export async function insertTokenRows(sequelize: Sequelize, spec: IndexSpec, rows: Record<string, unknown>[], t?: Transaction | null, table = spec.table, only?: 'keys'): Promise<void> {
  const values = tokenRows(spec, rows, sequelize.getDialect() === 'sqlite' ? 'sqlite' : 'mysql', only);
  const columns = tokenColumns(spec);
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < values.length; i += INSERT_ROWS) {
    const part = values.slice(i, i + INSERT_ROWS);
    await sequelize.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${part.map(() => tuple).join(', ')}`, {
      transaction: t ?? undefined,
      replacements: part.flat(),
    });
  }
  if (only === 'keys') return;
  const texts = textRows(spec, rows);
  for (let i = 0; i < texts.length; i += INSERT_ROWS) {
    const part = texts.slice(i, i + INSERT_ROWS);
    await sequelize.query(`INSERT INTO ${spec.textTable} (${spec.key}, text) VALUES ${part.map(() => '(?, ?)').join(', ')}`, {
      transaction: t ?? undefined,
      replacements: part.flat(),
    });
  }
}

export const sourceColumns = (spec: IndexSpec) => ['id', ...spec.textFields, ...spec.listColumns].join(', ');

async function reindex(spec: IndexSpec, ids: Iterable<string | number>, t?: Transaction | null): Promise<void> {
  const list = [...new Set(ids)];
  const sequelize = User.sequelize!;
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500);
    const marks = chunk.map(() => '?').join(', ');
    const rows = await sequelize.query<Record<string, unknown>>(`SELECT ${sourceColumns(spec)} FROM ${spec.source} WHERE id IN (${marks})`, {
      transaction: t ?? undefined,
      replacements: chunk,
      type: QueryTypes.SELECT,
    });
    await sequelize.query(`DELETE FROM ${spec.table} WHERE ${spec.key} IN (${marks})`, { transaction: t ?? undefined, replacements: chunk });
    await sequelize.query(`DELETE FROM ${spec.textTable} WHERE ${spec.key} IN (${marks})`, { transaction: t ?? undefined, replacements: chunk });
    await insertTokenRows(sequelize, spec, rows, t);
  }
}

/** Rewrites the token rows of these users from their current record. */
export function reindexUsers(ids: Iterable<string>, t?: Transaction | null): Promise<void> {
  return reindex(USER_SEARCH, ids, t);
}

export function reindexOffers(ids: Iterable<number>, t?: Transaction | null): Promise<void> {
  return reindex(OFFER_SEARCH, ids, t);
}

/**
 * Copies the users' list columns (counters, closed) into their token rows, when only those
 * changed: cheaper than rewriting the rows, and needs no tokenizing.
 */
export async function syncUserListColumns(ids: Iterable<string>, t?: Transaction | null): Promise<void> {
  const list = [...new Set(ids)];
  if (!list.length) return;
  const set = USER_LIST_COLUMNS.filter((c) => c !== 'profile' && c !== 'created_at')
    .map((c) => `${c} = (SELECT u.${c} FROM users u WHERE u.id = user_search_tokens.user_id)`)
    .join(', ');
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500);
    await User.sequelize!.query(`UPDATE user_search_tokens SET ${set} WHERE user_id IN (${chunk.map(() => '?').join(', ')})`, {
      transaction: t ?? undefined,
      replacements: chunk,
    });
  }
}
