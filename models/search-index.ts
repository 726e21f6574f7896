// "Contains" search on ordinary B-tree indexes (docs/decisions/300-contains-search-trigrams.md,
// superseding 065). Each user and offer has one row per searchable token: every three-letter
// sequence inside each word of its texts (users: name, email, phone; offers: job code, title,
// company, city, zip code, description), and each word's first one and two letters, all folded to
// lowercase without accents. The rows also carry the columns the console lists filter and sort on,
// and the record's whole folded text (`words`), so a search walks `token = ?` in list order like
// any other filter, and checks the real substrings on the same row. A record whose text is too
// long for a row (an offer's description) keeps it once in a side table, read only for that
// record. Written here, read by api/console/.
import { phoneSearchDigits } from './rules/phone.js';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { User } from './user.model.js';
import { Offer } from './offer.model.js';
import { sqlDate, type Dialect } from './columns.js';
// A cycle (index.ts installs these hooks), used only at run time.
import { transaction } from './transaction.js';

/** The length of the stored sequences: a searched word of this length or more is found anywhere inside a word. */
export const GRAM = 3;
/** A searched word is compared on its first 64 characters at most (the filter's text is 200 at most). */
export const TERM_MAX = 64;
/** Searched words kept from a search box's text (all required). */
export const TERMS_MAX = 8;

/** Lowercase without accents: what stored texts and searched words both go through. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export function wordsOf(text: string | null | undefined): string[] {
  return text
    ? fold(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
    : [];
}

/** A record's searchable words, folded, without repeats, in the order of its fields. */
function distinctWords(texts: Array<string | null | undefined>): string[] {
  const out = new Set<string>();
  for (const text of texts) for (const w of wordsOf(text)) out.add(w);
  return [...out];
}

/** Every sequence of GRAM characters inside a word (none for a shorter word). */
export function gramsOf(word: string): string[] {
  const chars = Array.from(word);
  const out = new Set<string>();
  for (let i = 0; i + GRAM <= chars.length; i++) out.add(chars.slice(i, i + GRAM).join(''));
  return [...out];
}

/** The stored tokens of a record's words: each word's sequences of three, and its first one and two characters. */
export function tokensOf(words: string[]): string[] {
  const out = new Set<string>();
  for (const word of words) {
    const chars = Array.from(word);
    for (let k = 1; k < GRAM && k <= chars.length; k++) out.add(chars.slice(0, k).join(''));
    for (const g of gramsOf(word)) out.add(g);
  }
  return [...out];
}

/**
 * A user's searchable words: the name's, the email's (local part and every domain label), and the
 * phone number's digits (French international forms in national form: +33 6 12.. is 0612..).
 */
export function userWords(u: { name?: string | null; email?: string | null; phone?: string | null }): string[] {
  return distinctWords([u.name, u.email, phoneSearchDigits(u.phone)]);
}

export function offerWords(o: {
  job_code?: string | null;
  title?: string | null;
  company_name?: string | null;
  city?: string | null;
  zip_code?: string | null;
  description?: string | null;
}): string[] {
  return distinctWords([o.job_code, o.title, o.company_name, o.city, o.zip_code, o.description]);
}

/**
 * The `words` column of a token row: the record's words between spaces (" jean martin 0612345678 "),
 * so `LIKE '%arti%'` is "a word contains arti" and `LIKE '% li%'` is "a word starts with li". A text
 * longer than WORDS_MAX is not repeated on every row: the rows hold '' and the text is stored once
 * in the side table.
 */
export const WORDS_MAX = 640;
export function wordsText(words: string[]): string {
  return ` ${words.join(' ')} `;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/**
 * One searched word: the LIKE pattern the record's text must match, and the tokens any matching
 * record has (each one alone is a necessary condition: the search walks the rarest).
 */
export interface SearchTerm {
  pattern: string;
  tokens: string[];
}

export type SearchQuery =
  | { kind: 'id'; id: string }
  /** Every term must match; an empty list matches nothing. `email`: the address must also contain this text. */
  | { kind: 'terms'; terms: SearchTerm[]; email?: string }
  /** An address too short to hold a word of three characters ("a@b"): its start, on the email index. */
  | { kind: 'emailPrefix'; prefix: string };

/** A word of GRAM characters or more is found inside any word; a shorter one at the start of a word. */
export function termOf(word: string): SearchTerm {
  const w = Array.from(word).slice(0, TERM_MAX).join('');
  return Array.from(w).length >= GRAM ? { pattern: `%${w}%`, tokens: gramsOf(w) } : { pattern: `% ${w}%`, tokens: [w] };
}

/**
 * The digits a typed phone number is searched by: a French international prefix (+33, 0033) read
 * as the trunk 0, as stored numbers are (phoneSearchDigits), whatever the length typed.
 */
export function phoneQueryDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  const intl = /^\s*(\+|00)33/.test(text) ? digits.replace(/^(00)?33/, '') : null;
  return intl !== null ? `0${intl.replace(/^0/, '')}` : digits;
}

