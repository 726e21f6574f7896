// Hourly removal of uploads that nothing uses (the queued job upload-cleanup, api/jobs/index.ts): a recorded upload (uploads table: CVs of the
// application form, logos and pictures) older than a day that no record refers to is deleted from
// storage, then its row. Every process may run it: deleting a missing object or row is a no-op, so
// two nodes sweeping at once do no harm (the queue runs it once an hour across the nodes anyway). docs/decisions/088-unreferenced-upload-cleanup.md.
import { Op, type Model, type ModelStatic, type WhereOptions } from 'sequelize';
import type { Storage } from '../integrations/storage.js';
import { Application, CustomLanding, DraftOffer, LandingInterest, Offer, Template, Upload, User } from '../../models/index.js';

/** An upload nobody refers to this long after it arrived is removed. */
export const UNUSED_UPLOAD_MAX_AGE_MS = 24 * 3600_000;

const PAGE = 200;

interface Referrer {
  model: ModelStatic<Model>;
  column: string;
}

/** Columns holding a key as is. */
const EXACT: Referrer[] = [
  { model: Application, column: 'cv_key' },
  { model: LandingInterest, column: 'cv_key' },
];

/** Columns holding an address that ends with the key (…/files/picture/…png) or JSON that contains one. */
const CONTAINING: Referrer[] = [
  { model: User, column: 'picture' },
  { model: Offer, column: 'company_picture' },
  { model: CustomLanding, column: 'logo_src' },
  { model: DraftOffer, column: 'offer_json' },
  { model: Template, column: 'content' },
];

/** The keys among `keys` that some record refers to. */
async function referencedKeys(keys: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (const { model, column } of EXACT) {
    const rows = (await model.findAll({ attributes: [column], where: { [column]: keys }, raw: true })) as unknown as Array<Record<string, unknown>>;
    for (const r of rows) used.add(String(r[column]));
  }
  for (const { model, column } of CONTAINING) {
    // Keys are [a-z0-9/.] only: no LIKE wildcard needs escaping.
    const where: WhereOptions = { [Op.or]: keys.map((k) => ({ [column]: { [Op.like]: `%${k}%` } })) };
    const rows = (await model.findAll({ attributes: [column], where, raw: true })) as unknown as Array<Record<string, unknown>>;
    for (const r of rows) {
      const text = typeof r[column] === 'string' ? (r[column] as string) : JSON.stringify(r[column]);
      for (const k of keys) if (text.includes(k)) used.add(k);
    }
  }
  return used;
}

/** Deletes every unreferenced upload older than a day; answers how many went. */
export async function purgeUnreferencedUploads(storage: Pick<Storage, 'delete'>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_UPLOAD_MAX_AGE_MS);
  let removed = 0;
  let after = 0;
  for (;;) {
    const page = await Upload.findAll({ attributes: ['id', 'key'], where: { id: { [Op.gt]: after }, created_at: { [Op.lt]: before } }, order: [['id', 'ASC']], limit: PAGE });
    if (!page.length) return removed;
    after = page[page.length - 1].id;
    const used = await referencedKeys(page.map((u) => u.key));
    for (const upload of page.filter((u) => !used.has(u.key))) {
      // The object first: a crash between the two leaves a row that the next sweep finishes.
      await storage.delete(upload.key);
      removed += await Upload.destroy({ where: { id: upload.id } });
    }
  }
}
