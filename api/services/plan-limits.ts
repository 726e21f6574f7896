// The custom plan's active-offer limit (back-office.md sections 3 and 9: "custom with numeric
// active-offers limit"), enforced by the server on every path that makes an offer available:
// the manager's bulk creation and activation (manager-offers.service.ts) and, later, the offer
// wizard's publication. Decision 112.
import { QueryTypes, type Transaction } from 'sequelize';
import { boundSequelize } from '../../models/index.js';
import { AppError } from '../lib/errors.js';

/**
 * Before `added` more offers of `recruiterId` become available: every account the offer counts for
 * (the recruiter and the managers whose list holds them, the reach of the actives_offers_count
 * counter) that is on the custom plan with a limit record must stay within it. Their user rows are
 * locked first, so simultaneous creations are counted one after the other.
 */
export async function assertActiveOffersAllowed(recruiterId: string, added: number, t: Transaction): Promise<void> {
  const sequelize = boundSequelize();
  const holders = await sequelize.query<{ id: string; user_plan: string; limit: number | null }>(
    `SELECT u.id, u.user_plan, pl.actives_offers AS \`limit\` FROM users u LEFT JOIN plan_limits pl ON pl.user_id = u.id
      WHERE u.id = ? OR u.id IN (SELECT mr.manager_id FROM manager_recruiters mr WHERE mr.recruiter_id = ?)
      ORDER BY u.id${sequelize.getDialect() === 'sqlite' ? '' : ' FOR UPDATE'}`,
    { replacements: [recruiterId, recruiterId], type: QueryTypes.SELECT, transaction: t },
  );
  for (const h of holders) {
    if (h.user_plan !== 'custom' || h.limit === null || h.limit === undefined) continue;
    const [{ n }] = await sequelize.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM offers o WHERE o.state = 'available'
         AND (o.recruiter_id = ? OR o.recruiter_id IN (SELECT mr.recruiter_id FROM manager_recruiters mr WHERE mr.manager_id = ?))`,
      { replacements: [h.id, h.id], type: QueryTypes.SELECT, transaction: t },
    );
    if (Number(n) + added > Number(h.limit)) throw new AppError(409, 'active_offers_limit', 'active_offers_limit', { limit: Number(h.limit) });
  }
}
