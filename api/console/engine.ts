// The console engine: turns a resource declaration (admin/resources/) plus its server part
// (api/console/resources.ts) into ra-data-simple-rest handlers, with role checks and row scoping.
import type { Sequelize } from 'sequelize';
import { ManagerRecruiter } from '../../models/index.js';
import { forbidden, invalid, unauthorized } from '../lib/errors.js';
import { MESSAGES, isManager } from '../auth/guards.js';
import type { Caller } from '../auth/caller.js';
import type { Storage } from '../integrations/storage.js';
import type { ConsoleRole, FieldDecl, Operation, ResourceDecl } from '../../admin/resources/schema.js';
import { Where, intFilter, parseDateFilter, type ListQuery } from './query.js';
import { sqlDate, type Dialect } from '../../models/columns.js';

export interface ConsoleCtx {
  caller: Caller;
  clock: () => Date;
  sequelize: Sequelize;
  dialect: Dialect;
  publicUrl: string;
  /** Where uploads are stored (a landing's logo must be one of them). */
  storage: Storage;
}

/** null: every row (staff). Otherwise: rows whose column is one of ids. */
export type Scope = null | { column: string; ids: string[] };

export type Rec = Record<string, unknown> & { id: string | number };

export interface ServerResource {
  list(ctx: ConsoleCtx, q: ListQuery, scope: Scope): Promise<{ data: Rec[]; total: number }>;
  get(ctx: ConsoleCtx, id: string, scope: Scope): Promise<Rec>;
  create?(ctx: ConsoleCtx, body: Record<string, unknown>): Promise<Rec>;
  update?(ctx: ConsoleCtx, id: string, body: Record<string, unknown>, scope: Scope): Promise<Rec>;
  remove?(ctx: ConsoleCtx, id: string, scope: Scope): Promise<Rec>;
  actions?: Record<string, (ctx: ConsoleCtx, id: string, body: Record<string, unknown>) => Promise<unknown>>;
}

/** The console roles a user holds; staff hold 'admin' whatever their profile. */
export async function rolesOf(user: Caller['user']): Promise<ConsoleRole[]> {
  if (user.is_admin) return ['admin'];
  const roles: ConsoleRole[] = [];
  if (user.profile === 'candidate') roles.push('candidate');
  if (user.profile === 'recruiter' || user.profile === 'manager') roles.push('recruiter');
  const managed = user.profile === 'candidate' ? 0 : await ManagerRecruiter.count({ where: { manager_id: user.id } });
  if (user.profile !== 'candidate' && isManager(user, managed)) roles.push('manager');
  return roles;
}

/** Anonymous 401; no role allowed for this operation 403; otherwise the rows the caller sees. */
export async function authorize(decl: ResourceDecl, op: Operation, caller: Caller | undefined): Promise<Scope> {
  if (!caller) throw unauthorized();
  const roles = await rolesOf(caller.user);
  const allowed = decl.access[op] ?? [];
  if (roles.includes('admin')) {
    if (!allowed.includes('admin')) throw forbidden('operation_not_allowed', 'forbidden');
    return null;
  }
  // Manager rows include the recruiter rows, so try the widest role first.
  for (const role of ['manager', 'recruiter', 'candidate'] as const) {
    if (!roles.includes(role) || !allowed.includes(role)) continue;
    const rule = decl.rows?.[role];
    if (!rule) continue;
    if (rule.match === 'self') return { column: rule.column, ids: [caller.user.id] };
    const links = await ManagerRecruiter.findAll({ where: { manager_id: caller.user.id }, attributes: ['recruiter_id'], raw: true });
    return { column: rule.column, ids: [caller.user.id, ...links.map((l) => l.recruiter_id as string)] };
  }
  // The console is the staff's: anyone without a role here reads the spec's admin message.
  throw forbidden('admin_only', MESSAGES.adminOnly);
}

export function actionAllowed(decl: ResourceDecl, action: string, roles: ConsoleRole[]): boolean {
  const a = decl.actions?.find((x) => x.name === action);
  if (!a) return false;
  return roles.includes('admin') || a.roles.some((r) => roles.includes(r));
}

