// Search in the console lists (decision 300): text found anywhere inside the words (three letters or
// more; a shorter word at a word's start), through the token tables, with the list's filters, order,
// count and keyset pages exactly as without a search; the tokens follow every change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { makeApplication, makeLead, makeOffer, makeShop, makeUser, makeWishlistEntry } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { Offer, User, boundSequelize } from '../../models/index.js';
import { WORDS_MAX, fold, userWords, wordsOf } from '../../models/search/tokens.js';
import { parseSearch, phoneQueryDigits, searchWalk } from '../../models/search/query.js';
import { USER_SEARCH } from '../../models/search/specs.js';
import { phoneSearchDigits } from '../../models/rules/phone.js';
import { expectSearchIndexTrue } from '../helpers/search-index.js';
import { dialect } from '../helpers/db.js';

let ctx: TestContext;
let auth: { Authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  auth = await bearer(await makeUser({ profile: 'recruiter', is_admin: true }));
});
afterAll(async () => ctx?.close());

const list = (resource: string, filter: Record<string, unknown>, range: [number, number] = [0, 99]) =>
  request(ctx.app)
    .get(`/apis/console/${resource}`)
    .query({ filter: JSON.stringify(filter), range: JSON.stringify(range), sort: JSON.stringify(['created_at', 'DESC']) })
    .set(auth);
