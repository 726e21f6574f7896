// The custom plan's active-offer limit (back-office.md sections 3 and 9: "custom with numeric
// active-offers limit"), enforced where an offer becomes available: on the Offer model itself, so
// that every path that creates an available offer or turns one available (the manager's bulk
// creation and row menu, the wizard's publication, the console's offer edit, any later one) goes
// through this one check, in the writer's transaction. Decisions 112, 171 and 250.
import { QueryTypes, type CreateOptions, type Transaction } from 'sequelize';
import { Offer } from './offer.model.js';
import { AppError } from './errors.js';

/**
 * Before `added` more offers of `recruiterId` become available: every account the offer counts for
 * (the recruiter and the managers whose list holds them, the reach of the actives_offers_count
 * counter) that is on the custom plan with a limit record must stay within it. Their user rows are
 * locked first, so simultaneous creations are counted one after the other; on MariaDB the count
 * is a locking read, so it sees the offers committed meanwhile whatever this transaction read
 * before (a plain read would see the snapshot of its first read).
 */
export async function assertActiveOffersAllowed(recruiterId: string, added: number, t?: Transaction | null): Promise<void> {
  const sequelize = Offer.sequelize!;
  const locking = sequelize.getDialect() !== 'sqlite';
  const holders = await sequelize.query<{ id: string; user_plan: string; limit: number | null }>(
    `SELECT u.id, u.user_plan, pl.actives_offers AS \`limit\` FROM users u LEFT JOIN plan_limits pl ON pl.user_id = u.id
      WHERE u.id = ? OR u.id IN (SELECT mr.manager_id FROM manager_recruiters mr WHERE mr.recruiter_id = ?)
      ORDER BY u.id${locking ? ' FOR UPDATE' : ''}`,
    { replacements: [recruiterId, recruiterId], type: QueryTypes.SELECT, transaction: t ?? undefined },
  );
  for (const h of holders) {
    if (h.user_plan !== 'custom' || h.limit === null || h.limit === undefined) continue;
    const [{ n }] = await sequelize.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM offers o WHERE o.state = 'available'
         AND (o.recruiter_id = ? OR o.recruiter_id IN (SELECT mr.recruiter_id FROM manager_recruiters mr WHERE mr.manager_id = ?))${locking ? ' LOCK IN SHARE MODE' : ''}`,
      { replacements: [h.id, h.id], type: QueryTypes.SELECT, transaction: t ?? undefined },
    );
    if (Number(n) + added > Number(h.limit)) throw new AppError(409, 'active_offers_limit', 'active_offers_limit', { limit: Number(h.limit) });
  }
}

/** Set on a bulkCreate's options once the batch was counted whole, so its rows are not counted again one by one. */
const COUNTED = Symbol('plan-limit-counted');
type Counted = { [COUNTED]?: boolean; transaction?: Transaction | null };

let installed = false;

/** Installs the limit on the Offer model (once per process, from initModels). */
export function installPlanLimitHooks(): void {
  if (installed) return;
  installed = true;
  // A new offer is available unless it says otherwise (the column's default).
  Offer.addHook('beforeCreate', async (offer: Offer, options: CreateOptions & Counted) => {
    if (options[COUNTED] || (offer.state ?? 'available') !== 'available') return;
    await assertActiveOffersAllowed(offer.recruiter_id as string, 1, options.transaction);
  });
  Offer.addHook('beforeBulkCreate', async (offers: Offer[], options: Counted) => {
    const added = new Map<string, number>();
    for (const o of offers) if ((o.state ?? 'available') === 'available') added.set(o.recruiter_id as string, (added.get(o.recruiter_id as string) ?? 0) + 1);
    for (const [recruiterId, n] of [...added].sort(([a], [b]) => a.localeCompare(b))) await assertActiveOffersAllowed(recruiterId, n, options.transaction);
    options[COUNTED] = true;
  });
  // An offer turned available (from closed, pending or deleted) counts one more.
  Offer.addHook('beforeUpdate', async (offer: Offer, options: Counted) => {
    if (!offer.changed('state') || offer.state !== 'available' || offer.previous('state') === 'available') return;
    await assertActiveOffersAllowed(offer.recruiter_id as string, 1, options.transaction);
  });
  // Offer.update(values, { where }) has no instances: a change of state asks Sequelize for them.
  Offer.addHook('beforeBulkUpdate', (options: { attributes?: object; individualHooks?: boolean }) => {
    if (options.attributes && 'state' in options.attributes) options.individualHooks = true;
  });
}
