// Console search: the model hooks that keep the token rows true on every ORM write of users and
// offers, in the writer's transaction (installed by models/index.ts).
import type { Transaction } from 'sequelize';
import { User } from '../user.model.js';
import { Offer } from '../offer.model.js';
import { transaction } from '../transaction.js';
import { OFFER_INDEXED_FIELDS, USER_INDEXED_FIELDS, USER_TEXT_FIELDS } from './specs.js';
import { reindexOffers, reindexUsers, syncUserListColumns } from './writes.js';

let installed = false;

/**
 * Runs an index write in the writer's transaction; a write made without one gets its own, so that
 * the delete and the insert of a record's rows are never seen or interleaved half done.
 */
function inTransaction(t: Transaction | null | undefined, write: (t: Transaction) => Promise<void>): Promise<void> {
  return t ? write(t) : transaction(write);
}

/**
 * Keeps the token rows true on every ORM write of users and offers, in the writer's transaction.
 * Raw SQL writes (the counters' recount, a merge moving offers) call the functions above.
 */
export function installSearchHooks(): void {
  if (installed) return;
  installed = true;
  // A change of these rewrites the user's rows (their tokens or their key); of the other indexed
  // fields, copies the values.
  const USER_REWRITE = new Set([...USER_TEXT_FIELDS, 'profile', 'created_at']);
  const savedFields = (o: object, all: Set<string>) => (o as { fields?: string[] }).fields ?? [...all];
  User.addHook('afterCreate', (u: User, o) => inTransaction(o.transaction, (t) => reindexUsers([u.id], t)));
  User.addHook('afterBulkCreate', (us: User[], o) =>
    inTransaction(o.transaction, (t) =>
      reindexUsers(
        us.map((u) => u.id),
        t,
      ),
    ),
  );
  User.addHook('afterUpdate', async (u: User, o) => {
    const fields = savedFields(o, USER_INDEXED_FIELDS);
    if (fields.some((f) => USER_REWRITE.has(f))) await inTransaction(o.transaction, (t) => reindexUsers([u.id], t));
    else if (fields.some((f) => USER_INDEXED_FIELDS.has(f))) await syncUserListColumns([u.id], o.transaction);
  });
  Offer.addHook('afterCreate', (r: Offer, o) => inTransaction(o.transaction, (t) => reindexOffers([r.id], t)));
  Offer.addHook('afterBulkCreate', (rs: Offer[], o) =>
    inTransaction(o.transaction, (t) =>
      reindexOffers(
        rs.map((r) => r.id),
        t,
      ),
    ),
  );
  Offer.addHook('afterUpdate', async (r: Offer, o) => {
    if (savedFields(o, OFFER_INDEXED_FIELDS).some((f) => OFFER_INDEXED_FIELDS.has(f))) await inTransaction(o.transaction, (t) => reindexOffers([r.id], t));
  });
  // Model.update(values, { where }) has no instances: ask Sequelize for them when an indexed field changes.
  const perInstance = (indexed: Set<string>) => (o: { attributes?: object; individualHooks?: boolean }) => {
    if (Object.keys(o.attributes ?? {}).some((f) => indexed.has(f))) o.individualHooks = true;
  };
  User.addHook('beforeBulkUpdate', perInstance(USER_INDEXED_FIELDS));
  Offer.addHook('beforeBulkUpdate', perInstance(OFFER_INDEXED_FIELDS));
}
