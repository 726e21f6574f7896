// The counters the spec keeps on the user record, recomputed from the rows they count inside the
// transaction that changed those rows. Lists then filter and show them without joins.
import { QueryTypes, type Transaction } from 'sequelize';
import { boundSequelize } from '../../models/index.js';
import { syncUserListColumns } from '../../models/search-index.js';

/**
 * applications_count, wishlist_count and wishlist_pending_count (candidate side), contacts_count, offers_count and
 * actives_offers_count (offers not deleted / available), candidates_count (complete applications
 * received as recruiter).
 */
export async function recountUsers(userIds: Iterable<string | null | undefined>, t: Transaction): Promise<void> {
  const ids = [...new Set([...userIds].filter((x): x is string => typeof x === 'string' && x.length > 0))];
  if (!ids.length) return;
  await boundSequelize().query(
    `UPDATE users SET
      applications_count = (SELECT COUNT(*) FROM applications a WHERE a.candidate_id = users.id),
      wishlist_count = (SELECT COUNT(*) FROM wishlist_entries w WHERE w.candidate_id = users.id),
      wishlist_pending_count = (SELECT COUNT(*) FROM wishlist_entries w WHERE w.candidate_id = users.id AND w.state = 'pending'),
      contacts_count = (SELECT COUNT(*) FROM user_contact_events c WHERE c.user_id = users.id),
      offers_count = (SELECT COUNT(*) FROM offers o WHERE o.recruiter_id = users.id AND o.state <> 'deleted'),
      actives_offers_count = (SELECT COUNT(*) FROM offers o WHERE o.recruiter_id = users.id AND o.state = 'available'),
      candidates_count = (SELECT COUNT(*) FROM applications a WHERE a.recruiter_id = users.id AND a.state = 'complete')
     WHERE id IN (${ids.map(() => '?').join(', ')})`,
    { replacements: ids, transaction: t, type: QueryTypes.UPDATE },
  );
  // The search rows carry the counters too (models/search-index.ts).
  await syncUserListColumns(ids, t);
}
