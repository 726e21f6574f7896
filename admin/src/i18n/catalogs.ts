// Every console language's messages at once, for the tests that read the catalogs (the consoles
// load one language at a time through loadCatalog in locales.ts).
import type { TranslationMessages } from 'ra-core';
import type { ConsoleLocale } from './locales.js';
import fr from './catalog-fr.js';
import nl from './catalog-nl.js';
import en from './catalog-en.js';

export const CATALOGS: Record<ConsoleLocale, TranslationMessages> = { fr, nl, en };
