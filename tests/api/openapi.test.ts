// The OpenAPI document (issue 28, docs/decisions/486-openapi-from-the-route-table.md): served at
// /apis/openapi.json as OpenAPI 3.1; every route the app registers is in it (walked from the
// app's own router, as the authorization matrix does), with the schemas its validate() applies;
// every key route names its scope. A new route, or a schema the document lost, fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { listRoutes } from '../helpers/routes.js';
import { API_KEY_ROUTES } from '../../models/rules/api-keys.js';

let ctx: TestContext;
type Op = {
  parameters?: { name: string; in: string; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  'x-api-key-scope'?: string;
  security: unknown[];
};
let doc: { openapi: string; paths: Record<string, Record<string, Op>>; components: { securitySchemes: Record<string, { type: string; scheme?: string }> } };

beforeAll(async () => {
  ctx = await createTestContext();
  const res = await request(ctx.app).get('/apis/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  doc = res.body as typeof doc;
});
afterAll(async () => ctx?.close());

const toOpenApi = (path: string) => path.replace(/\{\*(\w+)\}/g, '{$1}').replace(/:(\w+)/g, '{$1}');
const opOf = (method: string, path: string): Op | undefined => doc.paths[toOpenApi(path)]?.[method.toLowerCase()];

describe('GET /apis/openapi.json', () => {
  it('is an OpenAPI 3.1 document with Bearer keys as a security scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents every route the app registers, with the schemas its validation applies', () => {
    const routes = listRoutes(ctx.app);
    expect(routes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const r of routes) {
      const op = opOf(r.method, r.path);
      if (!op) {
        problems.push(`${r.method} ${r.path}: not in the document`);
        continue;
      }
      const names = (where: string) => (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
      for (const p of [...r.path.matchAll(/(?::|\{\*)(\w+)/g)].map((m) => m[1])) if (!names('path').includes(p)) problems.push(`${r.method} ${r.path}: path parameter ${p} has no schema`);
      if (r.schemas?.body && !op.requestBody?.content['application/json']?.schema) problems.push(`${r.method} ${r.path}: its body schema is missing`);
      if (r.schemas?.query && names('query').length === 0) problems.push(`${r.method} ${r.path}: its query schema is missing`);
    }
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const registered = new Set(routes.map((r) => `${r.method} ${toOpenApi(r.path)}`));
    for (const d of documented) if (!registered.has(d)) problems.push(`${d}: documented, but no such route`);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('gives a body schema its fields and a query schema its parameters', () => {
    const transition = opOf('POST', '/apis/application/:job_code/:candidate_sub')!;
    const body = transition.requestBody!.content['application/json'].schema;
    expect(body.type).toBe('object');
    expect(Object.keys(body.properties as object)).toContain('recruiter_state');
  });

  it('names the scope of every route an API key reaches, and only those', () => {
    for (const r of API_KEY_ROUTES) {
      const op = opOf(r.method, `/apis${r.path}`);
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      expect(op!['x-api-key-scope']).toBe(r.scope);
      expect(op!.security).toContainEqual({ apiKey: [r.scope] });
    }
    const withScope = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops))
      .filter((o) => o['x-api-key-scope']);
    expect(withScope).toHaveLength(API_KEY_ROUTES.length);
    expect(opOf('GET', '/apis/console/:resource')!['x-api-key-scope']).toBeUndefined();
  });
});
