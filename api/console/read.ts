// The generic read side of a console resource, made from its declaration and its Sequelize model:
// which columns, joins and counts a row is read with, how declared filters, the row scope and a
// declared prefix search become SQL, and how a raw row becomes the API's record (dates in ISO,
// booleans, JSON keys, computed fields). A resource's server part only adds what this cannot say.
import { QueryTypes } from 'sequelize';
import { notFound } from '../lib/errors.js';
import { sqlDate, type Dialect } from '../../models/columns.js';
import { models } from '../../models/index.js';
import type { FieldDecl, FilterDecl, ResourceDecl } from '../../models/resources/index.js';
import { Where, likeContains, likePrefix, runList, type ListQuery, type ListSql } from './query.js';
import { modelOf } from './validation.js';
import { readDate } from '../../models/rules/dates.js';
import type { ConsoleCtx, Rec, Scope, ServerPart } from './types.js';

const quote = (name: string) => `\`${name}\``;

interface Plan {
  from: string;
  columns: string;
  /** SQL expression of a field or filter column, for filters and sorting. */
  column(source: string): string | undefined;
}

const plans = new Map<string, Plan>();

function tableOf(modelName: string): string {
  const model = (models as Record<string, { getTableName(): unknown }>)[modelName];
  if (!model) throw new Error(`unknown model ${modelName}`);
  return String(model.getTableName());
}

/** The FROM clause, the selected columns and the column of each source, for a declaration. */
export function planOf(decl: ResourceDecl): Plan {
  const hit = plans.get(decl.name);
  if (hit) return hit;
  const attrs = modelOf(decl).getAttributes();
  const select = ['r.id AS id'];
  const joins: string[] = [];
  const columns = new Map<string, string>([['id', 'r.id']]);
  const jsonColumns = new Set<string>();
  for (const f of decl.fields) {
    const origin = f.from;
    if (!origin) {
      const column = f.column ?? f.source;
      if (!attrs[column]) {
        if (f.secret) continue;
        throw new Error(`console resource ${decl.name}: field ${f.source} is no column of ${decl.model}`);
      }
      if (f.source !== 'id') select.push(`r.${column} AS ${quote(f.source)}`);
      columns.set(f.source, `r.${column}`);
    } else if ('json' in origin) {
      if (!jsonColumns.has(origin.json)) select.push(`r.${origin.json} AS ${quote(`json:${origin.json}`)}`);
      jsonColumns.add(origin.json);
    } else if ('via' in origin && 'model' in origin) {
      const alias = `j_${origin.via}`;
      if (!joins.some((j) => j.includes(` ${alias} `))) joins.push(`LEFT JOIN ${tableOf(origin.model)} ${alias} ON ${alias}.id = r.${origin.via}`);
      select.push(`${alias}.${origin.column} AS ${quote(f.source)}`);
      columns.set(f.source, `${alias}.${origin.column}`);
    } else if ('count' in origin) {
      const expr = `(SELECT COUNT(*) FROM ${tableOf(origin.count)} c WHERE c.${origin.via} = r.id)`;
      select.push(`${expr} AS ${quote(f.source)}`);
    }
  }
  for (const f of decl.filters) {
    if (f.column && !columns.has(f.source)) columns.set(f.source, columns.get(f.column) ?? `r.${f.column}`);
  }
  const plan: Plan = {
    from: [`${tableOf(decl.model)} r`, ...joins].join(' '),
    columns: select.join(', '),
    column: (source) => columns.get(source) ?? (attrs[source] ? `r.${source}` : undefined),
  };
  plans.set(decl.name, plan);
  return plan;
}

/** The column a declared filter applies to (its own source unless it names one). */
export function filterColumn(decl: ResourceDecl, source: string): string {
  return (decl.filters as readonly FilterDecl[]).find((f) => f.source === source)?.column ?? source;
}

/**
 * Adds the declared eq/in/range/date filters (already parsed by validation.ts) to a WHERE. Search,
 * flag and custom filters are the resource's own (its declared search columns or server part).
 */
