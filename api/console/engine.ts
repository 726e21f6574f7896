// The console engine: a resource declaration (models/resources/) plus, where it needs one, its server
// part, served as ra-data-simple-rest handlers. Access per operation and per action comes from the
// declaration's roles and row scope (the caller's roles: api/auth/access.ts); reads and writes go
// through read.ts and the services.
import { forbidden, notFound, unauthorized } from '../lib/errors.js';
import { MESSAGES } from '../auth/guards.js';
import { reachOf, type Reach } from '../auth/access.js';
import type { Caller } from '../auth/caller.js';
import type { ConsoleRole, Operation, ResourceDecl, RowScope } from '../../models/resources/index.js';
import type { Scope } from './types.js';

export type { ConsoleCtx, Rec, Scope, ServerPart } from './types.js';

/**
 * 'self': the caller's own rows; 'managed': those of the recruiters they reach (themselves and, for a
 * manager, their list); 'company': reads of the companies they reach (their own and, for a seat
 * holder, the subscriber's), writes of their own.
 */
function scopeOf(rule: RowScope, reach: Reach, role: Exclude<ConsoleRole, 'admin'>, op?: Operation): Scope {
  if (rule.match === 'managed') return { column: rule.column, ids: reach.recruiterIds, role };
  if (rule.match === 'company' && (op === 'list' || op === 'read')) return { column: rule.column, ids: reach.managerIds, role };
  return { column: rule.column, ids: [reach.userId], role };
}

/** The rows the first of `roles` that the caller holds and that has a row scope reaches. */
function widestScope(decl: ResourceDecl, roles: readonly ConsoleRole[], reach: Reach, op?: Operation): Scope | undefined {
  // Manager rows include the recruiter rows, so try the widest role first.
  for (const role of ['manager', 'recruiter', 'candidate'] as const) {
    if (!reach.roles.includes(role) || !roles.includes(role)) continue;
    const rule = decl.rows?.[role];
    if (rule) return scopeOf(rule, reach, role, op);
  }
  return undefined;
}

/** Anonymous 401; no role allowed for this operation 403; otherwise the rows the caller sees. */
export async function authorize(decl: ResourceDecl, op: Operation, caller: Caller | undefined): Promise<Scope> {
  if (!caller) throw unauthorized();
  const reach = await reachOf(caller.user);
  const allowed = decl.access[op] ?? [];
  if (reach.all) {
    if (!allowed.includes('admin')) throw forbidden('operation_not_allowed', 'forbidden');
    return null;
  }
  const scope = widestScope(decl, allowed, reach, op);
  if (scope !== undefined) return scope;
  // The console is the staff's: anyone without a role here reads the spec's admin message.
  throw forbidden('admin_only', MESSAGES.adminOnly);
}

/**
 * An action is allowed to the roles it declares, each on the rows its scope reaches: 404 for an
 * unknown action, 401/403 as for a read, and the caller's rows for the check of the record.
 */
export async function authorizeAction(decl: ResourceDecl, action: string, caller: Caller | undefined): Promise<Scope> {
  const declared = decl.actions?.find((a) => a.name === action);
  if (!declared) throw notFound('route_not_found', 'route_not_found');
  if (!caller) throw unauthorized();
  const reach = await reachOf(caller.user);
  if (reach.all) return null;
  const scope = widestScope(decl, declared.roles, reach);
  if (scope !== undefined) return scope;
  throw forbidden();
}
