// Server-side messages (API errors and mails) per language. French is the default and the
// fallback; Spanish answers the English texts (public-web.md section 1).
import fr from './fr.js';
import en from './en.js';
import nl from './nl.js';

export type MessageKey = keyof typeof fr;
export const LANGS = ['fr', 'nl', 'en', 'es'] as const;
export type Lang = (typeof LANGS)[number];

const catalogs: Record<'fr' | 'nl' | 'en', Record<MessageKey, string>> = { fr, en, nl };

/** The supported language for a requested one ('nl-BE' -> 'nl', 'de' -> 'fr'). */
export function normalizeLang(input: string | undefined | null): Lang {
  const base = (input ?? '').toLowerCase().slice(0, 2);
  return (LANGS as readonly string[]).includes(base) ? (base as Lang) : 'fr';
}

/** Picks a language from an Accept-Language header; fr when none of ours is listed. */
export function langFromAcceptLanguage(header: string | undefined): Lang {
  if (!header) return 'fr';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase().slice(0, 2), q: q ? Number(q) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  const hit = ranked.find((r) => (LANGS as readonly string[]).includes(r.tag));
  return hit ? (hit.tag as Lang) : 'fr';
}

/** The text of a key in a language, with {name} placeholders filled; unknown keys are returned as is. */
export function t(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const catalog = catalogs[lang === 'es' ? 'en' : lang];
  const text = (catalog as Record<string, string>)[key] ?? (catalogs.fr as Record<string, string>)[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, v: string) => (v in vars ? String(vars[v]) : `{${v}}`));
}

export function isMessageKey(key: string): key is MessageKey {
  return key in fr;
}
