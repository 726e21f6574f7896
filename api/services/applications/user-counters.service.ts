// The counters the spec keeps on the user record: their one definition (docs/decisions/030-demo-seed.md
// and 078-one-definition-of-the-counters.md). Every writer that changes the rows they count calls
// recountUsers in its transaction; the demo seeder calls it too, and the seed test compares the
// stored counters with it. Lists then filter and show them without joins.
import { QueryTypes, type Transaction } from 'sequelize';
import { boundSequelize, WishlistEntry, type Application } from '../../../models/index.js';
import { USER_LIST_COLUMNS } from '../../../models/search/specs.js';
import { syncUserListColumns } from '../../../models/search/writes.js';

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
  // The search rows carry the counters too (models/search/).
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

// ---------------------------------------------------------------- changes counted by increments

/** The fields of an application that decide what it counts (docs/decisions/200-counters-by-increments.md). */
export interface CountedApplication {
  candidate_id: string | null;
  offer_id: number;
  state: string;
  recruiter_state: string;
  is_reco: boolean | number | null;
}
/** The fields of an offer that decide what it counts. */
export interface CountedOffer {
  recruiter_id: string | null;
  state: string;
}
/** The fields of a wishlist entry that decide what it counts. */
export interface CountedWishlistEntry {
  candidate_id: string;
  state: string;
}

type UserCounter = (typeof USER_COUNTERS)[number];
type Counts<K extends string> = Partial<Record<K, number>>;

function add<K extends string>(into: Map<string, Counts<K>>, key: string | null | undefined, counts: Counts<K>, sign: 1 | -1): void {
  if (!key) return;
  const row: Counts<K> = into.get(key) ?? {};
  for (const [k, n] of Object.entries(counts) as Array<[K, number]>) if (n) row[k] = (row[k] ?? 0) + sign * n;
  into.set(key, row);
}
const nonZero = <K extends string>(c: Counts<K> | undefined): Array<[K, number]> => (c ? (Object.entries(c) as Array<[K, number]>).filter(([, n]) => n !== 0) : []);
const bit = (b: boolean) => (b ? 1 : 0);

/**
 * What one application adds to the counters that count it: the row-level reading of the recount SQL
 * above (RECEIVED, OFFER_COUNTER_SQL, the candidate side). Both must say the same; the tests compare
 * the counters kept by increments with a recount after every kind of change.
 */
function applicationShare(a: CountedApplication): { candidate: Counts<UserCounter>; reach: Counts<UserCounter>; offer: Counts<OfferCounter> } {
  const reco = bit(Boolean(Number(a.is_reco)));
  const candidate = { applications_count: 1, recommanded_count: reco };
  if (a.state !== 'complete') return { candidate, reach: {}, offer: {} };
  const rs = a.recruiter_state;
  return {
    candidate,
    reach: { candidates_count: 1, to_recruit: bit(rs === 'to_recruit'), recruited: bit(rs === 'recruited'), recos_count: reco },
    offer: {
      new_count: bit(rs === 'new'),
      view_count: bit(rs === 'view'),
      todo_count: bit(rs === 'new' || rs === 'view'),
      shortlist_count: bit(rs === 'shortlist'),
      to_recruit_count: bit(rs === 'to_recruit'),
      active_count: bit(rs !== 'wait_reject' && rs !== 'rejected'),
      candidates_count: 1,
      reco_count: reco,
    },
  };
}

/**
 * The counters' changes of one transaction, applied by increments (`SET c = c + ?`) at its end
 * (docs/decisions/200-counters-by-increments.md). A writer calls lock(t) with the offers whose
 * applications it changes (and the users whose own rows it changes) before changing them, records
 * each row it creates, changes or deletes (before and after), and calls apply(t). Only the rows whose
 * counts change are locked, always in one order (offers by id, then users by id), so applications
 * to one recruiter's offers never wait for a recount of each other, and two writers never take the
 * same rows in opposite orders. recountUsers/recountOffers stay the definition and the repair for
 * bulk changes (a merge, a deletion, a manager's list).
 */
