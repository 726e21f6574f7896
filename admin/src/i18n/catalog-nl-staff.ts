// The staff console's Dutch messages: its own keys (nl-staff.ts) merged over react-admin's own, without
// the manager area's and the recruiter dashboard's (nl-areas.ts), which the staff console never shows
// (issue 26, decision 420). Its own module (and chunk), loaded by loadCatalog (locales.ts).
import { raNl } from './ra-nl.js';
import { mergeTranslations } from 'ra-core';
import { nlStaff } from './nl-staff.js';

export default mergeTranslations(raNl, nlStaff);