/**
 * Applies the declared eq/in/range/date filters to a WHERE, with columns qualified by `alias`.
 * Search and flag filters are the resource's own business (its server part handles them).
 */
export function applyDeclaredFilters(decl: ResourceDecl, filter: Record<string, unknown>, where: Where, alias: string, dialect: Dialect, columnMap: Record<string, string> = {}): void {
  for (const f of decl.filters) {
    const value = filter[f.source];
    if (value === undefined || value === null || value === '') continue;
    const col = columnMap[f.source] ?? `${alias}.${f.column ?? f.source}`;
    switch (f.type) {
      case 'eq':
        if (typeof value === 'object') throw invalid('invalid_filter', 'validation_error', { field: f.source });
        if (f.choices && !f.choices.map(String).includes(String(value))) throw invalid('invalid_filter', 'validation_error', { field: f.source });
        where.add(`${col} = ?`, typeof f.choices?.[0] === 'number' ? intFilter(value, f.source) : String(value));
        break;
      case 'in': {
        const list = ([] as unknown[]).concat(value).map(String).slice(0, 1000);
        if (!list.length) where.add('1 = 0');
        else where.add(`${col} IN (${list.map(() => '?').join(', ')})`, ...list);
        break;
      }
      case 'gte':
        where.add(`${col} >= ?`, intFilter(value, f.source));
        break;
      case 'lte':
        where.add(`${col} <= ?`, intFilter(value, f.source));
        break;
      case 'dateFrom':
        where.add(`${col} >= ?`, sqlDate(parseDateFilter(value, f.source, false), dialect));
        break;
      case 'dateTo':
        where.add(`${col} <= ?`, sqlDate(parseDateFilter(value, f.source, true), dialect));
        break;
      default:
        break;
    }
  }
  // getManyReference sends filter { [target]: id }: accept any declared reference field too.
  for (const field of decl.fields) {
    if (field.type !== 'reference' || decl.filters.some((f) => f.source === field.source)) continue;
    const value = filter[field.source];
    if (typeof value === 'string' || typeof value === 'number') where.add(`${alias}.${field.source} = ?`, String(value));
  }
}

export function applyScope(scope: Scope, where: Where, alias: string): void {
  if (!scope) return;
  where.add(`${alias}.${scope.column} IN (${scope.ids.map(() => '?').join(', ')})`, ...scope.ids);
}

/** Validates a create/update body against the declared writable fields; unknown keys are ignored. */
export function writableBody(decl: ResourceDecl, body: Record<string, unknown>, creating: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of decl.fields) {
    if (!f.writable) continue;
    const v = body[f.source];
    if (v === undefined) {
      if (creating && f.required) throw invalid('required_field', 'fill_all_required_fields', { field: f.source });
      continue;
    }
    out[f.source] = checkField(f, v);
  }
  return out;
}

function checkField(f: FieldDecl, v: unknown): unknown {
  const bad = () => invalid('invalid_field', 'validation_error', { field: f.source });
  if (v === null) {
    if (f.required) throw invalid('required_field', 'fill_all_required_fields', { field: f.source });
    return null;
  }
  switch (f.type) {
    case 'number': {
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isInteger(n) || (f.min !== undefined && n < f.min) || (f.max !== undefined && n > f.max)) throw bad();
      return n;
    }
    case 'boolean':
      if (typeof v !== 'boolean') throw bad();
      return v;
    case 'enum':
      if (!f.choices?.map(String).includes(String(v))) throw bad();
      return typeof f.choices[0] === 'number' ? Number(v) : String(v);
    case 'color':
      if (typeof v !== 'string' || !/^#[0-9a-fA-F]{3,8}$/.test(v)) throw bad();
      return v;
    default: {
      if (typeof v !== 'string') throw bad();
      const s = v.trim();
      if (f.required && !s) throw invalid('required_field', 'fill_all_required_fields', { field: f.source });
      if (f.maxLength !== undefined && s.length > f.maxLength) throw bad();
      return s;
    }
  }
}
