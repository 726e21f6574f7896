// Test callers: a user of a given role and the header that signs their requests in.
import crypto from 'node:crypto';
import { User, type Profile } from '../../models/index.js';
import { createSession } from '../../api/auth/sessions.js';

export async function makeUser(attrs: Partial<{ profile: Profile; is_admin: boolean; email: string; name: string; user_plan: 'free' | 'aplan' | 'bplan' | 'custom' }> = {}) {
  const id = crypto.randomUUID();
  return User.create({
    id,
    email: attrs.email ?? `${id.slice(0, 8)}@example.test`,
    name: attrs.name ?? `User ${id.slice(0, 4)}`,
    profile: attrs.profile ?? 'candidate',
    is_admin: attrs.is_admin ?? false,
    user_plan: attrs.user_plan ?? 'free',
    password_hash: null, phone: null, picture: null, username: null, sub_topics: null, internal_sub: null, cgu_from: null,
    customer_name: null, userpool: null, closed_at: null, notif: null, sso_provider_id: null, last_co: null,
  });
}

/** Authorization header for a bearer session of this user (as the mobile app signs in). */
export async function bearer(user: { id: string }): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${await createSession(user.id, 'bearer', new Date())}` };
}
