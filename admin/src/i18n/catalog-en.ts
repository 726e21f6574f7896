// The console's English messages: ours merged over react-admin's own. Its own module (and chunk): a
// console loads the messages of the language it shows, not all three (issue 26; locales.ts).
import englishMessages from 'ra-language-english';
import { mergeTranslations } from 'ra-core';
import { en } from './en.js';

export default mergeTranslations(englishMessages, en);
