// The browser apps mounted beside /apis. The portal and consoles register here as they land.
// The portal (every page path not owned by another app) comes last: it answers its own 404 page.
import type { AppDeps, FrontendMount } from './app.js';
import { portalMount } from '../portal/server/mount.js';

export async function frontends(_deps: AppDeps): Promise<FrontendMount[]> {
  return [await portalMount()];
}
