// The few lines `npm start` prints once the server listens (docs/decisions/291-quiet-start.md): where
// each part is and, with the demo data, whom to sign in as. Plain text for a person at a terminal;
// the JSON log lines stay as they are for log collectors.
import type { Settings } from '../config/settings.js';
import { DEMO_JOB_CODE, DEMO_PASSWORD } from '../seeders/demo-data.js';

/** The demo accounts the README lists first, with what each opens. */
const DEMO_SIGN_INS = [
  ['admin@demo.test', 'staff, /admin'],
  ['manager@demo.test', 'manager, /manager'],
  ['recruiter@demo.test', 'recruiter, /dashboard'],
  ['candidate@demo.test', 'candidate'],
] as const;

export function startBanner(settings: Pick<Settings, 'publicUrl' | 'demoData'> & { database: { dialect: string } }): string {
  const url = settings.publicUrl;
  const lines = [
    `Ready on ${url} (${settings.database.dialect} database)`,
    `  ${url}/            public pages${settings.demoData ? ` (demo offer: ${url}/candidate/offer/${DEMO_JOB_CODE})` : ''}`,
    `  ${url}/admin       staff console`,
    `  ${url}/manager     manager area`,
    `  ${url}/dashboard   recruiter dashboard`,
  ];
  if (settings.demoData) {
    lines.push(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const [email, what] of DEMO_SIGN_INS) lines.push(`  ${email.padEnd(22)}${what}`);
  }
  return `${lines.join('\n')}\n`;
}
