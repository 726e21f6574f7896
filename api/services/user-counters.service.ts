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
