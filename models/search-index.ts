// Word-prefix search on ordinary B-tree indexes (docs/decisions/065-search-tokens-and-wishlist-view.md).
// Each user and offer has one row per searchable token: every word of its name, email and phone
// (offers: job code, title, company, city, zip code) cut to each of its leading parts from three
// characters, folded to lowercase without accents. The rows also carry the columns the console
// lists filter and sort on, and all the record's words, so a search walks `token = ?` in list order
// like any other filter, checks its other words in the same row, and its capped count never leaves
// that index. Written here, read by api/console/.
import { phoneSearchDigits } from './rules/phone.js';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { User } from './user.model.js';
import { Offer } from './offer.model.js';
import { sqlDate, type Dialect } from './columns.js';
// A cycle (index.ts installs these hooks), used only at run time.
import { transaction } from './transaction.js';

/** Shortest stored prefix; a shorter word is stored (and searched) whole. */
export const TOKEN_MIN = 3;
/** Longest token: longer words are cut, so a search matches on their first 32 characters. */
export const TOKEN_MAX = 32;

/** Lowercase without accents: what stored tokens and searched words both go through. */
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

function cutToken(word: string): string {
  return Array.from(word).slice(0, TOKEN_MAX).join('');
}

/** A record's searchable words, folded, each cut at the token length, without repeats. */
function distinctWords(texts: Array<string | null | undefined>): string[] {
  const out = new Set<string>();
  for (const text of texts) for (const w of wordsOf(text)) out.add(cutToken(w));
  return [...out];
}

/** Every leading part of each word from three characters; a shorter word whole. */
export function prefixesOf(words: string[]): string[] {
  const out = new Set<string>();
  for (const word of words) {
    const chars = Array.from(word);
    if (chars.length < TOKEN_MIN) out.add(word);
    else for (let k = TOKEN_MIN; k <= chars.length; k++) out.add(chars.slice(0, k).join(''));
  }
  return [...out];
}

/**
 * A user's searchable words: the name's, the email local part's, the email domain's labels but the
 * last ("acme" of jean@acme.fr finds a company's people; "fr" or "com" would find everyone), and
 * the phone number's digits.
 */
export function userWords(u: { name?: string | null; email?: string | null; phone?: string | null }): string[] {
  const [local, domain = ''] = (u.email ?? '').split('@');
  return distinctWords([u.name, local, wordsOf(domain).slice(0, -1).join(' '), phoneSearchDigits(u.phone)]);
}

export function offerWords(o: { job_code?: string | null; title?: string | null; company_name?: string | null; city?: string | null; zip_code?: string | null }): string[] {
  return distinctWords([o.job_code, o.title, o.company_name, o.city, o.zip_code]);
}

/**
 * The `words` column of a token row: every word between spaces, so `LIKE '% jea%'` is "a word
 * starts with jea" and `LIKE '% li %'` is "a word is li".
 */
export const WORDS_MAX = 640;
export function wordsText(words: string[]): string {
  return ` ${words.join(' ')} `.slice(0, WORDS_MAX);
}