export function applyDeclaredFilters(decl: ResourceDecl, filter: Record<string, unknown>, where: Where, column: (source: string) => string | undefined, dialect: Dialect): void {
  for (const f of decl.filters) {
    const value = filter[f.source];
    if (value === undefined) continue;
    const col = column(f.source);
    if (!col) continue;
    switch (f.type) {
      case 'eq':
        where.add(`${col} = ?`, value);
        break;
      case 'in': {
        const list = value as string[];
        if (!list.length) where.add('1 = 0');
        else where.add(`${col} IN (${list.map(() => '?').join(', ')})`, ...list);
        break;
      }
      case 'gte':
        where.add(`${col} >= ?`, value);
        break;
      case 'lte':
        where.add(`${col} <= ?`, value);
        break;
      case 'dateFrom':
        where.add(`${col} >= ?`, sqlDate(value as Date, dialect));
        break;
      case 'dateTo':
        where.add(`${col} <= ?`, sqlDate(value as Date, dialect));
        break;
      default:
        break;
    }
  }
  // getManyReference sends filter { [target]: id }: any declared reference field filters too.
  for (const field of decl.fields) {
    if (field.type !== 'reference' || decl.filters.some((f) => f.source === field.source)) continue;
    const value = filter[field.source];
    const col = column(field.source);
    if (value !== undefined && col) where.add(`${col} = ?`, value);
  }
}

export function applyScope(scope: Scope, where: Where, column: (c: string) => string): void {
  if (!scope) return;
  where.add(`${column(scope.column)} IN (${scope.ids.map(() => '?').join(', ')})`, ...scope.ids);
}

/** The declared base rows (landing leads: no account yet). */
function applyBase(decl: ResourceDecl, where: Where): void {
  for (const [column, value] of Object.entries(decl.base ?? {})) {
    if (value === null) where.add(`r.${column} IS NULL`);
    else where.add(`r.${column} = ?`, value);
  }
}

/**
 * A declared search: the text is found anywhere in one of the columns (decision 300; the database's
 * collation makes it case- and accent-insensitive on MariaDB). These lists are walked in their
 * order under their other filters, the text checked on each row.
 */
function applySearch(decl: ResourceDecl, filter: Record<string, unknown>, where: Where): void {
  const text = typeof filter.q === 'string' ? filter.q.trim() : '';
  if (!text || !decl.search?.length) return;
  const p = decl.searchPrefix ? likePrefix(text) : likeContains(text);
  where.add(`(${decl.search.map((c) => `r.${c} LIKE ? ESCAPE '!'`).join(' OR ')})`, ...decl.search.map(() => p));
}

export function whereOf(ctx: ConsoleCtx, decl: ResourceDecl, filter: Record<string, unknown>, scope: Scope): Where {
  const plan = planOf(decl);
  const where = new Where();
  applyBase(decl, where);
  applyDeclaredFilters(decl, filter, where, plan.column, ctx.dialect);
  applyScope(scope, where, (c) => plan.column(c) ?? `r.${c}`);
  applySearch(decl, filter, where);
  return where;
}

const isDateField = (f: FieldDecl) => f.type === 'date';

/**
 * A key of a JSON column: its stored value; absent (a field declared after the record was saved, such
 * as a template's interview settings), its declared scalar default, what a new record starts with.
 */
function jsonValue(f: FieldDecl, json: Record<string, unknown> | undefined): unknown {
  const v = json?.[f.source];
  if (v !== undefined) return v;
  return f.default !== undefined && typeof f.default !== 'object' ? f.default : null;
}