/** The terms of a word search: a phone number's digits as one term, or each word (all required). */
export function searchTerms(text: string): SearchTerm[] {
  const q = text.trim();
  if (PHONE_LIKE.test(q) && q.replace(/\D/g, '').length >= GRAM) return [termOf(phoneQueryDigits(q))];
  return [...new Set(wordsOf(q))].slice(0, TERMS_MAX).map(termOf);
}

/**
 * What a user search box's text asks for: a user id, an email (its words of three characters or
 * more as terms, and the address containing the text), or terms (a phone number or words).
 */
export function parseSearch(text: string): SearchQuery {
  const q = text.trim();
  if (UUID.test(q)) return { kind: 'id', id: q.toLowerCase() };
  if (q.includes('@') && !/\s/.test(q)) {
    const terms = [...new Set(wordsOf(q))]
      .filter((w) => Array.from(w).length >= GRAM)
      .slice(0, TERMS_MAX)
      .map(termOf);
    return terms.length ? { kind: 'terms', terms, email: q.toLowerCase() } : { kind: 'emailPrefix', prefix: q.toLowerCase() };
  }
  return { kind: 'terms', terms: searchTerms(q) };
}

/** Candidate tokens whose row counts are estimated: a few of each term, at most this many in all. */
const ESTIMATES_MAX = 12;

/**
 * The token to walk: on MariaDB the one with the fewest rows by the optimizer's estimate (an index
 * dive per candidate: "langer" walks "nge", not every "lan"), elsewhere (small embedded databases)
 * the middle sequence of the longest term. Null when there is no term.
 */
export async function rarestToken(sequelize: Sequelize, spec: IndexSpec, terms: SearchTerm[], eq: Record<string, string> = {}): Promise<string | null> {
  if (!terms.length) return null;
  const longest = [...terms].sort((a, b) => b.pattern.length - a.pattern.length)[0];
  const fallback = longest.tokens[Math.floor(longest.tokens.length / 2)];
  if (sequelize.getDialect() === 'sqlite') return fallback;
  // Round-robin over the terms so that each has a say.
  const candidates = new Set<string>();
  for (let i = 0; candidates.size < ESTIMATES_MAX && terms.some((t) => i < t.tokens.length); i++) {
    for (const t of terms) if (i < t.tokens.length && candidates.size < ESTIMATES_MAX) candidates.add(t.tokens[i]);
  }
  if (candidates.size < 2) return fallback;
  const conds = Object.keys(eq)
    .map((c) => ` AND ${c} = ?`)
    .join('');
  let best = fallback;
  let bestRows = Infinity;
  for (const token of candidates) {
    const [plan] = await sequelize.query<{ rows: number | string }>(`EXPLAIN SELECT 1 FROM ${spec.table} WHERE token = ?${conds}`, {
      replacements: [token, ...Object.values(eq)],
      type: QueryTypes.SELECT,
    });
    const rows = Number(plan?.rows ?? 0);
    if (rows < bestRows) [best, bestRows] = [token, rows];
  }
  return best;
}
// ---------------------------------------------------------------- the stored rows

/** The user columns the console lists filter on, copied into each token row. */
export const USER_LIST_COLUMNS = [
  'profile',
  'created_at',
  'closed_at',
  'is_migration',
  'applications_count',
  'wishlist_count',
  'wishlist_pending_count',
  'contacts_count',
  'offers_count',
  'candidates_count',
] as const;
const USER_TEXT_FIELDS = ['name', 'email', 'phone'];
const USER_INDEXED_FIELDS = new Set<string>([...USER_TEXT_FIELDS, ...USER_LIST_COLUMNS]);

export const OFFER_LIST_COLUMNS = ['created_at', 'recruiter_id', 'state'] as const;
const OFFER_TEXT_FIELDS = ['job_code', 'title', 'company_name', 'city', 'zip_code', 'description'];
const OFFER_INDEXED_FIELDS = new Set<string>([...OFFER_TEXT_FIELDS, ...OFFER_LIST_COLUMNS]);

