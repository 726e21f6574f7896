// Test callers sign in: the header that signs a user's requests in (records: tests/helpers/fixtures.ts).
import { createSession } from '../../api/auth/sessions.js';

/** Authorization header for a bearer session of this user (as the mobile app signs in). */
export async function bearer(user: { id: string }): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${await createSession(user.id, 'bearer', new Date())}` };
}
