// The three catalogs, server side only: the page carries just the visitor's one.
import fr from './fr.js';
import nl from './nl.js';
import en from './en.js';
import type { Lang, Messages } from './index.js';

const catalogs: Record<'fr' | 'nl' | 'en', Messages> = { fr, nl, en };

/** Spanish visitors read the English texts (public-web.md section 1). */
export function messagesFor(lang: Lang): Messages {
  return catalogs[lang === 'es' ? 'en' : lang];
}
