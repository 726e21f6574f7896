// Migration 007 on existing offers: company_hash follows the recruiter's account, no longer the
// typed company name (docs/decisions/076-landing-ownership.md); down restores the old rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { createMigrator } from '../../models/migrator.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrateTo: '006-search-tokens' });
});
afterAll(async () => db?.drop());

const now = '2026-11-01 10:00:00.123';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

async function insertAt006(): Promise<void> {
  const q = (sql: string, replacements: unknown[]) => db.sequelize.query(sql, { replacements });
  const users: Array<[number, string, string | null]> = [
    [1, 'manager', 'Maison Demo'],
    [2, 'recruiter', null], // in Maison Demo's list
    [3, 'manager', 'Fournil Rhône'], // publishes an offer typed "Maison Demo"
    [4, 'recruiter', null], // in nobody's list
  ];
  for (const [n, profile, customer] of users) {
    await q('INSERT INTO users (id, email, name, profile, customer_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      id(n),
      `u${n}@example.test`,
      `User ${n}`,
      profile,
      customer,
      now,
      now,
    ]);
  }
  await q('INSERT INTO manager_recruiters (manager_id, recruiter_id, created_at) VALUES (?, ?, ?), (?, ?, ?)', [id(1), id(1), now, id(1), id(2), now]);
  const offers: Array<[number, string, number]> = [
    [1, 'AAAA11', 2],
    [2, 'BBBB22', 3],
    [3, 'CCCC33', 4],
    [4, 'DDDD44', 1],
  ];
  for (const [n, code, recruiter] of offers) {
    await q(
      `INSERT INTO offers (id, job_code, recruiter_id, title, company_name, company_hash, description, state, created_at, updated_at)
       VALUES (?, ?, ?, 'Vendeur', 'Maison Demo', 'Maison Demo', 'Vente.', 'available', ?, ?)`,
      [n, code, id(recruiter), now, now],
    );
  }
}

const hashes = async () =>
  (await db.sequelize.query<{ job_code: string; company_hash: string | null }>('SELECT job_code, company_hash FROM offers ORDER BY id', { type: QueryTypes.SELECT })).map((o) => [
    o.job_code,
    o.company_hash,
  ]);

describe('migration 007 on existing offers', () => {
  it("sets each offer's company from its recruiter's account, and goes down and up again", async () => {
    await insertAt006();
    await createMigrator(db.sequelize).up();
    expect(await hashes()).toEqual([
      ['AAAA11', 'Maison Demo'],
      ['BBBB22', 'Fournil Rhône'],
      ['CCCC33', null],
      ['DDDD44', 'Maison Demo'],
    ]);
    await createMigrator(db.sequelize).down({ to: '007-offer-company-from-account' });
    expect((await hashes()).every(([, h]) => h === 'Maison Demo')).toBe(true);
    await createMigrator(db.sequelize).up();
    expect((await hashes())[1]).toEqual(['BBBB22', 'Fournil Rhône']);
  });
});
