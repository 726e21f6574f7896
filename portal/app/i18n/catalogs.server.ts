// The three catalogs on the server, all registered at start for components and meta functions
// (registry.ts). The page carries none: the browser loads its language's catalog as a script.
import fr from './fr.js';
import nl from './nl.js';
import en from './en.js';
import type { Lang, Messages } from './index.js';
import { catalogLang, registerMessages } from './registry.js';

const catalogs: Record<'fr' | 'nl' | 'en', Messages> = { fr, nl, en };
for (const [lang, messages] of Object.entries(catalogs)) registerMessages(lang as keyof typeof catalogs, messages);

/** Spanish visitors read the English texts (public-web.md section 1). */
export function messagesFor(lang: Lang): Messages {
  return catalogs[catalogLang(lang)];
}
