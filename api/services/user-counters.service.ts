// The counters the spec keeps on the user record: their one definition (docs/decisions/030-demo-seed.md
// and 078-one-definition-of-the-counters.md). Every writer that changes the rows they count calls
// recountUsers in its transaction; the demo seeder calls it too, and the seed test compares the
// stored counters with it. Lists then filter and show them without joins.
import { QueryTypes, type Transaction } from 'sequelize';
import { boundSequelize } from '../../models/index.js';
import { syncUserListColumns } from '../../models/search-index.js';

/**
 * The offers a user's recruiter counters count: those they recruit for and, for a user of profile
 * manager, also those of their shops. Written against `o` (offers) and `users`.
 */
// A user's offers are those of their reach (api/auth/access.ts reachOf): the offers they recruit
// for and, for a manager, those of the recruiters in their list: the very rows their console
// lists (docs/decisions/099-manager-counters-follow-the-reach.md).
const OWN_OFFER = `(o.recruiter_id = users.id OR o.recruiter_id IN (SELECT mr.recruiter_id FROM manager_recruiters mr WHERE mr.manager_id = users.id))`;
const RECEIVED = `FROM applications a WHERE a.state = 'complete' AND a.offer_id IN (SELECT o.id FROM offers o WHERE ${OWN_OFFER})`;

/** Every counter recountUsers writes. */
export const USER_COUNTERS = [
  'offers_count',
  'actives_offers_count',
  'candidates_count',
  'to_recruit',
  'recruited',
  'recos_count',
  'applications_count',
  'recommanded_count',
  'wishlist_count',
  'wishlist_pending_count',
  'contacts_count',
] as const;

/**
 * Recruiter side, over the user's offers (see OWN_OFFER): offers_count (not deleted),
 * actives_offers_count (available), candidates_count (complete applications received), to_recruit and
 * recruited (those in that recruiter_state), recos_count (those recommended). Candidate side:
 * applications_count, recommanded_count, wishlist_count, wishlist_pending_count. Anyone:
 * contacts_count. The managers whose lists hold the given users are recounted with them.
 * The booster fields (av_boost, used_boost, total_boost) are a ledger of boosters bought and spent,
 * not counts of rows: they are not recounted.
 */
export async function recountUsers(userIds: Iterable<string | null | undefined>, t: Transaction): Promise<void> {
  const given = [...new Set([...userIds].filter((x): x is string => typeof x === 'string' && x.length > 0))];
  if (!given.length) return;
  const sequelize = boundSequelize();
  const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
  const managers = await sequelize.query<{ id: string }>(`SELECT DISTINCT mr.manager_id AS id FROM manager_recruiters mr WHERE mr.recruiter_id IN (${marks(given.length)})`, {
    replacements: given,
    transaction: t,
    type: QueryTypes.SELECT,
  });
  const ids = [...new Set([...given, ...managers.map((m) => m.id)])];
  await sequelize.query(
    `UPDATE users SET
      offers_count = (SELECT COUNT(*) FROM offers o WHERE ${OWN_OFFER} AND o.state <> 'deleted'),
      actives_offers_count = (SELECT COUNT(*) FROM offers o WHERE ${OWN_OFFER} AND o.state = 'available'),
      candidates_count = (SELECT COUNT(*) ${RECEIVED}),
      to_recruit = (SELECT COUNT(*) ${RECEIVED} AND a.recruiter_state = 'to_recruit'),
      recruited = (SELECT COUNT(*) ${RECEIVED} AND a.recruiter_state = 'recruited'),
      recos_count = (SELECT COUNT(*) ${RECEIVED} AND a.is_reco = 1),
      applications_count = (SELECT COUNT(*) FROM applications a WHERE a.candidate_id = users.id),
      recommanded_count = (SELECT COUNT(*) FROM applications a WHERE a.candidate_id = users.id AND a.is_reco = 1),
      wishlist_count = (SELECT COUNT(*) FROM wishlist_entries w WHERE w.candidate_id = users.id),
      wishlist_pending_count = (SELECT COUNT(*) FROM wishlist_entries w WHERE w.candidate_id = users.id AND w.state = 'pending'),
      contacts_count = (SELECT COUNT(*) FROM user_contact_events c WHERE c.user_id = users.id)
     WHERE id IN (${marks(ids.length)})`,
    { replacements: ids, transaction: t, type: QueryTypes.UPDATE },
  );
  // The search rows carry the counters too (models/search-index.ts).
  await syncUserListColumns(ids, t);
}

/**
 * The candidate counters kept on the offer row (docs/decisions/155-offer-counters.md), over its
 * complete applications: per recruiter_state new, view, shortlist, to_recruit; todo (new + view);
 * active (not wait_reject nor rejected: the home's active candidates); candidates (all complete)
 * and reco (recommended). The offers table sorts and shows them, the home sums them.
 */
export const OFFER_COUNTERS = ['new_count', 'view_count', 'todo_count', 'shortlist_count', 'to_recruit_count', 'active_count', 'candidates_count', 'reco_count'] as const;
export type OfferCounter = (typeof OFFER_COUNTERS)[number];

const OFFER_APPS = `FROM applications a WHERE a.offer_id = offers.id AND a.state = 'complete'`;
const OFFER_COUNTER_SQL: Record<OfferCounter, string> = {
  new_count: `(SELECT COUNT(*) ${OFFER_APPS} AND a.recruiter_state = 'new')`,
  view_count: `(SELECT COUNT(*) ${OFFER_APPS} AND a.recruiter_state = 'view')`,
  todo_count: `(SELECT COUNT(*) ${OFFER_APPS} AND a.recruiter_state IN ('new', 'view'))`,
  shortlist_count: `(SELECT COUNT(*) ${OFFER_APPS} AND a.recruiter_state = 'shortlist')`,
  to_recruit_count: `(SELECT COUNT(*) ${OFFER_APPS} AND a.recruiter_state = 'to_recruit')`,
  active_count: `(SELECT COUNT(*) ${OFFER_APPS} AND a.recruiter_state NOT IN ('wait_reject', 'rejected'))`,
  candidates_count: `(SELECT COUNT(*) ${OFFER_APPS})`,
  reco_count: `(SELECT COUNT(*) ${OFFER_APPS} AND a.is_reco = 1)`,
};

/**
 * The one UPDATE that sets every offer counter from the applications, for the offers `where`
 * selects (SQL over `offers`). recountOffers, the migration that added the counters and the bench
 * filler run it; nothing else computes them.
 */
export function recountOffersSql(where: string): string {
  return `UPDATE offers SET ${OFFER_COUNTERS.map((c) => `${c} = ${OFFER_COUNTER_SQL[c]}`).join(', ')} WHERE ${where}`;
}

/**
 * Recounts the given offers' candidate counters in the caller's transaction. Every writer that
 * creates, completes, moves, resets or deletes an application calls it with the application's
 * offer, as it calls recountUsers (decision 078): a recount, not +1/-1, so that concurrent changes
 * leave true counts (the offer row is locked by the UPDATE until the transaction ends).
 */
export async function recountOffers(offerIds: Iterable<number | string | null | undefined>, t: Transaction): Promise<void> {
  const ids = [...new Set([...offerIds].filter((x) => x !== null && x !== undefined && String(x) !== '').map((x) => Number(x)))].filter((x) => Number.isInteger(x));
  if (!ids.length) return;
  await boundSequelize().query(recountOffersSql(`id IN (${ids.map(() => '?').join(', ')})`), { replacements: ids, transaction: t, type: QueryTypes.UPDATE });
}