export class CounterChanges {
  private readonly users = new Map<string, Counts<UserCounter>>();
  /** Received-side changes, by offer: they count for the offer's recruiter and that recruiter's managers. */
  private readonly reach = new Map<string, Counts<UserCounter>>();
  private readonly offers = new Map<string, Counts<OfferCounter>>();
  /** Offer-side changes, by recruiter: they count for the recruiter and the recruiter's managers. */
  private readonly offered = new Map<string, Counts<UserCounter>>();
  /** Each locked offer's recruiter, read under the offer's lock. */
  private readonly recruiterOf = new Map<string, string | null>();
  /** Who counts a recruiter's offers: the recruiter and the managers whose lists hold them. */
  private readonly reachOf = new Map<string, string[]>();

  application(before: CountedApplication | null, after: CountedApplication | null): this {
    for (const [row, sign] of [
      [before, -1],
      [after, 1],
    ] as const) {
      if (!row) continue;
      const share = applicationShare(row);
      add(this.users, row.candidate_id, share.candidate, sign);
      add(this.reach, String(row.offer_id), share.reach, sign);
      add(this.offers, String(row.offer_id), share.offer, sign);
    }
    return this;
  }

  /** An offer created, changed or deleted: offers_count (not deleted) and actives_offers_count (available). */
  offer(before: CountedOffer | null, after: CountedOffer | null): this {
    const share = (o: CountedOffer) => ({ offers_count: bit(o.state !== 'deleted'), actives_offers_count: bit(o.state === 'available') });
    if (before) add(this.offered, before.recruiter_id, share(before), -1);
    if (after) add(this.offered, after.recruiter_id, share(after), 1);
    return this;
  }

  wishlist(before: CountedWishlistEntry | null, after: CountedWishlistEntry | null): this {
    if (before) add(this.users, before.candidate_id, { wishlist_count: 1, wishlist_pending_count: bit(before.state === 'pending') }, -1);
    if (after) add(this.users, after.candidate_id, { wishlist_count: 1, wishlist_pending_count: bit(after.state === 'pending') }, 1);
    return this;
  }

  /**
   * Takes, before the change, the locks the increments will need: the offers' rows, then the rows of
   * their recruiters, of those recruiters' managers and of the given users. Taken later, they would
   * come after the shared locks InnoDB's foreign-key checks put on the offer and the recruiter when
   * an application row changes, and two writers each holding one would deadlock turning it exclusive.
   */
  async lock(t: Transaction, rows: { offers?: Array<number | string>; recruiters?: Array<string | null | undefined>; users?: Array<string | null | undefined> }): Promise<this> {
    const sequelize = boundSequelize();
    const mysql = sequelize.getDialect() !== 'sqlite';
    const select = <T extends object>(sql: string, replacements: unknown[]) => sequelize.query<T>(sql, { replacements, transaction: t, type: QueryTypes.SELECT });
    const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
    const offerIds = [...new Set((rows.offers ?? []).map(Number))].sort((a, b) => a - b);
    const userIds = new Set((rows.users ?? []).filter((u): u is string => typeof u === 'string' && u.length > 0));
    const recruiters = new Set((rows.recruiters ?? []).filter((r): r is string => typeof r === 'string' && r.length > 0));
    if (offerIds.length) {
      // The offers' rows first: their recruiter is read under the lock a change of recruiter needs.
      const owners = await select<{ id: number; recruiter_id: string | null }>(
        `SELECT id, recruiter_id FROM offers WHERE id IN (${marks(offerIds.length)}) ORDER BY id${mysql ? ' FOR UPDATE' : ''}`,
        offerIds,
      );
      for (const o of owners) {
        this.recruiterOf.set(String(o.id), o.recruiter_id);
        if (o.recruiter_id) recruiters.add(o.recruiter_id);
      }
    }
    const unknown = [...recruiters].filter((r) => !this.reachOf.has(r));
    if (unknown.length) {
      // Shared locks: a manager added to a list meanwhile waits, and is recounted after this commits.
      const lists = await select<{ manager_id: string; recruiter_id: string }>(
        `SELECT manager_id, recruiter_id FROM manager_recruiters WHERE recruiter_id IN (${marks(unknown.length)})${mysql ? ' LOCK IN SHARE MODE' : ''}`,
        unknown,
      );
      for (const r of unknown) this.reachOf.set(r, [...new Set([r, ...lists.filter((l) => l.recruiter_id === r).map((l) => l.manager_id)])]);
    }
    for (const r of recruiters) for (const u of this.reachOf.get(r)!) userIds.add(u);
    const users = [...userIds].sort();
    if (users.length && mysql) await select(`SELECT id FROM users WHERE id IN (${marks(users.length)}) ORDER BY id FOR UPDATE`, users);
    return this;
  }

