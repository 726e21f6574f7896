// The browser apps mounted beside /apis. The portal and consoles register here as they land.
import type { AppDeps, FrontendMount } from './app.js';

export async function frontends(_deps: AppDeps): Promise<FrontendMount[]> {
  return [];
}
