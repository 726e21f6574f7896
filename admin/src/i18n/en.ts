// English texts of the console; same keys as fr.ts (tests/unit/admin-i18n.test.ts).
// The texts are in two files: en-staff.ts (the staff console's, all it loads) and en-areas.ts (the manager
// area's and the recruiter dashboard's); this is both, what those two areas and the tests read (decision 420).
import { enStaff } from './en-staff.js';
import { enAreas } from './en-areas.js';

export const en = { ...enStaff, ...enAreas };
