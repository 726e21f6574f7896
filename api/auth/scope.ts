// Which company records a caller may see (docs/decisions/044-manager-rule-and-scope.md).
// Services call scopeFor(caller) once, then either filter lists with whereOwner(...) or check one
// record with assertOwns(...). A record outside the scope answers 404, exactly like a record that
// does not exist, so nobody learns that another company's id is taken.
import { ManagerRecruiter, type User } from '../../models/index.js';
import { notFound } from '../lib/errors.js';
import type { Caller } from './caller.js';

export interface Scope {
  /** Staff: every record. */
  all: boolean;
  /** The caller's own id. */
  userId: string;
  /** Managers whose company records (shops, templates, subscriptions) the caller may see. */
  managerIds: string[];
  /** Recruiters whose offers and candidates the caller may see: themselves, plus their list for a manager. */
  recruiterIds: string[];
}

export async function scopeFor(caller: Caller | { user: Pick<User, 'id' | 'is_admin'> }): Promise<Scope> {
  const { user } = caller;
  if (user.is_admin) return { all: true, userId: user.id, managerIds: [], recruiterIds: [] };
  const links = await ManagerRecruiter.findAll({ where: { manager_id: user.id }, attributes: ['recruiter_id'], raw: true });
  const managed = links.map((l) => l.recruiter_id as string).filter((id) => id !== user.id);
  return { all: false, userId: user.id, managerIds: [user.id], recruiterIds: [user.id, ...managed] };
}

/** A where-clause fragment restricting a list to the scope: { [field]: ids } (nothing for staff). */
export function whereOwner(scope: Scope, field: string, kind: 'manager' | 'recruiter'): Record<string, string[]> {
  if (scope.all) return {};
  return { [field]: kind === 'manager' ? scope.managerIds : scope.recruiterIds };
}

export function owns(scope: Scope, record: { manager_id?: string | null; owner_id?: string | null; recruiter_id?: string | null; user_id?: string | null }): boolean {
  if (scope.all) return true;
  const companyOwner = record.manager_id ?? record.owner_id ?? record.user_id;
  if (companyOwner !== undefined && companyOwner !== null && scope.managerIds.includes(companyOwner)) return true;
  return !!record.recruiter_id && scope.recruiterIds.includes(record.recruiter_id);
}

/** Throws 404 (code, message as the resource's own not-found) when the record is missing or not in the scope. */
export function assertOwns<T extends Parameters<typeof owns>[1]>(
  scope: Scope,
  record: T | null | undefined,
  code = 'not_found',
  messageKey = 'not_found',
): T {
  if (!record || !owns(scope, record)) throw notFound(code, messageKey);
  return record;
}