export interface IndexSpec {
  table: string;
  source: string;
  key: string;
  /** The token table's primary key after `token`: the list order, then the record. */
  keyColumns: readonly string[];
  /** The index on the record key (for rewriting one record's rows; the foreign key needs it too). */
  keyIndex: string;
  /** Columns of the source copied into every token row: what the list filters and sorts on. */
  listColumns: readonly string[];
  /** The record's searchable words (folded), from a row holding `textFields`. */
  words: (row: Record<string, unknown>) => string[];
  textFields: string[];
  /** The side table holding, once per record, a text longer than WORDS_MAX (`key`, `text`). */
  textTable: string;
  /** The key's SQL type (the backfill's staging table). */
  keySql: string;
}

export const USER_SEARCH: IndexSpec = {
  table: 'user_search_tokens',
  source: 'users',
  key: 'user_id',
  keyColumns: ['profile', 'created_at', 'user_id'],
  keyIndex: 'user_search_tokens_user',
  listColumns: USER_LIST_COLUMNS,
  words: userWords,
  textFields: USER_TEXT_FIELDS,
  textTable: 'user_search_texts',
  keySql: 'VARCHAR(36)',
};
export const OFFER_SEARCH: IndexSpec = {
  table: 'offer_search_tokens',
  source: 'offers',
  key: 'offer_id',
  keyColumns: ['created_at', 'offer_id'],
  keyIndex: 'offer_search_tokens_offer',
  listColumns: OFFER_LIST_COLUMNS,
  words: offerWords,
  textFields: OFFER_TEXT_FIELDS,
  textTable: 'offer_search_texts',
  keySql: 'INT',
};

/** The columns of a token row, in the order tokenRows gives them. */
export const tokenColumns = (spec: IndexSpec) => ['token', spec.key, 'words', ...spec.listColumns];

/** Token rows for source rows that hold the text fields, the list columns and `id`. */
export function tokenRows(spec: IndexSpec, rows: Record<string, unknown>[], dialect: Dialect): unknown[][] {
  const out: unknown[][] = [];
  for (const r of rows) {
    const words = spec.words(r);
    const text = wordsText(words);
    const values = [r.id, text.length > WORDS_MAX ? '' : text, ...spec.listColumns.map((c) => (r[c] instanceof Date ? sqlDate(r[c], dialect) : r[c]))];
    for (const token of tokensOf(words)) out.push([token, ...values]);
  }
  return out;
}

/** Side table rows `[key, text]` of the source rows whose text is too long for the token rows. */
export function textRows(spec: IndexSpec, rows: Record<string, unknown>[]): unknown[][] {
  const out: unknown[][] = [];
  for (const r of rows) {
    const text = wordsText(spec.words(r));
    if (text.length > WORDS_MAX) out.push([r.id, text]);
  }
  return out;
}

const INSERT_ROWS = 1000;

