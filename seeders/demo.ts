// Deterministic demo data: a French franchise example with fixed ids (README lists them).
import { hashPassword } from '../api/auth/passwords.js';
import { transaction, User } from '../models/index.js';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_IDS = {
  admin: '00000000-0000-4000-8000-000000000001',
  manager: '00000000-0000-4000-8000-000000000002',
  recruiter: '00000000-0000-4000-8000-000000000003',
  candidate: '00000000-0000-4000-8000-000000000004',
} as const;

export async function seedDemo(options: { reset?: boolean } = {}): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await transaction(async (t) => {
    if (options.reset) await User.destroy({ where: { id: Object.values(DEMO_IDS) }, transaction: t });
    await User.bulkCreate(
      [
        { id: DEMO_IDS.admin, email: 'admin@demo.test', name: 'Alice Admin', profile: 'recruiter', is_admin: true, password_hash: hash, phone: null, picture: null, username: null, sub_topics: null, internal_sub: null, cgu_from: null, customer_name: null, userpool: null, closed_at: null, notif: null, sso_provider_id: null, last_co: null },
      ],
      { transaction: t },
    );
  });
}
