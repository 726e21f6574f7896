// Who the caller is for the console: staff, manager, recruiter, candidate (back-office.md section 6).
import { isManagerUser } from './guards.js';
import type { User } from '../../models/index.js';
import type { ConsoleRole } from '../../models/resources/index.js';

/** The console roles a user holds; staff hold 'admin' whatever their profile. */
export async function rolesOf(user: Pick<User, 'id' | 'is_admin' | 'profile' | 'user_plan'>): Promise<ConsoleRole[]> {
  if (user.is_admin) return ['admin'];
  if (user.profile === 'candidate') return ['candidate'];
  const roles: ConsoleRole[] = ['recruiter'];
  if (await isManagerUser(user)) roles.push('manager');
  return roles;
}
