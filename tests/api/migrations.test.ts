// Migrations 006, 031 and 041 on a database that already holds users and offers: the pending-wishlist
// counter is computed, the search tokens (031: three-letter sequences, decision 300; 041: address
// keys) are written for the existing rows (on MariaDB through the sorted bulk build), and down
// restores the full-text search of 005.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { createTestDatabase, dialect, type TestDatabase } from '../helpers/db.js';
import { createMigrator } from '../../models/migrator.js';
import { initModels, User } from '../../models/index.js';
import { expectSearchIndexTrue } from '../helpers/search-index.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrateTo: '005-console-search' });
});
afterAll(async () => db?.drop());

const now = '2026-11-01 10:00:00.123';
async function insertAt005(): Promise<void> {
  const q = (sql: string, replacements: unknown[]) => db.sequelize.query(sql, { replacements });
  const users = [
    ['00000000-0000-4000-8000-000000000001', 'zoe.martin@acme-retail.fr', 'Zoé Martin', '+33 6 12 34 56 78', 'candidate'],
    ['00000000-0000-4000-8000-000000000002', 'jean.dupont@example.test', 'Jean Dupont', null, 'candidate'],
    ['00000000-0000-4000-8000-000000000003', 'rh@boulangerie.test', 'Rita Recruteuse', null, 'recruiter'],
    // Words sharing sequences and starts (each token stored once), a one-letter word, an accent.
    ['00000000-0000-4000-8000-000000000004', 'anna.annan@ann-annabelle.test', 'Anna Annabelle Ö', '0033 6 00 00 00 00', 'candidate'],
  ];
  for (const [id, email, name, phone, profile] of users) {
    await q('INSERT INTO users (id, email, name, phone, profile, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [id, email, name, phone, profile, now, now]);
  }
  await q(
    `INSERT INTO offers (id, job_code, recruiter_id, title, company_name, description, city, zip_code, state, created_at, updated_at)
     VALUES (1, 'AB12CD', ?, 'Boulanger H/F', 'Fournil Éloi', 'Pain.', 'Lille', '59000', 'available', ?, ?)`,
    [users[2][0], now, now],
  );
  // A description too long for the token rows: its text goes to the side table.
  await q(
    `INSERT INTO offers (id, job_code, recruiter_id, title, company_name, description, city, zip_code, state, created_at, updated_at)
     VALUES (2, 'LONG01', ?, 'Magasinier', 'Dépôt', ?, 'Lille', '59000', 'available', ?, ?)`,
    [users[2][0], `Réception et rangement des colis, ${Array.from({ length: 120 }, (_, i) => `tâche${i}`).join(', ')}. Permis apprécié.`, now, now],
  );
  await q("INSERT INTO wishlist_entries (candidate_id, offer_id, state, added_at, updated_at) VALUES (?, 1, 'pending', ?, ?)", [users[0][0], now, now]);
}

describe('migration 006 on existing data', () => {
  it('writes the tokens of existing users and offers, counts pending wishlists, and goes down and up again', async () => {
    await insertAt005();
    await createMigrator(db.sequelize).up();
    initModels(db.sequelize);
    await expectSearchIndexTrue();
    const tokens = async (table: string, key: string, id: string | number) =>
      (await db.sequelize.query<{ token: string }>(`SELECT token FROM ${table} WHERE ${key} = ? ORDER BY token`, { replacements: [id], type: QueryTypes.SELECT })).map((r) => r.token);
    expect(await tokens('user_search_tokens', 'user_id', '00000000-0000-4000-8000-000000000001')).toEqual(
      expect.arrayContaining(['z', 'zo', 'zoe', 'mar', 'tin', 'acm', 'ret', 'fr', '061', '678', '@nitram.eoz']),
    );
    expect(await tokens('offer_search_tokens', 'offer_id', 1)).toEqual(expect.arrayContaining(['ab1', '2cd', 'bou', 'ger', 'elo', 'lil', '590', 'pai']));
    expect((await User.findByPk('00000000-0000-4000-8000-000000000001'))!.wishlist_pending_count).toBe(1);
    const [long] = await db.sequelize.query<{ n: number }>('SELECT COUNT(*) AS n FROM offer_search_texts WHERE offer_id = 2', { type: QueryTypes.SELECT });
    expect(Number(long.n)).toBe(1);

    await createMigrator(db.sequelize).down({ to: '006-search-tokens' });
    const fullText =
      dialect === 'mysql'
        ? await db.sequelize.query("SHOW INDEX FROM users WHERE Key_name = 'users_fts'", { type: QueryTypes.SELECT })
        : await db.sequelize.query("SELECT name FROM sqlite_master WHERE name = 'users_fts'", { type: QueryTypes.SELECT });
    expect(fullText.length).toBeGreaterThan(0);
    await createMigrator(db.sequelize).up();
    await expectSearchIndexTrue();
    // Every migration twice over on a shared 2-core machine.
  }, 180_000);
});
