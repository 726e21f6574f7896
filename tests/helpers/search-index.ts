// Checks the search token tables against their sources: every row the tokenizer gives for the
// current users and offers is stored, with the current list columns, and nothing else; the same for
// the side tables' long texts.
import { expect } from 'vitest';
import { QueryTypes } from 'sequelize';
import { boundSequelize } from '../../models/index.js';
import { OFFER_SEARCH, USER_SEARCH, textRows, tokenColumns, tokenRows, type IndexSpec } from '../../models/search/specs.js';
import { readDate } from '../../models/rules/dates.js';

/** A row as comparable text: dates as instants (SQLite keeps text, MariaDB gives Date). */
const key = (values: unknown[]) =>
  JSON.stringify(values.map((v) => (v instanceof Date || (typeof v === 'string' && /^\d{4}-\d\d-\d\d \d/.test(v)) ? readDate(v)!.toISOString() : v === true || v === false ? Number(v) : v)));

async function check(spec: IndexSpec): Promise<void> {
  const sequelize = boundSequelize();
  const dialect = sequelize.getDialect() === 'sqlite' ? 'sqlite' : 'mysql';
  const sources = await sequelize.query<Record<string, unknown>>(`SELECT id, ${[...spec.textFields, ...spec.listColumns].join(', ')} FROM ${spec.source}`, { type: QueryTypes.SELECT });
  const expected = tokenRows(spec, sources, dialect).map(key).sort();
  const columns = tokenColumns(spec);
  const stored = (await sequelize.query<Record<string, unknown>>(`SELECT ${columns.join(', ')} FROM ${spec.table}`, { type: QueryTypes.SELECT })).map((r) => key(columns.map((c) => r[c]))).sort();
  expect(stored.length, spec.table).toBe(expected.length);
  expect(stored, spec.table).toEqual(expected);
  const texts = (await sequelize.query<Record<string, unknown>>(`SELECT ${spec.key} AS k, text FROM ${spec.textTable}`, { type: QueryTypes.SELECT })).map((r) => key([r.k, r.text])).sort();
  expect(texts, spec.textTable).toEqual(textRows(spec, sources).map(key).sort());
}

export async function expectSearchIndexTrue(): Promise<void> {
  await check(USER_SEARCH);
  await check(OFFER_SEARCH);
}
