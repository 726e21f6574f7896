// What the Express app is built from (createApp in app.ts), in a module of its own: the route files
// and the front-end mounts take these types without importing the app that imports them.
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { Settings } from '../config/settings.js';
import type { Storage } from './integrations/storage.js';
import type { Mailer } from './integrations/mail.js';
import type { MediaUrls } from './integrations/media-urls.js';
import type { Readiness } from './lib/readiness.js';
import type { PublicCache } from './lib/public-cache.js';
import type { DeviceTokens } from './auth/device.js';
import type { Resolve } from './integrations/webhook-http.js';

export interface AppDeps {
  settings: Settings;
  storage: Storage;
  mailer: Mailer;
  logger: Logger;
  /** The time now; tests pass a fixed clock. */
  clock: () => Date;
  /** What /readyz checks; scripts/server.ts keeps it to turn the node unready when it stops. */
  readiness?: Readiness;
  /** Signs and verifies private media addresses; createApp makes it from the settings when absent. */
  media?: MediaUrls;
  /** Anonymous public reads kept in memory (PUBLIC_CACHE_MS); createApp makes it when absent. */
  publicCache?: PublicCache;
  /** Signs and reads sign-in device tokens (decision 220); createApp makes it when absent. */
  devices?: DeviceTokens;
  /** How webhook URLs' names are resolved (the system's DNS when absent; tests play a hostile one). */
  webhookResolve?: Resolve;
}

export interface FrontendMount {
  /** Mounted after /apis: the console under /admin and the Remix portal for every other path. */
  (app: Express, deps: AppDeps): void;
}
