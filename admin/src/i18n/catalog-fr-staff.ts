// The staff console's French messages: its own keys (fr-staff.ts) merged over react-admin's own, without
// the manager area's and the recruiter dashboard's (fr-areas.ts), which the staff console never shows
// (issue 26, decision 420). Its own module (and chunk), loaded by loadCatalog (locales.ts).
import frenchMessages from 'ra-language-french';
import { mergeTranslations } from 'ra-core';
import { frStaff } from './fr-staff.js';

export default mergeTranslations(frenchMessages, frStaff);