  /** Adds the recorded changes to the stored counters (and to the users' search rows). */
  async apply(t: Transaction): Promise<void> {
    const sequelize = boundSequelize();
    const changed = (id: string) => nonZero(this.offers.get(id)).length > 0 || nonZero(this.reach.get(id)).length > 0;
    const offerIds = [...new Set([...this.offers.keys(), ...this.reach.keys()])].filter(changed);
    // Rows lock() did not take yet (a writer that knew its offers only after the change) are taken now.
    const users = new Map(this.users);
    const offering = [...this.offered.keys()].filter((r) => nonZero(this.offered.get(r)).length);
    await this.lock(t, {
      offers: offerIds.filter((id) => !this.recruiterOf.has(id)),
      recruiters: offering,
      users: [...users.keys()].filter((id) => nonZero(users.get(id)).length),
    });
    const byRecruiter = new Map(this.offered);
    for (const [offerId, counts] of this.reach) add(byRecruiter, this.recruiterOf.get(offerId), counts, 1);
    for (const [r, counts] of byRecruiter) for (const u of this.reachOf.get(r) ?? []) add(users, u, counts, 1);
    const listed = new Set<string>(USER_LIST_COLUMNS);
    const resync: string[] = [];
    for (const id of [...users.keys()].sort()) {
      const changes = nonZero(users.get(id));
      if (!changes.length) continue;
      await sequelize.query(`UPDATE users SET ${changes.map(([c]) => `${c} = ${c} + ?`).join(', ')} WHERE id = ?`, {
        replacements: [...changes.map(([, n]) => n), id],
        transaction: t,
        type: QueryTypes.UPDATE,
      });
      if (changes.some(([c]) => listed.has(c))) resync.push(id);
    }
    for (const id of offerIds.map(Number).sort((a, b) => a - b)) {
      const changes = nonZero(this.offers.get(String(id)));
      if (!changes.length) continue;
      await sequelize.query(`UPDATE offers SET ${changes.map(([c]) => `${c} = ${c} + ?`).join(', ')} WHERE id = ?`, {
        replacements: [...changes.map(([, n]) => n), id],
        transaction: t,
        type: QueryTypes.UPDATE,
      });
    }
    // The search rows carry some counters too (models/search/).
    await syncUserListColumns(resync, t);
  }
}

/** The counted fields of an application as it stands now. */
export const counted = (a: Application): CountedApplication => ({ candidate_id: a.candidate_id, offer_id: a.offer_id, state: a.state, recruiter_state: a.recruiter_state, is_reco: a.is_reco });

/**
 * Sets the state of a candidate's wishlist entry for an offer, when there is one and it differs,
 * and records the change of the candidate's wishlist counters in `counts`.
 */
export async function setWishlistState(candidateId: string, offerId: number, state: WishlistEntry['state'], t: Transaction, counts: CounterChanges): Promise<void> {
  const entries = await WishlistEntry.findAll({ where: { candidate_id: candidateId, offer_id: offerId }, transaction: t, lock: t.LOCK.UPDATE });
  for (const entry of entries) {
    if (entry.state === state) continue;
    counts.wishlist({ candidate_id: candidateId, state: entry.state }, { candidate_id: candidateId, state });
    await entry.update({ state }, { transaction: t });
  }
}
