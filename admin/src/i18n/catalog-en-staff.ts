// The staff console's English messages: its own keys (en-staff.ts) merged over react-admin's own, without
// the manager area's and the recruiter dashboard's (en-areas.ts), which the staff console never shows
// (issue 26, decision 420). Its own module (and chunk), loaded by loadCatalog (locales.ts).
import englishMessages from 'ra-language-english';
import { mergeTranslations } from 'ra-core';
import { enStaff } from './en-staff.js';

export default mergeTranslations(englishMessages, enStaff);
