// Console search, part 2 of 5: the stored rows. Each user and offer has one row per token in a
// token table; the rows also carry the columns the console lists filter and sort on, and the
// record's whole folded text (`words`), so a search walks `token = ?` in list order like any other
// filter and checks the real substrings on the same row. A record whose text is too long for a row
// (an offer's description) keeps it once in a side table, read only for that record.
import { sqlDate, type Dialect } from '../columns.js';
import { WORDS_MAX, emailKeys, offerWords, tokensOf, userWords, wordsText } from './tokens.js';

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
export const USER_TEXT_FIELDS = ['name', 'email', 'phone'];
export const USER_INDEXED_FIELDS = new Set<string>([...USER_TEXT_FIELDS, ...USER_LIST_COLUMNS]);

export const OFFER_LIST_COLUMNS = ['created_at', 'recruiter_id', 'state'] as const;
const OFFER_TEXT_FIELDS = ['job_code', 'title', 'company_name', 'city', 'zip_code', 'description'];
export const OFFER_INDEXED_FIELDS = new Set<string>([...OFFER_TEXT_FIELDS, ...OFFER_LIST_COLUMNS]);

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
  /** Tokens of the record other than its words' (users: the address keys, emailKeys), from the same row. */
  keys?: (row: Record<string, unknown>) => string[];
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
  keys: (r) => emailKeys(r.email as string | null),
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

/**
 * Token rows for source rows that hold the text fields, the list columns and `id`: every token of
 * the record, or with `only: 'keys'` its keys alone (spec.keys: what the MariaDB backfill adds
 * beside the tokens it makes in the database, and what migration 041 added).
 */
export function tokenRows(spec: IndexSpec, rows: Record<string, unknown>[], dialect: Dialect, only?: 'keys'): unknown[][] {
  const out: unknown[][] = [];
  for (const r of rows) {
    const words = spec.words(r);
    const text = wordsText(words);
    const values = [r.id, text.length > WORDS_MAX ? '' : text, ...spec.listColumns.map((c) => (r[c] instanceof Date ? sqlDate(r[c], dialect) : r[c]))];
    const tokens = new Set([...(only === 'keys' ? [] : tokensOf(words)), ...(spec.keys?.(r) ?? [])]);
    for (const token of tokens) out.push([token, ...values]);
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
