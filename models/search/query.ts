// Console search, part 3 of 5: the query side. What a search box's text asks for (a user id, an
// address, a phone number, words), the LIKE pattern and tokens of each searched word, and the
// token to walk. Read by api/console/ (tokenWalk in query.ts).
import { QueryTypes, type Sequelize } from 'sequelize';
import { GRAM, TERMS_MAX, TERM_MAX, gramsOf, wordsOf } from './tokens.js';
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
