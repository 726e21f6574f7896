// The API's OpenAPI 3.1 document (issue 28, docs/decisions/486-openapi-from-the-route-table.md),
// built from the app itself: every route of the /apis groups (the router's own table, as
// lib/route-groups.ts keeps it visible), its inputs from the zod schemas its validate() middleware
// applies (lib/validate.ts: the schemas ARE the check, so the document cannot drift from it), and
// which API-key scope opens it (models/rules/api-keys.ts). Routes whose input is chosen per request
// (the console's resources) say so. Built once per process, on first request.
import * as z from 'zod/mini';
import { API_KEY_ROUTES, API_KEY_SCOPES, type ApiKeyScope } from '../../models/rules/api-keys.js';
import type { Schemas } from './validate.js';

interface Layer {
  rawPath?: unknown;
  route?: { path: string | string[]; methods: Record<string, boolean>; stack?: Layer[] };
  handle?: { stack?: Layer[]; schemas?: Schemas };
}

export interface ApiRoute {
  method: string;
  /** As Express declares it, under /apis: '/application/:job_code'. */
  path: string;
  schemas?: Schemas;
}

/**
 * The routes of the app's /apis router, in their order, each method once: walked from the app's own
 * table (sub-routers and the route groups, which keep their routes visible: lib/route-groups.ts).
 */
export function apiRoutesOf(app: unknown): ApiRoute[] {
  const root = (app as { router: { stack: Layer[] } }).router.stack;
  const api = root.find((l) => l.rawPath === '/apis' && l.handle?.stack);
  const out: ApiRoute[] = [];
  const seen = new Set<string>();
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const schemas = (layer.route.stack ?? []).map((l) => l.handle?.schemas).find((s) => s !== undefined);
        for (const m of Object.keys(layer.route.methods).filter((k) => k !== '_all'))
          for (const p of ([] as string[]).concat(layer.route.path)) {
            const method = m.toUpperCase();
            const path = `${prefix}${p}`;
            if (seen.has(`${method} ${path}`)) continue;
            seen.add(`${method} ${path}`);
            out.push({ method, path, ...(schemas ? { schemas } : {}) });
          }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  if (api) walk(api.handle!.stack!, '');
  return out;
}

/** '/application/:job_code' → '/apis/application/{job_code}'; Express 5's '{*key}' → '{key}'. */
export function openApiPath(path: string): string {
  return `/apis${path.replace(/\{\*(\w+)\}/g, '{$1}').replace(/:(\w+)/g, '{$1}')}`;
}

export const pathParamsOf = (path: string): string[] => [...path.matchAll(/(?::|\{\*)(\w+)/g)].map((m) => m[1]);

type Json = Record<string, unknown>;

/** The JSON Schema (2020-12, as OpenAPI 3.1 takes it) of what a schema accepts. */
function jsonSchemaOf(schema: z.core.$ZodType): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

/** Path or query parameters: each property of an object schema, else each name of the path. */
function parametersOf(where: 'path' | 'query', schema: z.core.$ZodType | undefined, names: string[] = []): Json[] {
  const js = schema ? jsonSchemaOf(schema) : undefined;
  const props = (js?.properties ?? {}) as Record<string, Json>;
  const required = new Set((js?.required ?? []) as string[]);
  const all = [...new Set([...names, ...Object.keys(props)])];
  return all.map((name) => ({ name, in: where, required: where === 'path' || required.has(name), schema: props[name] ?? { type: 'string' } }));
}

const scopeOf = (method: string, path: string): ApiKeyScope | undefined => API_KEY_ROUTES.find((r) => r.method === method && r.path === path)?.scope;

const SCOPE_TEXT: Record<ApiKeyScope, string> = {
  read_applications: 'Read the company’s applications (candidates, states, answers).',
  write_offers: 'Create and update the company’s offers (and read the shops and templates they use).',
  read_analytics: 'Read the company’s home: counters per offer, shops, candidates to recruit.',
};

/** The OpenAPI 3.1 document of the API's routes. */
export function openApiDocument(routes: ApiRoute[], serverUrl: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const r of routes) {
    const scope = scopeOf(r.method, r.path);
    const params = [...parametersOf('path', r.schemas?.params, pathParamsOf(r.path)), ...(r.schemas?.query ? parametersOf('query', r.schemas.query) : [])];
    const byRequest = r.path.startsWith('/console/');
    const op: Json = {
      operationId: `${r.method.toLowerCase()}${r.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      tags: [r.path.split('/')[1] || 'api'],
      ...(params.length ? { parameters: params } : {}),
      ...(r.schemas?.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(r.schemas.body) } } } }
        : byRequest && ['POST', 'PUT'].includes(r.method)
          ? { requestBody: { content: { 'application/json': { schema: { type: 'object', description: 'The fields of the resource’s declaration (models/resources/).' } } } } }
          : {}),
      responses: {
        '200': { description: 'Success', content: { 'application/json': { schema: {} } } },
        '400': { $ref: '#/components/responses/Error' },
        '401': { $ref: '#/components/responses/Error' },
        '403': { $ref: '#/components/responses/Error' },
        ...(scope ? { '429': { $ref: '#/components/responses/RateLimited' } } : {}),
      },
      security: scope ? [{ apiKey: [scope] }, { session: [] }] : [{ session: [] }, {}],
      ...(scope ? { 'x-api-key-scope': scope } : {}),
    };
    (paths[openApiPath(r.path)] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Video recruitment API',
      version: '1',
      description:
        'Every route of /apis. A company’s manager makes API keys in the manager area (Clés d’API); a key is sent as `Authorization: Bearer vrk_…`, reads and writes what the manager does, on the routes its scopes open (x-api-key-scope), and makes at most API_KEY_REQUESTS_PER_MINUTE requests a minute (429 api_key_rate_limited with Retry-After). Other routes take the browser session or the app’s token. Errors are { error, message, details? } with a stable `error` code.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'vrk_ API key',
          description: Object.entries(SCOPE_TEXT)
            .map(([s, t]) => `${s}: ${t}`)
            .join(' '),
        },
        session: { type: 'apiKey', in: 'cookie', name: 'sid' },
      },
      responses: {
        Error: { description: 'A refusal with its stable code', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        RateLimited: {
          description: 'The key made its requests of the minute (api_key_rate_limited)',
          headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds until the next minute' } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      schemas: {
        Error: { type: 'object', required: ['error', 'message'], properties: { error: { type: 'string' }, message: { type: 'string' }, details: { type: 'object' } } },
      },
    },
    'x-api-key-scopes': API_KEY_SCOPES.map((s) => ({ scope: s, description: SCOPE_TEXT[s] })),
  };
}

const built = new WeakMap<object, Json>();

/** The document of an app, built once per app (every route is registered before the first request). */
export function openApiDocumentOf(app: object, serverUrl: string): Json {
  let doc = built.get(app);
  if (!doc) built.set(app, (doc = openApiDocument(apiRoutesOf(app), serverUrl)));
  return doc;
}
