// Shops of a manager's company (back-office.md sections 3 and 5), for the console resource `shops`
// (api/console/parts/shops.ts) and the REST calls /apis/shops alike. The declaration checks
// the fields (name, street, zip code, city required: "fill all required fields"); this service adds
// the manager-area rule: the shop's recruiter is the manager or one of their recruiters (another
// account answers shop_recruiter_not_available, the spec's "new user not yet available").
import { ManagerRecruiter, Shop, User } from '../../models/index.js';
import { shops as shopsDecl } from '../../models/resources/shops/resource.js';
import { bodySchema, modelOf, parseOrThrow } from '../console/validation.js';
import { invalid, notFound } from '../lib/errors.js';
import { companyReach, reachOf, type Reach } from '../auth/access.js';
import { createRecord, updateRecord, type RecordWrite } from './console-records.service.js';

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

/** Creates a shop from the declaration's fields (already parsed or not); the caller's own unless staff names a manager. */
export async function createShop(caller: User, data: Record<string, unknown>, now: Date): Promise<number> {
  const reach = await reachOf(caller);
  const input = { ...data, manager_id: reach.all && data.manager_id ? data.manager_id : caller.id };
  const parsed = parseOrThrow(bodySchema(shopsDecl, 'create'), input);
  await checkRecruiter(String(parsed.manager_id), parsed.recruiter_id);
  return Number(await createRecord(writer(reach, now), parsed));
}

export async function updateShop(caller: User, id: string | number, data: Record<string, unknown>, now: Date): Promise<void> {
  const reach = await reachOf(caller);
  const parsed = parseOrThrow(bodySchema(shopsDecl, 'edit'), data);
  const shop = await Shop.findOne({ where: { id: String(id), ...(reach.all ? {} : { manager_id: caller.id }) }, attributes: ['id', 'manager_id'] });
  if (!shop) throw notFound('shop_not_found', 'not_found');
  if (parsed.recruiter_id !== undefined) await checkRecruiter(String(shop.manager_id), parsed.recruiter_id);
  await updateRecord(writer(reach, now), String(id), parsed);
}

/** The REST payload { type, content: { shopname, address: {...}, recruiter_id }, recruiter_id } as the declaration's fields. */
export function shopFields(body: { content?: Record<string, unknown>; recruiter_id?: unknown }): Record<string, unknown> {
  const content = body.content ?? {};
  const address = (content.address && typeof content.address === 'object' ? content.address : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries({
    shopname: content.shopname,
    street: address.street,
    zip_code: address.zip_code,
    city: address.city,
    area: address.area,
    sub_area: address.sub_area,
    country: address.country,
    country_iso: address.country_iso,
    lat: address.lat,
    lng: address.lng,
    recruiter_id: body.recruiter_id ?? content.recruiter_id,
  })) {
    if (v !== undefined) out[k] = v;
  }
  return out;
}

type ShopRow = Shop & { recruiter?: User | null };

/** A shop as the spec shapes it: { id, type: 'shop', content: { shopname, address, recruiter_id, recruiter } }. */
export function shopItem(s: ShopRow) {
  return {
    id: s.id,
    type: 'shop',
    content: {
      shopname: s.shopname,
      address: { lat: s.lat, lng: s.lng, street: s.street, city: s.city, zip_code: s.zip_code, area: s.area, sub_area: s.sub_area, country: s.country, country_iso: s.country_iso },
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

export async function listShops(caller: User | undefined) {
  const reach = await companyReach(caller);
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

export async function getShop(caller: User | undefined, id: string) {
  const reach = await companyReach(caller);
  const row = /^\d{1,12}$/.test(id) ? ((await Shop.findOne({ where: { id, ...(reach.all ? {} : { manager_id: reach.managerIds }) }, include: [withRecruiter] })) as ShopRow | null) : null;
  if (!row) throw notFound('shop_not_found', 'not_found');
  return { Item: shopItem(row), recruiters: await recruitersOf(reach) };
}