async function insertTokenRows(sequelize: Sequelize, spec: IndexSpec, rows: Record<string, unknown>[], t?: Transaction | null, table = spec.table): Promise<void> {
  const values = tokenRows(spec, rows, sequelize.getDialect() === 'sqlite' ? 'sqlite' : 'mysql');
  const columns = tokenColumns(spec);
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < values.length; i += INSERT_ROWS) {
    const part = values.slice(i, i + INSERT_ROWS);
    await sequelize.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${part.map(() => tuple).join(', ')}`, {
      transaction: t ?? undefined,
      replacements: part.flat(),
    });
  }
  const texts = textRows(spec, rows);
  for (let i = 0; i < texts.length; i += INSERT_ROWS) {
    const part = texts.slice(i, i + INSERT_ROWS);
    await sequelize.query(`INSERT INTO ${spec.textTable} (${spec.key}, text) VALUES ${part.map(() => '(?, ?)').join(', ')}`, {
      transaction: t ?? undefined,
      replacements: part.flat(),
    });
  }
}

const sourceColumns = (spec: IndexSpec) => ['id', ...spec.textFields, ...spec.listColumns].join(', ');

async function reindex(spec: IndexSpec, ids: Iterable<string | number>, t?: Transaction | null): Promise<void> {
  const list = [...new Set(ids)];
  const sequelize = User.sequelize!;
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500);
    const marks = chunk.map(() => '?').join(', ');
    const rows = await sequelize.query<Record<string, unknown>>(`SELECT ${sourceColumns(spec)} FROM ${spec.source} WHERE id IN (${marks})`, {
      transaction: t ?? undefined,
      replacements: chunk,
      type: QueryTypes.SELECT,
    });
    await sequelize.query(`DELETE FROM ${spec.table} WHERE ${spec.key} IN (${marks})`, { transaction: t ?? undefined, replacements: chunk });
    await sequelize.query(`DELETE FROM ${spec.textTable} WHERE ${spec.key} IN (${marks})`, { transaction: t ?? undefined, replacements: chunk });
    await insertTokenRows(sequelize, spec, rows, t);
  }
}

/** MariaDB backfill, step 1: each record's folded text (wordsText, the one definition), once per record. */
async function stageTexts(sequelize: Sequelize, spec: IndexSpec, rows: Record<string, unknown>[]): Promise<void> {
  const values = rows.map((r) => {
    const text = wordsText(spec.words(r));
    return [r.id, text, text.length > WORDS_MAX ? 1 : 0];
  });
  for (let i = 0; i < values.length; i += INSERT_ROWS) {
    const part = values.slice(i, i + INSERT_ROWS);
    await sequelize.query(`INSERT INTO ${spec.table}_stage (k, text, is_long) VALUES ${part.map(() => '(?, ?, ?)').join(', ')}`, { replacements: part.flat() });
  }
}

/**
 * MariaDB backfill, step 2: the token rows made by the server from the staged texts, as tokensOf
 * makes them (each word's sequences of GRAM characters, its first one and two characters, each token
 * once per record: kept at its first position in the text), with the list columns of the source.
 * Tens of millions of rows at a million users: sent from here as INSERT statements they took
 * hours on a busy machine; made by INSERT ... SELECT, minutes. The search tests compare the result
 * with tokenRows on MariaDB.
 */
async function tokensFromStage(sequelize: Sequelize, spec: IndexSpec, load: string): Promise<void> {
  const stage = `${spec.table}_stage`;
  const seq = `${spec.table}_seq`;
  await sequelize.query(`INSERT INTO ${spec.textTable} (${spec.key}, text) SELECT k, text FROM ${stage} WHERE is_long = 1`);
  const [{ n }] = await sequelize.query<{ n: number | null }>(`SELECT MAX(CHAR_LENGTH(text)) AS n FROM ${stage}`, { type: QueryTypes.SELECT });
  await sequelize.query(`DROP TABLE IF EXISTS ${seq}`);
  await sequelize.query(`CREATE TABLE ${seq} (i INT NOT NULL PRIMARY KEY)`);
  const positions = Array.from({ length: Number(n ?? 0) }, (_, i) => i + 1);
  for (let i = 0; i < positions.length; i += 5000) {
    const part = positions.slice(i, i + 5000);
    await sequelize.query(`INSERT INTO ${seq} (i) VALUES ${part.map(() => '(?)').join(', ')}`, { replacements: part });
  }
  const columns = ['token', spec.key, 'words', ...spec.listColumns].join(', ');
  const copied = ["IF(st.is_long = 1, '', st.text)", ...spec.listColumns.map((c) => `s.${c}`)].join(', ');
  const from = `${stage} st STRAIGHT_JOIN ${spec.source} s ON s.id = st.k STRAIGHT_JOIN ${seq} n`;
  // Sequences of GRAM characters inside a word (no space in them), each at its first position.
  const gram = `SUBSTRING(st.text, n.i, ${GRAM})`;
  await sequelize.query(
    `INSERT INTO ${load} (${columns}) SELECT ${gram}, st.k, ${copied} FROM ${from} ON n.i <= CHAR_LENGTH(st.text) - ${GRAM - 1} WHERE INSTR(${gram}, ' ') = 0 AND LOCATE(${gram}, st.text) = n.i`,
  );
  // A word's first k characters: after a space, no space in them, each at its first position.
  for (let k = 1; k < GRAM; k++) {
    const start = `SUBSTRING(st.text, n.i + 1, ${k})`;
    await sequelize.query(
      `INSERT INTO ${load} (${columns}) SELECT ${start}, st.k, ${copied} FROM ${from} ON n.i <= CHAR_LENGTH(st.text) - ${k + 1} WHERE SUBSTRING(st.text, n.i, 1) = ' ' AND INSTR(${start}, ' ') = 0 AND LOCATE(CONCAT(' ', ${start}), st.text) = n.i`,
    );
  }
  await sequelize.query(`DROP TABLE ${seq}`);
}

/**
 * Rewrites the token rows (and the side table's texts) of every source row, walking the source by
 * id: the migration that builds the index and the volume generator's reindex.
 * On MariaDB the rows go to a keyless copy of the table, whose keys are then built in one sorted
 * pass before it replaces the table: millions of random B-tree inserts would take an hour at a
 * million users, the sorted build minutes.
 */
export async function backfill(sequelize: Sequelize, spec: IndexSpec): Promise<void> {
  const mysql = sequelize.getDialect() !== 'sqlite';
  const load = mysql ? `${spec.table}_load` : spec.table;
  await sequelize.query(`DELETE FROM ${spec.textTable}`);
  if (!mysql) await sequelize.query(`DELETE FROM ${spec.table}`);
  if (mysql) {
    await sequelize.query(`DROP TABLE IF EXISTS ${load}`);
    await sequelize.query(`CREATE TABLE ${load} LIKE ${spec.table}`);
    await sequelize.query(`ALTER TABLE ${load} DROP PRIMARY KEY, DROP INDEX ${spec.keyIndex}`);
  }
  let after: unknown = null;
  if (mysql) await sequelize.query(`DROP TABLE IF EXISTS ${spec.table}_stage`);
  if (mysql)
    await sequelize.query(`CREATE TABLE ${spec.table}_stage (k ${spec.keySql} NOT NULL PRIMARY KEY, text MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, is_long TINYINT NOT NULL)`);
  for (;;) {
    const rows = await sequelize.query<Record<string, unknown>>(`SELECT ${sourceColumns(spec)} FROM ${spec.source} ${after === null ? '' : 'WHERE id > ?'} ORDER BY id LIMIT 2000`, {
      replacements: after === null ? [] : [after],
      type: QueryTypes.SELECT,
    });
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    if (mysql) await stageTexts(sequelize, spec, rows);
    else await insertTokenRows(sequelize, spec, rows, null, load);
  }
  if (!mysql) return;
  await tokensFromStage(sequelize, spec, load);
  await sequelize.query(`DROP TABLE ${spec.table}_stage`);
  if (after === null) {
    await sequelize.query(`DROP TABLE ${load}`);
    await sequelize.query(`DELETE FROM ${spec.table}`);
    return;
  }
  await sequelize.query(`ALTER TABLE ${load} ADD PRIMARY KEY (token, ${spec.keyColumns.join(', ')}), ADD INDEX ${spec.keyIndex} (${spec.key})`);
  const [fk] = await sequelize.query<{ name: string }>('SELECT CONSTRAINT_NAME AS name FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = ?', {
    replacements: [spec.table],
    type: QueryTypes.SELECT,
  });
  // One connection for the session setting: the foreign key moves to the new table unchecked (its
  // rows were just made from the source rows).
  await sequelize.transaction(async (t) => {
    const run = (sql: string) => sequelize.query(sql, { transaction: t });
    await run('SET SESSION foreign_key_checks = 0');
    await run(`RENAME TABLE ${spec.table} TO ${spec.table}_old, ${load} TO ${spec.table}`);
    await run(`DROP TABLE ${spec.table}_old`);
    await run(`ALTER TABLE ${spec.table} ADD CONSTRAINT ${fk.name} FOREIGN KEY (${spec.key}) REFERENCES ${spec.source} (id) ON DELETE CASCADE ON UPDATE CASCADE`);
    await run('SET SESSION foreign_key_checks = 1');
  });
}

/** Rewrites the token rows of these users from their current record. */
export function reindexUsers(ids: Iterable<string>, t?: Transaction | null): Promise<void> {
  return reindex(USER_SEARCH, ids, t);
}

export function reindexOffers(ids: Iterable<number>, t?: Transaction | null): Promise<void> {
  return reindex(OFFER_SEARCH, ids, t);
}

/**
 * Copies the users' list columns (counters, closed) into their token rows, when only those
 * changed: cheaper than rewriting the rows, and needs no tokenizing.
 */
export async function syncUserListColumns(ids: Iterable<string>, t?: Transaction | null): Promise<void> {
  const list = [...new Set(ids)];
  if (!list.length) return;
  const set = USER_LIST_COLUMNS.filter((c) => c !== 'profile' && c !== 'created_at')
    .map((c) => `${c} = (SELECT u.${c} FROM users u WHERE u.id = user_search_tokens.user_id)`)
    .join(', ');
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500);
    await User.sequelize!.query(`UPDATE user_search_tokens SET ${set} WHERE user_id IN (${chunk.map(() => '?').join(', ')})`, {
      transaction: t ?? undefined,
      replacements: chunk,
    });
  }
}

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
