// The console's "contains" search (docs/decisions/300-contains-search-trigrams.md, superseding
// 065), part 1 of 5: the tokenizer. What a record's searchable words are (users: name, email,
// phone; offers: job code, title, company, city, zip code, description), folded to lowercase
// without accents, and the tokens stored for them: every three-letter sequence inside each word,
// and each word's first one and two letters. Pure functions: the writes (writes.ts, backfill.ts),
// the query side (query.ts) and the tests share them.
import { phoneSearchDigits } from '../rules/phone.js';

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

/**
 * The token column's width (models/migrations/006-search-tokens.ts: STRING(32)): an address key
 * longer than this is cut, which only widens its range.
 */
export const TOKEN_MAX = 32;
/** Address keys start with this, which no word token holds (words are letters and digits). */
export const EMAIL_KEY_MARK = '@';
/**
 * The tokens starting with `prefix` (an address key: letters, digits, '.', '@', no wildcard), as an
 * index range whatever the token column's collation (a database converted from latin1 has it
 * case-insensitive, where '~' sorts before letters): LIKE on MariaDB, GLOB on SQLite (whose LIKE
 * ignores case and so no BINARY index).
 */
export function tokenPrefix(prefix: string, dialect: 'sqlite' | 'mysql'): { op: 'LIKE' | 'GLOB'; pattern: string } {
  return dialect === 'sqlite' ? { op: 'GLOB', pattern: `${prefix}*` } : { op: 'LIKE', pattern: `${prefix}%` };
}

/**
 * The address key of the text before an '@' (decision 300, amended for issue 24): folded, every
 * character other than a-z and 0-9 written '.', reversed, after the mark, cut to TOKEN_MAX. An address
 * containing "n.dupont12@exa" has a part before its '@' that ends with "n.dupont12", so its key
 * starts with the key of "n.dupont12" ("@21tnopud.n"): the addresses containing such a text are a
 * range of keys, read on the token table's key instead of a three-letter sequence's rows.
 */
export function emailKey(beforeAt: string): string {
  const reversed = Array.from(fold(beforeAt).replace(/[^a-z0-9]/gu, '.'))
    .reverse()
    .join('');
  return `${EMAIL_KEY_MARK}${reversed}`.slice(0, TOKEN_MAX);
}

/** The address keys stored for an address: one per '@' in it (a valid address has one). */
export function emailKeys(email: string | null | undefined): string[] {
  if (!email) return [];
  const out = new Set<string>();
  for (let at = email.indexOf('@'); at >= 0; at = email.indexOf('@', at + 1)) out.add(emailKey(email.slice(0, at)));
  return [...out];
}