/** The LIKE pattern that checks a searched word on `words`, as its token would match: a prefix, or a short word whole. */
export function wordPattern(token: string): string {
  return Array.from(token).length < TOKEN_MIN ? `% ${token} %` : `% ${token}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

export type SearchQuery =
  | { kind: 'id'; id: string }
  | { kind: 'email'; prefix: string }
  /** Every token must match; an empty list matches nothing. */
  | { kind: 'tokens'; tokens: string[] };

/** The tokens a word search needs: a phone number's digits as one token, or each word (all required). */
export function searchTokens(text: string): string[] {
  const q = text.trim();
  if (PHONE_LIKE.test(q) && q.replace(/\D/g, '').length >= TOKEN_MIN) return [cutToken(phoneSearchDigits(q))];
  return [...new Set(wordsOf(q).map(cutToken))].slice(0, 8);
}

/**
 * What a user search box's text asks for: a user id, an email (a prefix, on the email index), or
 * tokens (a phone number or words).
 */
export function parseSearch(text: string): SearchQuery {
  const q = text.trim();
  if (UUID.test(q)) return { kind: 'id', id: q.toLowerCase() };
  if (q.includes('@') && !/\s/.test(q)) return { kind: 'email', prefix: q.toLowerCase() };
  return { kind: 'tokens', tokens: searchTokens(q) };
}

/**
 * The search's tokens, the one to walk first: on MariaDB the one with the fewest rows by the
 * optimizer's estimate (an index dive: "durand hotmail" walks durand, not every hotmail address);
 * elsewhere the longest (small embedded databases).
 */
export async function rarestFirst(sequelize: Sequelize, spec: IndexSpec, tokens: string[], eq: Record<string, string> = {}): Promise<string[]> {
  const longestFirst = [...tokens].sort((a, b) => b.length - a.length);
  if (tokens.length < 2 || sequelize.getDialect() === 'sqlite') return longestFirst;
  const conds = Object.keys(eq)
    .map((c) => ` AND ${c} = ?`)
    .join('');
  const estimates = new Map<string, number>();
  for (const token of tokens) {
    const [plan] = await sequelize.query<{ rows: number | string }>(`EXPLAIN SELECT 1 FROM ${spec.table} WHERE token = ?${conds}`, {
      replacements: [token, ...Object.values(eq)],
      type: QueryTypes.SELECT,
    });
    estimates.set(token, Number(plan?.rows ?? 0));
  }
  return longestFirst.sort((a, b) => estimates.get(a)! - estimates.get(b)!);
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
const OFFER_TEXT_FIELDS = ['job_code', 'title', 'company_name', 'city', 'zip_code'];
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
  /** The record's searchable words (folded, cut), from a row holding `textFields`. */
  words: (row: Record<string, unknown>) => string[];
  textFields: string[];
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
};

/** The columns of a token row, in the order tokenRows gives them. */
export const tokenColumns = (spec: IndexSpec) => ['token', spec.key, 'words', ...spec.listColumns];

/** Token rows for source rows that hold the text fields, the list columns and `id`. */
export function tokenRows(spec: IndexSpec, rows: Record<string, unknown>[], dialect: Dialect): unknown[][] {
  const out: unknown[][] = [];
  for (const r of rows) {
    const words = spec.words(r);
    const values = [r.id, wordsText(words), ...spec.listColumns.map((c) => (r[c] instanceof Date ? sqlDate(r[c], dialect) : r[c]))];
    for (const token of prefixesOf(words)) out.push([token, ...values]);
  }
  return out;
}

const INSERT_ROWS = 400;

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
    await insertTokenRows(sequelize, spec, rows, t);
  }
}

/**
 * Writes the token rows of every source row into an empty token table, walking the source by id.
 * On MariaDB the rows go to a keyless copy of the table, whose keys are then built in one sorted
 * pass before it replaces the table: millions of random B-tree inserts would take an hour at a
 * million users, the sorted build minutes.
 */
export async function backfill(sequelize: Sequelize, spec: IndexSpec): Promise<void> {
  const mysql = sequelize.getDialect() !== 'sqlite';
  const load = mysql ? `${spec.table}_load` : spec.table;
  if (mysql) {
    await sequelize.query(`DROP TABLE IF EXISTS ${load}`);
    await sequelize.query(`CREATE TABLE ${load} LIKE ${spec.table}`);
    await sequelize.query(`ALTER TABLE ${load} DROP PRIMARY KEY, DROP INDEX ${spec.keyIndex}`);
  }
  let after: unknown = null;
  for (;;) {
    const rows = await sequelize.query<Record<string, unknown>>(`SELECT ${sourceColumns(spec)} FROM ${spec.source} ${after === null ? '' : 'WHERE id > ?'} ORDER BY id LIMIT 2000`, {
      replacements: after === null ? [] : [after],
      type: QueryTypes.SELECT,
    });
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    await insertTokenRows(sequelize, spec, rows, null, load);
  }
  if (!mysql) return;
  if (after === null) {
    await sequelize.query(`DROP TABLE ${load}`);
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
