// Staff creation of a recruiter account (back-office.md section 5). The staff console's action
// and POST /apis/admin/recruiters both call createRecruiter.
import crypto from 'node:crypto';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { AuditEntry, User, transaction } from '../../../models/index.js';
import { hashPassword } from '../../auth/passwords.js';
import { conflict } from '../../lib/errors.js';
import type { NewRecruiter } from './recruiters.schema.js';

export type { NewRecruiter };

/**
 * Creates a recruiter from checked input, parsed once before: by newRecruiterSchema on
 * POST /apis/admin/recruiters, by the users declaration's create schema on the console (the same
 * lengths and email rule, with the console's codes).
 */
export async function createRecruiter(checked: NewRecruiter, actor: { id: string } | null): Promise<User> {
  if (await User.findOne({ where: { email: checked.email }, attributes: ['id'] })) throw conflict('user_exists', 'user_already_exists');
  const password_hash = await hashPassword(checked.password);
  try {
    return await transaction((tx) => insertRecruiter(checked, password_hash, actor, tx));
  } catch (e) {
    // Two staff members creating the same email at once: the unique key decides.
    if (e instanceof UniqueConstraintError) throw conflict('user_exists', 'user_already_exists');
    throw e;
  }
}

/**
 * Stores a recruiter account (checked input, password already hashed) and its audit line inside
 * the caller's transaction: the one way an account of profile recruiter is made, used by staff and
 * by a subscriber adding a recruiter to a seat (subscription-seats.service.ts). A taken email throws
 * UniqueConstraintError, which the caller turns into user_already_exists.
 */
export async function insertRecruiter(input: NewRecruiter, password_hash: string, actor: { id: string } | null, tx: Transaction): Promise<User> {
  const { name, email } = input;
  const id = crypto.randomUUID();
  const user = await User.create(
    {
      id,
      email,
      name,
      password_hash,
      profile: 'recruiter',
      user_plan: 'free',
      sub_topics: ['global', `priv_${id}`],
      country_iso: 'FR',
      lang: 'fr',
      is_admin: false,
    },
    { transaction: tx },
  );
  await AuditEntry.create({ actor_id: actor?.id ?? null, action: 'create_recruiter', resource: 'users', record_id: id, before_json: null, after_json: { email, name } }, { transaction: tx });
  return user;
}
