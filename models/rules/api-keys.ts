// API keys (issue 28, docs/decisions/485-api-keys.md), browser-safe: the scopes a key may hold, the
// routes each scope opens, and the shape of a key. The server's key check (api/auth/api-keys.ts),
// the OpenAPI document (api/lib/openapi.ts) and the manager area's keys screen read them here.

export const API_KEY_SCOPES = ['read_applications', 'write_offers', 'read_analytics'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this; the stored prefix is it and the next 8 characters. */
export const API_KEY_MARK = 'vrk_';
export const API_KEY_PREFIX_LENGTH = API_KEY_MARK.length + 8;
/** A key's name: what its creator calls it ("ATS Recruitee", "Tableur RH"). */
export const API_KEY_NAME_MAX = 80;

export interface ApiKeyRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route's path under /apis as Express declares it. */
  path: string;
  scope: ApiKeyScope;
}

/**
 * The routes a key reaches, each with the scope it needs; every other route answers a key 403
 * api_key_route_not_allowed (staff routes, billing, the console and its keys, sign-in). A key acts
 * as its company's manager: the route's own checks (api/auth/access.ts) decide the rows.
 */
export const API_KEY_ROUTES: readonly ApiKeyRoute[] = [
  { method: 'GET', path: '/application', scope: 'read_applications' },
  { method: 'GET', path: '/application/:job_code', scope: 'read_applications' },
  { method: 'GET', path: '/application/:job_code/:candidate_sub', scope: 'read_applications' },
  { method: 'POST', path: '/offer', scope: 'write_offers' },
  { method: 'POST', path: '/offer/:job_code', scope: 'write_offers' },
  { method: 'GET', path: '/shops', scope: 'write_offers' },
  { method: 'GET', path: '/shops/:id', scope: 'write_offers' },
  { method: 'GET', path: '/user-templates', scope: 'write_offers' },
  { method: 'GET', path: '/user-templates/:id', scope: 'write_offers' },
  { method: 'GET', path: '/manager', scope: 'read_analytics' },
];

const compiled = API_KEY_ROUTES.map((r) => ({
  ...r,
  // Express matches paths case-insensitively, a trailing slash allowed.
  re: new RegExp(`^${r.path.replace(/:[a-z_]+/g, '[^/]+')}/?$`, 'i'),
}));

/** The key route a request names (method and path under /apis), or undefined. */
export function apiKeyRouteOf(method: string, path: string): ApiKeyRoute | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  return compiled.find((r) => r.method === m && r.re.test(path));
}
