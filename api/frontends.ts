// The browser apps mounted beside /apis. The portal and consoles register here as they land.
import type { AppDeps, FrontendMount } from './app.js';
import { adminConsole } from './admin-console.js';

export async function frontends(_deps: AppDeps): Promise<FrontendMount[]> {
  return [
    // Staff console (react-admin) at /admin.
    adminConsole(),
  ];
}
