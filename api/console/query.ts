// Parses the ra-data-simple-rest query (sort, range, filter) and builds the list SQL by hand:
// one SELECT for the page and one capped COUNT, both on indexes, with keyset paging when the
// console sends a cursor (docs/decisions/061-console-lists-at-scale.md).
import { QueryTypes, type Sequelize } from 'sequelize';
import * as z from 'zod/mini';
import { coded } from '../../models/rules/text.js';
import { DEFAULT_COUNT_CAP, DEFAULT_MAX_PAGE, type ResourceDecl } from '../../models/resources/index.js';
import { MAX_POSITION, filterSchema } from './validation.js';
import type { IndexSpec } from '../../models/search/specs.js';
import type { SearchTerm, SearchWalk } from '../../models/search/query.js';
import { sqlDate, type Dialect } from '../../models/columns.js';

export interface ListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' };
  range: [number, number];
  filter: Record<string, unknown>;
  /** Keyset cursor: the sort value and id of the last record of the previous page. */
  after: { value: string; id: string } | null;
}

type Ctx = z.core.ParsePayload<unknown>;
const INVALID_QUERY = coded('invalid_query', 'validation_error');

function refuse(ctx: Ctx, field: string): never {
  ctx.issues.push({ code: 'custom', message: INVALID_QUERY, input: ctx.value, path: [field] });
  return z.NEVER;
}

/** A JSON-encoded query value (sort=["name","ASC"]), undefined when absent. */
function json(raw: unknown, field: string, ctx: Ctx): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') return refuse(ctx, field);
  try {
    return JSON.parse(raw);
  } catch {
    return refuse(ctx, field);
  }
}

const position = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= MAX_POSITION;

/**
 * The schema of a list's query (ra-data-simple-rest: sort, range and filter as JSON texts): sort on
 * the declared keys (others fall back to the default key), a range of at most the page size, and the
 * filter by the declaration's filter schema (its issues name the filter's key, as the console shows).
 */
export function listQuerySchema(decl: ResourceDecl, defaultRange: [number, number] = [0, 24]): z.ZodMiniType<ListQuery, Record<string, unknown>> {
  const key = `${decl.name}:${defaultRange.join('-')}`;
  const hit = listSchemas.get(key);
  if (hit) return hit;
  const filters = filterSchema(decl);
  const schema = z.pipe(
    z.record(z.string(), z.unknown()),
    z.transform((query: Record<string, unknown>, zctx): ListQuery => {
      const ctx = zctx as unknown as Ctx;
      let sort: ListQuery['sort'] = { field: decl.sort[0], order: 'DESC' };
      const sortRaw = json(query.sort, 'sort', ctx);
      if (sortRaw !== undefined) {
        if (!Array.isArray(sortRaw) || typeof sortRaw[0] !== 'string') return refuse(ctx, 'sort');
        const field = sortRaw[0];
        // Only indexed keys sort: anything else falls back to the default key (react-admin sends "id" by default).
        sort = { field: field === 'id' || decl.sort.includes(field) ? field : decl.sort[0], order: String(sortRaw[1]).toUpperCase() === 'ASC' ? 'ASC' : 'DESC' };
      }
      let range = defaultRange;
      const rangeRaw = json(query.range, 'range', ctx);
      if (rangeRaw !== undefined) {
        if (!Array.isArray(rangeRaw) || rangeRaw.length !== 2 || !rangeRaw.every(position) || rangeRaw[1] < rangeRaw[0]) return refuse(ctx, 'range');
        range = [rangeRaw[0], Math.min(rangeRaw[1], rangeRaw[0] + (decl.maxPage ?? DEFAULT_MAX_PAGE) - 1)];
      }
      const filterRaw = json(query.filter, 'filter', ctx) ?? {};
      if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) return refuse(ctx, 'filter');
      const parsed = z.safeParse(filters, filterRaw);
      if (!parsed.success) {
        ctx.issues.push(parsed.error.issues[0] as never);
        return z.NEVER;
      }
      const filter = { ...parsed.data };
      let after: ListQuery['after'] = null;
      if (typeof filter.after === 'string') {
        const i = filter.after.lastIndexOf('|');
        after = { value: filter.after.slice(0, i), id: filter.after.slice(i + 1) };
      }
      delete filter.after;
      return { sort, range, filter, after };
    }),
  );
  listSchemas.set(key, schema);
  return schema;
}
const listSchemas = new Map<string, z.ZodMiniType<ListQuery, Record<string, unknown>>>();

/**
 * A bulk action's body { filter }: a list's filter as the console sends it (POST
 * /apis/console/landings/resend), checked as that list's query (the same declared filters).
 */
export function filterBodySchema(decl: ResourceDecl) {
  return z.pipe(
    z.pipe(
      z.object({ filter: z.optional(z.unknown()) }, coded('invalid_body', 'validation_error')),
      z.transform(({ filter }): Record<string, unknown> => ({ filter: JSON.stringify(filter ?? {}) })),
    ),
    listQuerySchema(decl),
  );
}

