// The browser apps mounted beside /apis. The portal and consoles register here as they land.
// The portal (every page path not owned by another app) comes last: it answers its own 404 page.
import type { AppDeps, FrontendMount } from '../api/deps.js';
import { adminConsole } from '../api/admin-console.js';
import { portalMount } from '../portal/server/mount.js';

export async function frontends(_deps: AppDeps): Promise<FrontendMount[]> {
  return [
    // Staff console (react-admin) at /admin.
    adminConsole(),
    // Remix portal: every remaining page path, last.
    await portalMount(),
  ];
}