/** A raw row as the API gives it: dates in ISO, booleans, JSON parsed, JSON keys and computed fields. */
export function shapeRow(decl: ResourceDecl, raw: Record<string, unknown>): Rec {
  const out: Record<string, unknown> = { ...raw };
  const parsed = new Map<string, Record<string, unknown>>();
  for (const [k, v] of Object.entries(raw)) {
    if (!k.startsWith('json:')) continue;
    delete out[k];
    parsed.set(k.slice(5), (parseJson(v) as Record<string, unknown>) ?? {});
  }
  for (const f of decl.fields) {
    const origin = f.from;
    if (origin && 'json' in origin) out[f.source] = jsonValue(f, parsed.get(origin.json));
    else if (!(f.source in out)) continue;
    else if (isDateField(f)) out[f.source] = readDate(out[f.source])?.toISOString() ?? null;
    else if (f.type === 'boolean') out[f.source] = out[f.source] === null ? null : Boolean(Number(out[f.source]));
    else if (f.type === 'json' || f.type === 'tags' || f.type === 'questions') out[f.source] = parseJson(out[f.source]);
    else if ((f.type === 'number' || f.type === 'decimal') && out[f.source] !== null) out[f.source] = Number(out[f.source]);
  }
  for (const f of decl.fields) {
    if (f.from && 'compute' in f.from) out[f.source] = f.from.compute(out);
  }
  return out as Rec;
}

/** A JSON column's value: parsed text (MariaDB gives text), as is otherwise, null when it does not parse. */
export function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}

async function shape(ctx: ConsoleCtx, decl: ResourceDecl, server: ServerPart, rows: Record<string, unknown>[]): Promise<Rec[]> {
  const out = rows.map((r) => shapeRow(decl, r));
  return server.decorate ? server.decorate(ctx, out) : out;
}

/** Drops the fields the caller's role does not read (FieldDecl.readBy); staff read everything. */
export function hideFields(decl: ResourceDecl, scope: Scope, recs: Rec[]): Rec[] {
  const role = scope?.role;
  if (!role) return recs;
  const hidden = decl.fields.filter((f) => f.readBy && !f.readBy.includes(role)).map((f) => f.source);
  if (!hidden.length) return recs;
  return recs.map((r) => {
    const out = { ...r };
    for (const source of hidden) delete out[source];
    return out;
  });
}

export async function listRecords(ctx: ConsoleCtx, decl: ResourceDecl, server: ServerPart, q: ListQuery, scope: Scope): Promise<{ data: Rec[]; total: number }> {
  const { data, total } = await listAll(ctx, decl, server, q, scope);
  return { data: hideFields(decl, scope, data), total };
}

async function listAll(ctx: ConsoleCtx, decl: ResourceDecl, server: ServerPart, q: ListQuery, scope: Scope): Promise<{ data: Rec[]; total: number }> {
  if (server.list) return server.list(ctx, q, scope);
  const plan = planOf(decl);
  const special = server.listSql ? await server.listSql(ctx, q, scope) : null;
  const sortColumn = plan.column(q.sort.field === 'id' ? decl.sort[0] : q.sort.field) ?? `r.${decl.sort[0]}`;
  const sql: ListSql = special ?? {
    from: plan.from,
    columns: plan.columns,
    sortColumn,
    idColumn: 'r.id',
    where: whereOf(ctx, decl, q.filter, scope),
    walk: { from: plan.from, rowId: 'r.id' },
  };
  const { rows, total } = await runList(ctx.sequelize, decl, q, sql);
  return { data: await shape(ctx, decl, server, rows), total };
}

/** One record the caller may see; 404 when it does not exist or is outside their rows. */
export async function getRecord(ctx: ConsoleCtx, decl: ResourceDecl, server: ServerPart, id: string, scope: Scope): Promise<Rec> {
  return hideFields(decl, scope, [await getOne(ctx, decl, server, id, scope)])[0];
}

async function getOne(ctx: ConsoleCtx, decl: ResourceDecl, server: ServerPart, id: string, scope: Scope): Promise<Rec> {
  if (server.get) return server.get(ctx, id, scope);
  const plan = planOf(decl);
  const where = whereOf(ctx, decl, {}, scope).add('r.id = ?', id);
  const rows = await ctx.sequelize.query<Record<string, unknown>>(`SELECT ${plan.columns} FROM ${plan.from} ${where.sql()}`, { replacements: where.params, type: QueryTypes.SELECT });
  if (!rows.length) throw notFound();
  return (await shape(ctx, decl, server, rows))[0];
}