const ids = (res: request.Response) => res.body.map((r: { id: string | number }) => r.id);
const total = (res: request.Response) => Number(String(res.headers['content-range']).split('/')[1]);
const tokenCount = async (table: string, key: string, id: string | number) =>
  Number((await boundSequelize().query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${key} = ?`, { replacements: [id], type: 'SELECT' as never }))[0].n);

describe('users search', () => {
  const FIRST = ['Jean', 'Jeanne', 'Zoé', 'Élodie', 'Li'];
  const LAST = ['Martin', 'Martinez', 'Dupont', 'Nguyen'];
  let people: User[] = [];

  beforeAll(async () => {
    // A small population whose names share prefixes, spread over dates, counters and closed states.
    const now = Date.now();
    for (let i = 0; i < 40; i++) {
      const first = FIRST[i % FIRST.length];
      const last = LAST[(i * 7) % LAST.length];
      const u = await makeUser({ profile: i % 10 === 9 ? 'recruiter' : 'candidate', name: `${first} ${last}`, email: `${fold(first)}.${fold(last)}${i}@acme-${i % 3}.test` });
      await User.update(
        { created_at: new Date(now - i * 5 * 86400_000), phone: `06${String(10_000_000 + i * 37).slice(-8)}`, closed_at: i % 11 === 3 ? new Date() : null, is_migration: i % 4 === 0 },
        { where: { id: u.id }, silent: true },
      );
      people.push(u);
    }
    people = await User.findAll({ where: { id: people.map((p) => p.id) } });
  });

  /** What the list must answer, computed here from the records. */
  const expected = (pred: (u: User) => boolean) =>
    people
      .filter(pred)
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1))
      .map((u) => u.id);
  /** The rule, computed here from the records: three letters or more anywhere inside a word, shorter at a word's start. */
  const matches = (u: User, w: string) => [...wordsOf(u.name), ...wordsOf(u.email), phoneSearchDigits(u.phone)].some((x) => (w.length >= 3 ? x.includes(w) : x.startsWith(w)));
  const hasPrefix = matches;

  it('finds text inside names, emails and phones, accents and case aside, all words required', async () => {
    for (const [q, words] of [
      ['mart', ['mart']],
      ['artin', ['artin']],
      ['TINEZ', ['tinez']],
      ['eann', ['eann']],
      ['lodi', ['lodi']],
      ['Élo', ['elo']],
      ['jean upon', ['jean', 'upon']],
      ['li', ['li']],
      ['cme-1', ['cme', '1']],
      ['0370', ['0370']],
    ] as const) {
      const res = await list('users', { profile: 'candidate', q, show_closed: true });
      expect(res.status).toBe(200);
      const want = expected((u) => u.profile === 'candidate' && words.every((w) => matches(u, w)));
      expect(want.length, q).toBeGreaterThan(0);
      expect(ids(res), q).toEqual(want);
      expect(total(res), q).toBe(want.length);
    }
    // A short word matches at a word's start only: "ar" is inside Martin but starts no word.
    expect(ids(await list('users', { profile: 'candidate', q: 'ar', show_closed: true }))).toEqual([]);
  });

  it('finds "langer" inside Boulangerie, and never a record that only has the same three-letter sequences', async () => {
    const baker = await makeUser({ profile: 'candidate', name: 'Sophie Boulangerie', email: 'sophie.b@pain.test' });
    // lan, ang, nge and ger are all in this record, but not "langer".
    const decoy = await makeUser({ profile: 'candidate', name: 'Hans Lange', email: 'gerard.l@pain.test' });
    const find = async (q: string) => ids(await list('users', { profile: 'candidate', q }));
    expect(await find('langer')).toEqual([baker.id]);
    expect(await find('LANGÉR')).toEqual([baker.id]);
    expect((await find('lange')).sort()).toEqual([decoy.id, baker.id].sort());
    expect(await find('ngerie')).toEqual([baker.id]);
    expect(await find('langerz')).toEqual([]);
  });

  it('finds "0612" inside a phone number stored in its international form', async () => {
    const u = await makeUser({ profile: 'candidate', name: 'Phone Owner', email: 'phone.owner@calls.test', phone: '+33612905871' });
    const other = await makeUser({ profile: 'candidate', name: 'Other Phone', email: 'other.phone@calls.test', phone: '+33701234567' });
    const find = async (q: string) => ids(await list('users', { profile: 'candidate', q }));
    for (const q of ['0612', '06 12', '+33 6 12', '9058', '12 90 58', '0612905871', '+33612905871', '0033 6 12 90']) expect(await find(q), q).toEqual([u.id]);
    // "0123" is inside 0701234567 only.
    expect(await find('0123')).toEqual([other.id]);
    expect(await find('0612 owner')).toEqual([u.id]);
    expect(await find('0612 other')).toEqual([]);
  });

  it('answers odd search texts with the right rows or a clear 400, never a 500', async () => {
    const res = (q: string) => list('users', { profile: 'candidate', q, show_closed: true });
    for (const q of ['%', '_', '%%%', '_a_', "'; DROP TABLE users; --", '\\', '*', '"', '🙂', '@', 'a@b', '%@%', '06%12', 'x'.repeat(200), 'ab '.repeat(60)]) {
      const r = await res(q);
      expect(r.status, q).toBe(200);
      expect(Array.isArray(r.body), q).toBe(true);
    }
    // Wildcards are plain characters: they find nobody, not everybody.
    for (const q of ['%', '_', '%%%', '%@%']) expect(total(await res(q)), q).toBe(0);
    expect(ids(await res('jean%'))).toEqual(ids(await res('jean')));
    const tooLong = await res('x'.repeat(201));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ error: 'invalid_filter', details: { field: 'q' } });
  });

  it('applies the list filters to the search exactly as to the plain list', async () => {
    const since = new Date(Date.now() - 60 * 86400_000).toISOString().slice(0, 10);
    const res = await list('users', { profile: 'candidate', q: 'martin', created_gte: since, hide_migrated: true });
    const want = expected((u) => u.profile === 'candidate' && hasPrefix(u, 'martin') && u.created_at >= new Date(`${since}T00:00:00Z`) && !u.is_migration && !u.closed_at);
    expect(ids(res)).toEqual(want);
    const recruiters = await list('users', { profile: 'recruiter', q: 'jean', show_closed: true });
    expect(ids(recruiters)).toEqual(expected((u) => u.profile === 'recruiter' && hasPrefix(u, 'jean')));
  });

  it('pages a search with the keyset cursor, continuing where the offset page ended', async () => {
    const all = ids(await list('users', { profile: 'candidate', q: 'jea', show_closed: true }));
    expect(all.length).toBeGreaterThan(6);
    const first = await list('users', { profile: 'candidate', q: 'jea', show_closed: true }, [0, 2]);
    const last = first.body[2];
    const next = await list('users', { profile: 'candidate', q: 'jea', show_closed: true, after: `${last.created_at}|${last.id}` }, [3, 5]);
    expect([...ids(first), ...ids(next)]).toEqual(all.slice(0, 6));
  });

  it('finds a phone number in any common writing, an email by any part, a domain, and an id', async () => {
    const p = people.find((u) => u.profile === 'candidate' && u.closed_at === null)!;
    const national = p.phone!;
    const spaced = national.replace(/(\d\d)(?=\d)/g, '$1 ');
    const intl = `+33 ${national.slice(1)}`;
    for (const q of [national, spaced, intl, national.slice(0, 6)]) {
      expect(ids(await list('users', { profile: 'candidate', q, show_closed: true })), q).toContain(p.id);
    }
    expect(ids(await list('users', { profile: 'candidate', q: p.email.slice(0, p.email.indexOf('@') + 3), show_closed: true }))).toEqual([p.id]);
    // Inside the address: from the middle of the local part to the middle of the domain.
    expect(ids(await list('users', { profile: 'candidate', q: p.email.slice(2, p.email.indexOf('@') + 4).toUpperCase(), show_closed: true }))).toEqual([p.id]);
    const domain = await list('users', { profile: 'candidate', q: 'acme', show_closed: true });
    expect(total(domain)).toBe(people.filter((u) => u.profile === 'candidate').length);
    expect(ids(await list('users', { profile: 'candidate', q: p.id.toUpperCase(), show_closed: true }))).toEqual([p.id]);
    expect(ids(await list('users', { profile: 'candidate', q: '%_', show_closed: true }))).toEqual([]);
  });

  it('matches the words of a search in any field and any order, short words whole', async () => {
    const u = await makeUser({ profile: 'candidate', name: 'Anne Bo', email: 'compta.x@zeta-corp.test' });
    const find = async (q: string) => ids(await list('users', { profile: 'candidate', q }));
    for (const q of ['anne zeta', 'ZETA anne', 'bo compta', 'corp anne bo', 'comp ann', 'ann mpt', 'b anne', 'orp eta']) expect(await find(q), q).toEqual([u.id]);
    for (const q of ['anne zetas', 'o anne', 'anne xylo']) expect(await find(q), q).toEqual([]);
  });

  it('follows renames, closes, counters and deletes', async () => {
    const u = await makeUser({ profile: 'candidate', name: 'Quentin Zanzibar', email: 'qz.candidate@example.test' });
    const find = async (q: string, extra: Record<string, unknown> = {}) => ids(await list('users', { profile: 'candidate', q, ...extra }));
    expect(await find('anzib')).toEqual([u.id]);
    // Renamed through the console: the old words are gone, the new ones found.
    expect((await request(ctx.app).put(`/apis/console/users/${u.id}`).set(auth).send({ name: 'Quentin Xylophone' })).status).toBe(200);
    expect(await find('anzib')).toEqual([]);
    expect(await find('lophon')).toEqual([u.id]);
    // A counter change: with applications 0-0 the candidate drops out once they apply.
    const range = { applications_count_gte: 0, applications_count_lte: 0 };
    expect(await find('xylo', range)).toEqual([u.id]);
    const recruiter = await makeUser({ profile: 'recruiter' });
    await makeApplication(u.id, await makeOffer(recruiter.id));
    expect(await find('xylo', range)).toEqual([]);
    expect(await find('xylo', { applications_count_gte: 1, applications_count_lte: 5 })).toEqual([u.id]);
    // Closed ("Classer"): hidden unless show_closed.
    expect((await request(ctx.app).post(`/apis/console/users/${u.id}/close`).set(auth)).status).toBe(200);
    expect(await find('xylo')).toEqual([]);
    expect(await find('xylo', { show_closed: true })).toEqual([u.id]);
    // Deleted: its token rows go with it.
    expect(await tokenCount('user_search_tokens', 'user_id', u.id)).toBeGreaterThan(0);
    expect((await request(ctx.app).delete(`/apis/console/users/${u.id}`).set(auth)).status).toBe(200);
    expect(await tokenCount('user_search_tokens', 'user_id', u.id)).toBe(0);
    await expectSearchIndexTrue();
  });
});

describe('address and phone searches (issue 24)', () => {
  // Addresses ending like "jean.dupont12" before their '@', and many that only share its words and
  // sequences ("jean.dupont12<n>@example.test"): the sequences' walk reads all of them, the range
  // of address keys only the first.
  const NOISE = 80;
  const TARGETS = ['jean.dupont12@example.test', 'ajean.dupont12@example.test', 'x.jean.dupont12@exam.fr', 'jean.dupont12@exb.test', 'jean-dupont12@example.test'];
  beforeAll(async () => {
    for (const email of TARGETS) await makeUser({ profile: 'candidate', email, name: 'Address Target' });
    await makeUser({ profile: 'recruiter', email: 'rh.jean.dupont12@example.test', name: 'Address Recruiter' });
    for (let i = 0; i < NOISE; i++) await makeUser({ profile: 'candidate', email: `jean.dupont12${i}@example.test`, name: 'Address Noise', phone: `06${String(10_120_000 + i * 7).slice(-8)}` });
  });

  /** The answer of a real substring search, computed here on every user of the database. */
  const truth = async (profile: string, keep: (u: { email: string; name: string; phone: string | null }) => boolean) =>
    (await User.findAll({ where: { profile }, attributes: ['id', 'email', 'name', 'phone'], raw: true }))
      .filter(keep)
      .map((u) => u.id)
      .sort();
  const found = async (profile: string, q: string) => {
    const res = await list('users', { profile, q, show_closed: true }, [0, 499]);
    expect(res.status, q).toBe(200);
    expect(total(res), q).toBe(res.body.length);
    return ids(res).sort();
  };

  it('finds exactly the addresses that contain the typed text, through the address keys or the sequences', async () => {
    for (const q of [
      'jean.dupont12@exa',
      'JEAN.DUPONT12@EXAMPLE.TEST',
      'n.dupont12@',
      'dupont12@exam',
      'an.dupont125@example',
      'ont1279@',
      '12@example.test',
      '2@exa',
      '@exam.fr',
      '-dupont12@e',
      'jean.dupont12@exb',
      'zjean.dupont12@exa',
    ]) {
      for (const profile of ['candidate', 'recruiter']) {
        const want = await truth(profile, (u) => u.email.toLowerCase().includes(q.toLowerCase()));
        expect(await found(profile, q), `${profile} ${q}`).toEqual(want);
      }
    }
    expect((await found('candidate', 'jean.dupont12@exa')).length).toBe(3);
    expect((await found('recruiter', 'jean.dupont12@exa')).length).toBe(1);
  });

  it('walks the range of address keys for an address typed from the end of its part before the @', async () => {
    const search = parseSearch('jean.dupont12@exa');
    expect(search).toMatchObject({ kind: 'terms', emailKey: '@21tnopud.naej' });
    if (search.kind !== 'terms') throw new Error(search.kind);
    const walk = await searchWalk(boundSequelize(), USER_SEARCH, search.terms, { profile: 'candidate' }, search.emailKey);
    expect(walk).toEqual({ range: dialect === 'sqlite' ? { op: 'GLOB', pattern: '@21tnopud.naej*' } : { op: 'LIKE', pattern: '@21tnopud.naej%' } });
  });

  it.runIf(dialect === 'mysql')('reads a few rows for it where the sequences read every noise address (InnoDB handler reads, as bench:admin counts them)', async () => {
    const sequelize = boundSequelize();
    const options = (sequelize as unknown as { options: { logging: unknown } }).options;
    const readFor = async (q: string) => {
      const captured: string[] = [];
      const before = options.logging;
      options.logging = (sql: string) => captured.push(sql.replace(/^Executing \([^)]*\): /, ''));
      try {
        expect((await list('users', { profile: 'candidate', q })).status).toBe(200);
      } finally {
        options.logging = before;
      }
      const reads = captured.filter((sql) => /^\s*SELECT/i.test(sql));
      expect(
        reads.some((sql) => sql.includes('user_search_tokens')),
        q,
      ).toBe(true);
      return sequelize.transaction(async (t) => {
        await sequelize.query('FLUSH STATUS', { transaction: t });
        for (const sql of reads) await sequelize.query(sql, { transaction: t, type: 'SELECT' as never });
        const status = await sequelize.query<{ Value: string }>("SHOW SESSION STATUS LIKE 'Handler_read%'", { transaction: t, type: 'SELECT' as never });
        return status.reduce((n, r) => n + Number(r.Value), 0);
      });
    };
    // The address: its key's range (5 rows, read by the page and the count with their address
    // checks) and the request's other reads (session, cards), not the 80 noise rows.
    const address = await readFor('jean.dupont12@exa');
    // The same words without the '@' walk a sequence: every noise address is read by the count.
    const words = await readFor('jean dupont12 exa');
    expect(address).toBeLessThan(NOISE);
    expect(words - address).toBeGreaterThan(NOISE);
  });

  it('finds exactly the numbers that contain the typed digits, in any writing', async () => {
    for (const q of ['0610 12', '06 10 12 00', '+33 6 10 12', '0033 610 120 0', '12 00 2', '101', '0612 0']) {
      const digits = phoneQueryDigits(q);
      const want = await truth('candidate', (u) => userWords(u).some((w) => w.includes(digits)));
      expect(await found('candidate', q), q).toEqual(want);
    }
    expect((await found('candidate', '0610 12')).length).toBeGreaterThanOrEqual(NOISE);
  });
});

describe('wishlist view', () => {
  it('lists candidates with pending wishlist entries, of one offer if asked, with the entries on the card', async () => {
    const recruiter = await makeUser({ profile: 'recruiter' });
    const o1 = await makeOffer(recruiter.id, { title: 'Fleuriste' });
    const o2 = await makeOffer(recruiter.id, { title: 'Primeur' });
    const [a, b, c] = [await makeUser({ name: 'Wanda Wish' }), await makeUser({ name: 'Walter Wish' }), await makeUser({ name: 'Wendy Nowish' })];
    await makeWishlistEntry(a, o1, 'pending');
    await makeWishlistEntry(b, o2, 'pending');
    await makeWishlistEntry(c, o1, 'done');
    const view = await list('users', { profile: 'candidate', wishlist_pending: true, q: 'wish' });
    expect(ids(view).sort()).toEqual([a.id, b.id].sort());
    const card = view.body.find((u: { id: string }) => u.id === a.id);
    expect(card.wishlist_pending_count).toBe(1);
    expect(card.wishlist).toEqual([expect.objectContaining({ job_code: o1.job_code, title: 'Fleuriste', state: 'pending' })]);
    expect(ids(await list('users', { profile: 'candidate', wishlist_pending: true, wishlist_job_code: o1.job_code.toLowerCase() }))).toEqual([a.id]);
    expect(ids(await list('users', { profile: 'candidate', wishlist_pending: true, wishlist_job_code: o2.job_code }))).toEqual([b.id]);
  });
});

describe('offers search', () => {
  it('finds offers by title, company, city, zip code and job code, and follows edits and merges', async () => {
    const r1 = await makeUser({ profile: 'recruiter', name: 'Rita Une' });
    const r2 = await makeUser({ profile: 'recruiter', name: 'Rémi Deux' });
    const o1 = await makeOffer(r1.id, { title: 'Pâtissier confirmé', company_name: 'Fournil Éloi', city: 'Roubaix' });
    const o2 = await makeOffer(r2.id, { title: 'Pâtissière', company_name: 'Maison Tartine', city: 'Lille' });
    const find = async (q: string, extra: Record<string, unknown> = {}) => ids(await list('offers', { q, ...extra }));
    expect((await find('patiss')).sort()).toEqual([o1.id, o2.id].sort());
    expect(await find('eloi')).toEqual([o1.id]);
    expect(await find('roub')).toEqual([o1.id]);
    expect(await find(o2.job_code.toLowerCase())).toEqual([o2.id]);
    expect((await find('59000')).sort()).toEqual(expect.arrayContaining([o1.id, o2.id]));
    expect(await find('patiss', { recruiter_id: r2.id })).toEqual([o2.id]);
    expect(await find('patiss', { state: 'closed' })).toEqual([]);
    // A recruiter's own search sees only their offers.
    const mine = await request(ctx.app)
      .get('/apis/console/offers')
      .query({ filter: JSON.stringify({ q: 'patiss' }) })
      .set(await bearer(r1));
    expect(ids(mine)).toEqual([o1.id]);
    // Edited: the new title is found, the state filter follows.
    expect((await request(ctx.app).put(`/apis/console/offers/${o2.id}`).set(auth).send({ title: 'Chocolatière', state: 'closed' })).status).toBe(200);
    expect(await find('patiss')).toEqual([o1.id]);
    expect(await find('chocol', { state: 'closed' })).toEqual([o2.id]);
    // r1 merged into r2: r1's offer is now searched under r2.
    expect((await request(ctx.app).post(`/apis/console/users/${r2.id}/substitute`).set(auth).send({ user: r1.id })).status).toBe(200);
    expect(await find('patiss', { recruiter_id: r2.id })).toEqual([o1.id]);
    expect((await Offer.findByPk(o1.id))!.recruiter_id).toBe(r2.id);
    await Offer.destroy({ where: { id: o1.id } });
    expect(await tokenCount('offer_search_tokens', 'offer_id', o1.id)).toBe(0);
    await expectSearchIndexTrue();
  });

  it('finds a word inside the description, "langer" inside a company, and follows description edits', async () => {
    const r = await makeUser({ profile: 'recruiter', name: 'Desc Owner' });
    const baker = await makeOffer(r.id, { title: 'Vendeur', company_name: 'Boulangerie Sarrazin', description: 'Accueil des clients et mise en rayon.' });
    const florist = await makeOffer(r.id, { title: 'Vendeur', company_name: 'Fleurs du Nord', description: 'Composition de bouquets, conseil en décoration florale.' });
    // Every sequence of "langer" is in this description's words (lange, berger), not "langer" itself.
    const decoy = await makeOffer(r.id, { title: 'Vendeur', company_name: 'Ferme Sud', description: 'Élevage de moutons: lange, berger, agneaux.' });
    const find = async (q: string) => ids(await list('offers', { q, recruiter_id: r.id }));
    expect(await find('langer')).toEqual([baker.id]);
    expect(await find('bouquet')).toEqual([florist.id]);
    expect(await find('DÉCOR')).toEqual([florist.id]);
    expect(await find('oration flor')).toEqual([florist.id]);
    expect(await find('vendeur rayon')).toEqual([baker.id]);
    expect((await find('lange')).sort()).toEqual([baker.id, decoy.id].sort());
    // A description too long for the token rows is searched in the side table, to its last word.
    const long = `${'Missions variées en magasin. '.repeat(40)}Permis poids lourd apprécié.`;
    expect(long.length).toBeGreaterThan(WORDS_MAX);
    const trucker = await makeOffer(r.id, { title: 'Magasinier', company_name: 'Dépôt Est', description: long });
    expect(await find('poids lour')).toEqual([trucker.id]);
    expect(await find('magasin')).toEqual([trucker.id]);
    await expectSearchIndexTrue();
    // Edited: the old description's words are gone, the new ones found.
    expect((await request(ctx.app).put(`/apis/console/offers/${florist.id}`).set(auth).send({ description: 'Préparation des commandes en chambre froide.' })).status).toBe(200);
    expect(await find('bouquet')).toEqual([]);
    expect(await find('chambre froid')).toEqual([florist.id]);
    expect((await request(ctx.app).put(`/apis/console/offers/${trucker.id}`).set(auth).send({ description: 'Court.' })).status).toBe(200);
    expect(await find('poids')).toEqual([]);
    expect(await find('court')).toEqual([trucker.id]);
    await expectSearchIndexTrue();
    await Offer.destroy({ where: { id: [baker.id, florist.id, decoy.id, trucker.id] } });
    expect(await tokenCount('offer_search_tokens', 'offer_id', trucker.id)).toBe(0);
    await expectSearchIndexTrue();
  });
});

describe('declared searches (shops, leads, custom landings)', () => {
  it('find text anywhere in their columns (leads: at a start), wildcards taken literally', async () => {
    const manager = await makeUser({ profile: 'manager' });
    const shop = await makeShop(manager, { shopname: 'Boulangerie du Port' });
    const promo = await makeShop(manager, { shopname: 'Promo 50%_off' });
    const findShops = async (q: string) => ids(await list('shops', { q, manager_id: manager.id }));
    expect(await findShops('LANGER')).toEqual([shop.id]);
    expect(await findShops('du po')).toEqual([shop.id]);
    expect(await findShops('50%_')).toEqual([promo.id]);
    expect(await findShops('%')).toEqual([promo.id]);
    expect(await findShops('0_o')).toEqual([]);
    const lead = await makeLead({ lastname: 'Vandenbroucke', phone_number: '0698765432', job_code: 'ZQW77' });
    const findLeads = async (q: string) => ids(await list('landings', { q }));
    // Leads: the start of a column (decision 300: a contains check read every lead at a million users).
    expect(await findLeads('vandenbr')).toEqual([lead.id]);
    expect(await findLeads('069876')).toEqual([lead.id]);
    expect(await findLeads('zqw')).toEqual([lead.id]);
    expect(await findLeads('denbrou')).toEqual([]);
    const res = await list('landings', { q: "'; --" });
    expect(res.status).toBe(200);
  });
});
