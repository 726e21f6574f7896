// French texts of the console (the default). en.ts and nl.ts hold the same keys (tests/unit/admin-i18n.test.ts).
// One scheme: one catalog per language, holding every area (the staff console, the manager area and
// the candidate panel it shares with the recruiter dashboard, the meeting dialog) under its own keys,
// written in two files: fr-staff.ts (the staff console's keys, all it loads) and fr-areas.ts (the manager
// area's and the recruiter dashboard's); this is both, what those two areas and the tests read (decision 420).
// Spec texts (back-office.md sections 2, 5 and 8) stay as the spec words them.
import { frStaff } from './fr-staff.js';
import { frAreas } from './fr-areas.js';

export const fr = { ...frStaff, ...frAreas };