/** A WHERE clause under construction: SQL fragments joined by AND, with positional parameters. */
export class Where {
  parts: string[] = [];
  params: unknown[] = [];
  add(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }
  sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

export interface ListSql {
  /** FROM clause the rows are read from, e.g. "users u". */
  from: string;
  /** Selected columns. */
  columns: string;
  /** Qualified sort column and id column, on the table the list walks. */
  sortColumn: string;
  idColumn: string;
  /** Conditions on the table the list walks. */
  where: Where;
  /**
   * The table walked for the page's ids and the count (the same one on its index, or a token
   * table); only the page's rows are then read from `from`, joined on `rowId`. Reading whole rows
   * while walking made MariaDB prefer a plain ref on the profile and read every skipped row (061).
   */
  walk: { from: string; rowId: string };
}

/**
 * A search on a token table (models/search/, decision 300): the walked token (the rarest, see
 * searchWalk) is read in the list's order, or the walked range of address keys read and its few rows
 * sorted; each term's real substring is checked on the
 * walked row itself (`words`: a filter on rows the index range already selected, not a scan), or,
 * for a record whose text is too long for its rows (`words` = ''), on its one side-table row. Adds
 * the conditions to `where` and returns the FROM clause of the walk.
 */
export function tokenWalk(index: Pick<IndexSpec, 'table' | 'textTable' | 'key'>, walked: SearchWalk | null, terms: SearchTerm[], where: Where, alias: string): string {
  if (walked === null || !terms.length) {
    where.add('1 = 0');
    return `${index.table} ${alias}`;
  }
  if ('token' in walked) where.add(`${alias}.token = ?`, walked.token);
  else where.add(`${alias}.token ${walked.range.op} ?`, walked.range.pattern);
  // Terms are folded letters and digits between the pattern's own % and space: no LIKE wildcard of the searched text reaches them.
  for (const { pattern } of terms) {
    where.add(`(${alias}.words LIKE ? OR (${alias}.words = '' AND EXISTS (SELECT 1 FROM ${index.textTable} x WHERE x.${index.key} = ${alias}.${index.key} AND x.text LIKE ?)))`, pattern, pattern);
  }
  return `${index.table} ${alias}`;
}

/** The pattern of `column LIKE ? ESCAPE '!'` for a text found anywhere, its own % and _ taken literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[%_!]/g, (c) => `!${c}`)}%`;
}

/** The pattern of `column LIKE ? ESCAPE '!'` for a prefix, the text's own % and _ taken literally (no leading wildcard: an index range). */
export function likePrefix(text: string): string {
  return `${text.replace(/[%_!]/g, (c) => `!${c}`)}%`;
}

export async function runList(sequelize: Sequelize, decl: ResourceDecl, q: ListQuery, s: ListSql): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const dialect = sequelize.getDialect() === 'sqlite' ? 'sqlite' : 'mysql';
  const limit = q.range[1] - q.range[0] + 1;
  const dir = q.sort.order;
  const sortCol = q.sort.field === 'id' ? s.idColumn : s.sortColumn;
  const page = new Where();
  page.parts = [...s.where.parts];
  page.params = [...s.where.params];
  let offset = q.range[0];
  if (q.after) {
    const op = dir === 'DESC' ? '<' : '>';
    const afterValue = sortCol === s.idColumn ? q.after.value : toSortParam(q.after.value, dialect);
    // The leading `<=` gives the database a range on the index; the OR alone would not (MariaDB).
    if (sortCol === s.idColumn) page.add(`${sortCol} ${op} ?`, afterValue);
    else page.add(`${sortCol} ${op}= ? AND (${sortCol} ${op} ? OR ${s.idColumn} ${op} ?)`, afterValue, afterValue, q.after.id);
    offset = 0;
  }
  const order = sortCol === s.idColumn ? `${s.idColumn} ${dir}` : `${sortCol} ${dir}, ${s.idColumn} ${dir}`;
  const walkFrom = s.walk.from;
  const pageSql = `SELECT ${s.columns} FROM ${s.from} JOIN (SELECT ${s.idColumn} AS pid, ${sortCol} AS psort FROM ${walkFrom} ${page.sql()} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) pg ON pg.pid = ${s.walk.rowId} ORDER BY pg.psort ${dir}, pg.pid ${dir}`;
  const rows = await sequelize.query<Record<string, unknown>>(pageSql, {
    replacements: page.params,
    type: QueryTypes.SELECT,
  });
  const cap = decl.countCap ?? DEFAULT_COUNT_CAP;
  const [{ n }] = await sequelize.query<{ n: number }>(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${walkFrom} ${s.where.sql()} LIMIT ${cap + 1}) c`, {
    replacements: s.where.params,
    type: QueryTypes.SELECT,
  });
  return { rows, total: Number(n) };
}

function toSortParam(value: string, dialect: Dialect): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : sqlDate(d, dialect);
}
