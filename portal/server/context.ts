// What the portal's loaders and actions receive as `context`: the app's dependencies, the
// server services they call in-process (one copy of the models, shared with /apis), the CSP
// nonce of this response, the signed-in caller if any, and a per-request memo.
import type { AppDeps } from '../../api/deps.js';
import type { Caller } from '../../api/auth/caller.js';
import type { portalServices } from './services.js';

export type PortalServices = typeof portalServices;

export interface PortalContext {
  deps: AppDeps;
  services: PortalServices;
  cspNonce: string;
  caller?: Caller;
  /** Who the anonymous-write limits count for this request (api/auth/throttle.ts writerOf). */
  writer: string;
  /** The caller's address (req.ip, see TRUST_PROXY): what the sign-in limits count, as for /apis/auth/login. */
  ip: string;
  /** The API's OpenAPI document (api/lib/openapi.ts), for the reference page /developers. */
  apiReference: () => Record<string, unknown>;
  /** Values computed once per request and shared by the root and route loaders. */
  memo: Map<string, Promise<unknown>>;
}

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PortalContext {}
}

export function memo<T>(context: PortalContext, key: string, compute: () => Promise<T>): Promise<T> {
  let hit = context.memo.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = compute();
    context.memo.set(key, hit);
  }
  return hit;
}
