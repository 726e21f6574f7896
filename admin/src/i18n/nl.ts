// Dutch texts of the console; same keys as fr.ts (the type Catalog and tests/unit/admin-i18n.test.ts).
// The spec's French and English wordings are kept verbatim only in fr.ts: here everything a user
// reads is Dutch, except the names of plans (free, silver, gold, custom), which are product names.
// The texts are in two files: nl-staff.ts (the staff console's, all it loads) and nl-areas.ts (the manager
// area's and the recruiter dashboard's); this is both, what those two areas and the tests read (decision 420).
import type { fr } from './fr.js';
import type { Catalog } from './catalog-shape.js';
import { nlStaff } from './nl-staff.js';
import { nlAreas } from './nl-areas.js';

export const nl: Catalog<typeof fr> = { ...nlStaff, ...nlAreas };
