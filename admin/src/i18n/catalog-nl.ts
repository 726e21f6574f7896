// The console's Dutch messages: ours merged over react-admin's own. Its own module (and chunk): a
// console loads the messages of the language it shows, not all three (issue 26; locales.ts).
import { raNl } from './ra-nl.js';
import { mergeTranslations } from 'ra-core';
import { nl } from './nl.js';

export default mergeTranslations(raNl, nl);
