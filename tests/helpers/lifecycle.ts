// Helpers of the data-lifecycle and privacy tests: stored stories, and the counters' truth.
import { QueryTypes } from 'sequelize';
import { expect } from 'vitest';
import { Offer, User, transaction } from '../../models/index.js';
import { recountOffers, recountUsers } from '../../api/services/applications/user-counters.service.js';
import type { Storage } from '../../api/integrations/storage.js';

/** Stores a story (playlist naming two segments, the segments, a poster) at the answer's playlist key; answers its keys. */
export async function storeStory(storage: Storage, playlistKey: string): Promise<string[]> {
  const dir = playlistKey.slice(0, playlistKey.lastIndexOf('/') + 1);
  await storage.put(playlistKey, Buffer.from('#EXTM3U\n#EXTINF:2.0,\nseg000.ts\n#EXTINF:1.0,\nseg001.ts\n#EXT-X-ENDLIST\n'), 'application/vnd.apple.mpegurl');
  await storage.put(`${dir}seg000.ts`, Buffer.from(`segment 0 of ${playlistKey}`), 'video/mp2t');
  await storage.put(`${dir}seg001.ts`, Buffer.from(`segment 1 of ${playlistKey}`), 'video/mp2t');
  await storage.put(`${dir}poster.jpg`, Buffer.from(`poster of ${playlistKey}`), 'image/jpeg');
  return [playlistKey, `${dir}seg000.ts`, `${dir}seg001.ts`, `${dir}poster.jpg`];
}

/** Every stored counter equals what recountUsers/recountOffers compute (the one definition). */
export async function expectCountersTrue(): Promise<void> {
  const cols = ['candidates_count', 'applications_count', 'wishlist_count', 'wishlist_pending_count', 'offers_count', 'actives_offers_count', 'recruited', 'to_recruit'] as const;
  const read = async () => ({
    users: (await User.findAll({ attributes: ['id', ...cols], order: [['id', 'ASC']], raw: true })) as unknown[],
    offers: await Offer.sequelize!.query('SELECT id, candidates_count, todo_count, active_count, new_count, view_count, shortlist_count FROM offers ORDER BY id', { type: QueryTypes.SELECT }),
  });
  const stored = await read();
  await transaction(async (t) => {
    await recountUsers(
      (await User.findAll({ attributes: ['id'], raw: true, transaction: t })).map((u) => u.id),
      t,
    );
    await recountOffers(
      (await Offer.findAll({ attributes: ['id'], raw: true, transaction: t })).map((o) => o.id),
      t,
    );
  });
  expect(stored).toEqual(await read());
}
