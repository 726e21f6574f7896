// Who is calling: set on the request by the session middleware (cookie or bearer token).
import type { UserRow } from '../../models/index.js';
import type { Lang } from '../../config/i18n/index.js';

export interface Caller {
  /** The caller's user row, read with the session (plain values, no model: api/auth/sessions.ts). */
  user: UserRow;
  /** How the caller proved who they are: a browser session cookie, the mobile app's bearer token, or a company's API key (api/auth/api-keys.ts). */
  via: 'cookie' | 'bearer' | 'apikey';
  sessionId: string;
  /** The API key the request came with, and its scopes. */
  apiKey?: { id: number; scopes: string[] };
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      caller?: Caller;
      /** The language for messages: ?lang, then Accept-Language, then fr. */
      lang: Lang;
    }
  }
}

export {};
