// The console's French messages: ours merged over react-admin's own. Its own module (and chunk): a
// console loads the messages of the language it shows, not all three (issue 26; locales.ts).
import frenchMessages from 'ra-language-french';
import { mergeTranslations } from 'ra-core';
import { fr } from './fr.js';

export default mergeTranslations(frenchMessages, fr);
