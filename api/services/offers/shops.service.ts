// Shops of a manager's company (back-office.md sections 3 and 5), for the console resource `shops`
// (api/console/parts/shops.ts) and the REST calls /apis/shops alike. The declaration's schema
// checks the fields before the service is called, once (name, street, zip code, city required: "fill
// all required fields"; api/routes/console.routes.ts, manager.routes.ts); this service adds the
// manager-area rule: the shop's recruiter is the manager or one of their recruiters (another
// account answers shop_recruiter_not_available, the spec's "new user not yet available").
import { ManagerRecruiter, Shop, User, type UserRow, readRows, type SqlValue } from '../../../models/index.js';
import { SHOP_ADDRESS_FIELDS, shops as shopsDecl } from '../../../models/resources/shops/resource.js';
import { modelOf } from '../../console/validation.js';
import { invalid, notFound } from '../../lib/errors.js';
import { companyReach, reachOf, type Reach } from '../../auth/access.js';
import { createRecord, updateRecord, type RecordWrite } from '../platform/console-records.service.js';

export const RECRUITER_PICTURE_DEFAULT = 'avatar/icon_recruiter.png';

const scopeOf = (reach: Reach) => (reach.all ? null : { column: 'manager_id', ids: [reach.userId] });
const writer = (reach: Reach, now: Date): RecordWrite => ({ decl: shopsDecl, model: modelOf(shopsDecl), actorId: reach.userId, now, scope: scopeOf(reach) });

/**
 * The shop's recruiter must be its manager or in that manager's list. An id of no account at all is
 * left to the declaration's reference check (400 invalid_field, console-records.service.ts).
 */
async function checkRecruiter(managerId: string, recruiterId: unknown): Promise<void> {
  const id = typeof recruiterId === 'string' ? recruiterId : '';
  if ((await User.count({ where: { id: [id, managerId] } })) < (id === managerId ? 1 : 2)) return;
  const ok = id === managerId || (id !== '' && (await ManagerRecruiter.count({ where: { manager_id: managerId, recruiter_id: id } })) > 0);
  if (!ok) throw invalid('shop_recruiter_not_available', 'shop_recruiter_not_available', { field: 'recruiter_id' });
}

/**
 * Creates a shop from the declaration's fields, as its schema parsed them (the console route, or
 * POST /apis/shops): the caller's own unless staff names a manager.
 */
export async function createShop(caller: UserRow, data: Record<string, unknown>, now: Date): Promise<number> {
  const reach = await reachOf(caller);
  const input: Record<string, unknown> = { ...data, manager_id: reach.all && data.manager_id ? data.manager_id : caller.id };
  await checkRecruiter(String(input.manager_id), input.recruiter_id);
  return Number(await createRecord(writer(reach, now), input));
}

/** Updates a shop with the declaration's fields as its schema parsed them; an id naming no shop of the caller's is 404. */
export async function updateShop(caller: UserRow, id: string | number | null, data: Record<string, unknown>, now: Date): Promise<void> {
  const reach = await reachOf(caller);
  const shop = id === null ? null : await Shop.findOne({ where: { id: String(id), ...(reach.all ? {} : { manager_id: caller.id }) }, attributes: ['id', 'manager_id'] });
  if (!shop) throw notFound('shop_not_found', 'not_found');
  if (data.recruiter_id !== undefined) await checkRecruiter(String(shop.manager_id), data.recruiter_id);
  await updateRecord(writer(reach, now), String(id), data);
}

/** A shop row with its recruiter's columns (r_*), as shopRows reads it. */
type ShopRow = Record<string, unknown> & { id: number; shopname: string; recruiter_id: string | null; r_id: string | null };

/** A shop as the spec shapes it: { id, type: 'shop', content: { shopname, address, recruiter_id, recruiter } }. */
function shopItem(s: ShopRow) {
  return {
    id: s.id,
    type: 'shop',
    content: {
      shopname: s.shopname,
      address: Object.fromEntries(SHOP_ADDRESS_FIELDS.map((k) => [k, s[k]])),
      recruiter_id: s.recruiter_id,
      recruiter: s.r_id ? { name: s.r_name, email: s.r_email, picture: s.r_picture ?? RECRUITER_PICTURE_DEFAULT, profile: s.r_profile } : null,
    },
  };
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * Shops with their recruiter, by name then id: one written statement returning plain rows (the
 * manager's home reads it on every visit; Sequelize's include cost more than the query,
 * docs/decisions/404-sqlite-query-cost.md). The address columns are text and doubles: nothing to parse.
 */
async function shopRows(where: string, args: SqlValue[]): Promise<ShopRow[]> {
  const columns = ['id', 'shopname', ...SHOP_ADDRESS_FIELDS, 'recruiter_id'].map((c) => `s.${c}`).join(', ');
  return readRows<ShopRow>(
    `SELECT ${columns}, r.id AS r_id, r.name AS r_name, r.email AS r_email, r.picture AS r_picture, r.profile AS r_profile
       FROM shops s LEFT JOIN users r ON r.id = s.recruiter_id WHERE ${where} ORDER BY s.shopname ASC, s.id ASC`,
    args,
  );
}

/** The recruiters a manager picks a shop's from: themselves and their list (sub, name, email, picture, profile). */
export async function recruitersOf(reach: Reach) {
  const ids = reach.all ? [reach.userId] : reach.recruiterIds;
  const users = await readRows<{ id: string; name: string | null; email: string; picture: string | null; profile: string }>(
    `SELECT id, name, email, picture, profile FROM users WHERE id IN (${marks(ids.length)}) ORDER BY name ASC`,
    ids,
  );
  return users.map((u) => ({ sub: u.id, name: u.name, email: u.email, picture: u.picture ?? RECRUITER_PICTURE_DEFAULT, profile: u.profile }));
}

export async function listShops(caller: UserRow | undefined, known?: Reach) {
  const reach = await companyReach(caller, known);
  // The caller's shops and, for a seat holder, the subscriber's (reach.managerIds, decision 240).
  const managers = reach.all ? [caller!.id] : reach.managerIds;
  const rows = await shopRows(`s.manager_id IN (${marks(managers.length)})`, managers);
  return { Items: rows.map(shopItem), Count: rows.length, recruiters: await recruitersOf(reach) };
}

export async function getShop(caller: UserRow | undefined, id: string | null) {
  const reach = await companyReach(caller);
  const managers = reach.all ? [] : reach.managerIds;
  const [row] = id !== null ? await shopRows(`s.id = ?${reach.all ? '' : ` AND s.manager_id IN (${marks(managers.length)})`}`, [id, ...managers]) : [];
  if (!row) throw notFound('shop_not_found', 'not_found');
  return { Item: shopItem(row), recruiters: await recruitersOf(reach) };
}
