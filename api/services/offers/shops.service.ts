// Shops of a manager's company (back-office.md sections 3 and 5), for the console resource `shops`
// (api/console/parts/shops.ts) and the REST calls /apis/shops alike. The declaration's schema
// checks the fields before the service is called, once (name, street, zip code, city required: "fill
// all required fields"; api/routes/console.routes.ts, manager.routes.ts); this service adds the
// manager-area rule: the shop's recruiter is the manager or one of their recruiters (another
// account answers shop_recruiter_not_available, the spec's "new user not yet available").
import { ManagerRecruiter, Shop, User } from '../../../models/index.js';
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
export async function createShop(caller: User, data: Record<string, unknown>, now: Date): Promise<number> {
  const reach = await reachOf(caller);
  const input: Record<string, unknown> = { ...data, manager_id: reach.all && data.manager_id ? data.manager_id : caller.id };
  await checkRecruiter(String(input.manager_id), input.recruiter_id);
  return Number(await createRecord(writer(reach, now), input));
}

/** Updates a shop with the declaration's fields as its schema parsed them; an id naming no shop of the caller's is 404. */
export async function updateShop(caller: User, id: string | number | null, data: Record<string, unknown>, now: Date): Promise<void> {
  const reach = await reachOf(caller);
  const shop = id === null ? null : await Shop.findOne({ where: { id: String(id), ...(reach.all ? {} : { manager_id: caller.id }) }, attributes: ['id', 'manager_id'] });
  if (!shop) throw notFound('shop_not_found', 'not_found');
  if (data.recruiter_id !== undefined) await checkRecruiter(String(shop.manager_id), data.recruiter_id);
  await updateRecord(writer(reach, now), String(id), data);
}

type ShopRow = Shop & { recruiter?: User | null };

/** A shop as the spec shapes it: { id, type: 'shop', content: { shopname, address, recruiter_id, recruiter } }. */
export function shopItem(s: ShopRow) {
  return {
    id: s.id,
    type: 'shop',
    content: {
      shopname: s.shopname,
      address: Object.fromEntries(SHOP_ADDRESS_FIELDS.map((k) => [k, s.get(k)])),
      recruiter_id: s.recruiter_id,
      recruiter: s.recruiter ? { name: s.recruiter.name, email: s.recruiter.email, picture: s.recruiter.picture ?? RECRUITER_PICTURE_DEFAULT, profile: s.recruiter.profile } : null,
    },
  };
}

/** The recruiters a manager picks a shop's from: themselves and their list (sub, name, email, picture, profile). */
export async function recruitersOf(reach: Reach) {
  const users = await User.findAll({ where: { id: reach.all ? [reach.userId] : reach.recruiterIds }, attributes: ['id', 'name', 'email', 'picture', 'profile'], order: [['name', 'ASC']] });
  return users.map((u) => ({ sub: u.id, name: u.name, email: u.email, picture: u.picture ?? RECRUITER_PICTURE_DEFAULT, profile: u.profile }));
}

const withRecruiter = { model: User, as: 'recruiter', attributes: ['id', 'name', 'email', 'picture', 'profile'] };

export async function listShops(caller: User | undefined, known?: Reach) {
  const reach = await companyReach(caller, known);
  const rows = (await Shop.findAll({
    // The caller's shops and, for a seat holder, the subscriber's (reach.managerIds, decision 240).
    where: { manager_id: reach.all ? caller!.id : reach.managerIds },
    include: [withRecruiter],
    order: [
      ['shopname', 'ASC'],
      ['id', 'ASC'],
    ],
  })) as ShopRow[];
  return { Items: rows.map(shopItem), Count: rows.length, recruiters: await recruitersOf(reach) };
}

export async function getShop(caller: User | undefined, id: string | null) {
  const reach = await companyReach(caller);
  const row = id !== null ? ((await Shop.findOne({ where: { id, ...(reach.all ? {} : { manager_id: reach.managerIds }) }, include: [withRecruiter] })) as ShopRow | null) : null;
  if (!row) throw notFound('shop_not_found', 'not_found');
  return { Item: shopItem(row), recruiters: await recruitersOf(reach) };
}
