// Issue 10, finding 4: on a MariaDB whose default character set is latin1 (stock MariaDB) accented
// and non-Latin-1 text answered 500 ("Incorrect string value"), and so did a console filter with
// "é" ("Illegal mix of collations"). The database here is created CHARACTER SET latin1; the
// tables must still be utf8mb4, the text cases must answer 2xx and read back unchanged, migration
// 009 must convert tables an older release created latin1, and the start check must refuse a
// latin1 table. MariaDB only (the api-mariadb project: vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { QueryTypes } from 'sequelize';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/db.js';
import { bearer } from '../helpers/auth.js';
import { makeOffer, makeUser, offerForm } from '../helpers/fixtures.js';
import { CustomLanding, LandingInterest, User, type Offer } from '../../models/index.js';
import { openDatabase } from '../../models/boot.js';
import { createMigrator } from '../../models/migrator.js';
import { charsetProblems, convertTables } from '../../models/charset.js';

const TEXTS = ['Łódź 東京 😀', 'Zoë Lefèvre-Æsir', 'Ñandú ß €', 'Привет мир', '👩🏽‍💻 🇫🇷'];

let ctx: TestContext;
let staff: { Authorization: string };
let offer: Offer;
beforeAll(async () => {
  ctx = await createTestContext({}, { database: { latin1: true } });
  staff = await bearer(await makeUser({ profile: 'recruiter', is_admin: true }));
  offer = await makeOffer(await makeUser({ profile: 'recruiter' }));
});
afterAll(async () => ctx?.close());

describe('a database created CHARACTER SET latin1', () => {
  it('gets utf8mb4 tables and connection from the migrations', async () => {
    const [db] = await ctx.db.sequelize.query<{ cs: string }>('SELECT @@character_set_database AS cs', { type: QueryTypes.SELECT });
    expect(db.cs).toBe('utf8mb4'); // migration 009 also moved the database's default
    expect(await charsetProblems(ctx.db.sequelize)).toEqual([]);
  });

  it('stores and reads back accents, emoji and non-Latin-1 text through the API (2xx)', async () => {
    for (const [i, text] of TEXTS.entries()) {
      const email = `texte.${i}@example.fr`;
      const interest = await request(ctx.app)
        .post('/apis/submit-interest')
        .send({ job_code: offer.job_code, email, phone_number: '+33 6 12 34 56 78', firstname: text, lastname: text, accept_cgu: true });
      expect(interest.status, JSON.stringify(interest.body)).toBe(201);
      expect((await LandingInterest.findOne({ where: { email } }))!.firstname).toBe(text);

      const user = await makeUser();
      const auth = await bearer(user);
      const saved = await request(ctx.app).patch('/apis/auth/me').set(auth).send({ name: text });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await request(ctx.app).get('/apis/auth/me').set(auth)).body.user?.name ?? (await User.findByPk(user.id))!.name).toBe(text);

      const landing = await request(ctx.app)
        .post('/apis/console/custom-landings')
        .set(staff)
        .send({ identifier: `texte-${i}-landing`, name: text });
      expect(landing.status, JSON.stringify(landing.body)).toBe(201);
      expect((await CustomLanding.findByPk(landing.body.id))!.name).toBe(text);

      const edited = await request(ctx.app)
        .put(`/apis/console/offers/${offer.id}`)
        .set(staff)
        .send({ title: `Vendeur ${text}` });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);

      const draft = await request(ctx.app)
        .post('/apis/draft-offer')
        .set(staff)
        .send({ ...offerForm(), title: text, description: `${text} — description` });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    }
  });

  it('filters console lists with "é" and non-Latin-1 text (2xx, and finds them)', async () => {
    await makeUser({ name: 'Élodie Éclair' });
    for (const q of ['é', 'Éclair', 'élodie', '東京', '😀']) {
      for (const resource of ['users', 'offers', 'custom-landings']) {
        const res = await request(ctx.app)
          .get(`/apis/console/${resource}`)
          .query({ filter: JSON.stringify({ q, show_closed: true }), range: '[0,24]', sort: '["id","DESC"]' })
          .set(staff);
        expect(res.status, `${resource} q=${q}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    }
    const found = await request(ctx.app)
      .get('/apis/console/users')
      .query({ filter: JSON.stringify({ q: 'éclair', show_closed: true }), range: '[0,24]' })
      .set(staff);
    expect(found.body.map((u: { name: string }) => u.name)).toContain('Élodie Éclair');
  });

  it('refuses to start when a table is not utf8mb4, naming it', async () => {
    await ctx.db.sequelize.query('CREATE TABLE legacy_notes (id INT PRIMARY KEY, body VARCHAR(40)) CHARACTER SET latin1');
    try {
      const opening = openDatabase({ database: ctx.db.database });
      await expect(opening).rejects.toThrow(/table legacy_notes \(latin1_swedish_ci\)/);
      await expect(opening).rejects.toThrow(/column legacy_notes\.body \(latin1\)/);
      await expect(opening).rejects.toMatchObject({ name: 'DatabaseCharsetError' });
    } finally {
      await ctx.db.sequelize.query('DROP TABLE legacy_notes');
    }
  });
});

describe('migration 009', () => {
  it('converts the tables an older release created latin1, keeping their text', async () => {
    const old = await createTestDatabase({ latin1: true, migrateTo: '007-offer-company-from-account' });
    try {
      const q = (sql: string) => old.sequelize.query(sql);
      // As the tables were before: latin1, like the database's default at the time.
      const tables = await old.sequelize.query<{ name: string }>("SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'", {
        type: QueryTypes.SELECT,
      });
      await convertTables(
        old.sequelize,
        tables.map((t) => t.name),
        'latin1',
        'latin1_swedish_ci',
      );
      await q("INSERT INTO users (id, email, name, profile, created_at, updated_at) VALUES ('u-009', 'zoe@example.test', 'Zoé Lefèvre', 'candidate', NOW(), NOW())");
      expect((await charsetProblems(old.sequelize)).length).toBeGreaterThan(tables.length);

      await createMigrator(old.sequelize).up();
      expect(await charsetProblems(old.sequelize)).toEqual([]);
      const [zoe] = await old.sequelize.query<{ name: string }>("SELECT name FROM users WHERE id = 'u-009'", { type: QueryTypes.SELECT });
      expect(zoe.name).toBe('Zoé Lefèvre');
      await q("UPDATE users SET name = 'Łódź 東京 😀' WHERE id = 'u-009'");
      const [after] = await old.sequelize.query<{ name: string }>("SELECT name FROM users WHERE id = 'u-009'", { type: QueryTypes.SELECT });
      expect(after.name).toBe('Łódź 東京 😀');
    } finally {
      await old.drop();
    }
  });
});
