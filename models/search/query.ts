// Console search, part 3 of 5: the query side. What a search box's text asks for (a user id, an
// address, a phone number, words), the LIKE pattern and tokens of each searched word, and the
// token to walk. Read by api/console/ (tokenWalk in query.ts).
import { QueryTypes, type Sequelize } from 'sequelize';
import { GRAM, TERMS_MAX, TERM_MAX, emailKey, fold, gramsOf, tokenPrefix, wordsOf } from './tokens.js';
import type { IndexSpec } from './specs.js';

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
  /**
   * Every term must match; an empty list matches nothing. `email`: the address must also contain
   * this text; `emailKey`: the address key its part before the '@' gives (emailKey), when it has one.
   */
  | { kind: 'terms'; terms: SearchTerm[]; email?: string; emailKey?: string }
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
 * The address key of a searched address's text before its first '@', when the text there is
 * printable ASCII (an address's characters: the email rule allows no other), else none.
 */
function searchedEmailKey(q: string): string | undefined {
  const before = fold(q.slice(0, q.indexOf('@')));
  return /^[\x21-\x7e]+$/.test(before) ? emailKey(before) : undefined;
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
    if (!terms.length) return { kind: 'emailPrefix', prefix: q.toLowerCase() };
    const key = searchedEmailKey(q);
    return { kind: 'terms', terms, email: q.toLowerCase(), ...(key ? { emailKey: key } : {}) };
  }
  return { kind: 'terms', terms: searchTerms(q) };
}

/**
 * What a search walks on a token table: one token's rows, in list order; or the address keys
 * starting with a key (`token LIKE|GLOB pattern`), whose few rows are then sorted.
 */
export type SearchWalk = { token: string } | { range: { op: 'LIKE' | 'GLOB'; pattern: string } };

/** Candidate tokens whose row counts are estimated: a few of each term, at most this many in all. */
const ESTIMATES_MAX = 12;

/** The optimizer's estimate of the rows of `where` on a token table (an index dive, no row read). */
async function estimate(sequelize: Sequelize, spec: IndexSpec, where: string, params: unknown[], eq: Record<string, string>): Promise<number> {
  const conds = Object.keys(eq)
    .map((c) => ` AND ${c} = ?`)
    .join('');
  const [plan] = await sequelize.query<{ rows: number | string }>(`EXPLAIN SELECT 1 FROM ${spec.table} WHERE ${where}${conds}`, {
    replacements: [...params, ...Object.values(eq)],
    type: QueryTypes.SELECT,
  });
  return Number(plan?.rows ?? 0);
}

/**
 * The token to walk: on MariaDB the one with the fewest rows by the optimizer's estimate (an index
 * dive per candidate: "langer" walks "nge", not every "lan"), elsewhere (small embedded databases)
 * the middle sequence of the longest term. Null when there is no term.
 */
async function rarest(sequelize: Sequelize, spec: IndexSpec, terms: SearchTerm[], eq: Record<string, string>): Promise<{ token: string; rows: number } | null> {
  if (!terms.length) return null;
  const longest = [...terms].sort((a, b) => b.pattern.length - a.pattern.length)[0];
  const fallback = { token: longest.tokens[Math.floor(longest.tokens.length / 2)], rows: Infinity };
  if (sequelize.getDialect() === 'sqlite') return fallback;
  // Round-robin over the terms so that each has a say.
  const candidates = new Set<string>();
  for (let i = 0; candidates.size < ESTIMATES_MAX && terms.some((t) => i < t.tokens.length); i++) {
    for (const t of terms) if (i < t.tokens.length && candidates.size < ESTIMATES_MAX) candidates.add(t.tokens[i]);
  }
  if (candidates.size < 2) return fallback;
  let best = fallback;
  for (const token of candidates) {
    const rows = await estimate(sequelize, spec, 'token = ?', [token], eq);
    if (rows < best.rows) best = { token, rows };
  }
  return best;
}

/**
 * What a search walks (decision 300): the rarest token of its terms, or, for an address typed
 * with its part before the '@' (`emailKey`), the range of address keys starting with that key when
 * it has no more rows than the token (MariaDB: the optimizer's estimates; elsewhere when the key
 * holds GRAM characters or more). Every address containing the text has its key in that range, so
 * the range's rows, like a token's, are a superset of the answer, checked by the same conditions.
 */
export async function searchWalk(sequelize: Sequelize, spec: IndexSpec, terms: SearchTerm[], eq: Record<string, string> = {}, emailKey?: string): Promise<SearchWalk | null> {
  const token = await rarest(sequelize, spec, terms, eq);
  if (!token) return null;
  if (emailKey !== undefined) {
    const sqlite = sequelize.getDialect() === 'sqlite';
    const range = tokenPrefix(emailKey, sqlite ? 'sqlite' : 'mysql');
    if (sqlite) {
      if (emailKey.length > GRAM) return { range };
    } else if ((await estimate(sequelize, spec, `token ${range.op} ?`, [range.pattern], eq)) <= token.rows) return { range };
  }
  return { token: token.token };
}
