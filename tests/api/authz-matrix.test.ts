// Every API route against every kind of caller, from the app's own route table: a route with no
// line in authz-matrix.table.ts fails this test, which prints the missing lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { listRoutes } from '../helpers/routes.js';
import { CALLERS, MATRIX, makeFixtures, type Fixtures, type Rule } from './authz-matrix.table.js';

let ctx: TestContext;
let fx: Fixtures;

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await makeFixtures();
});
afterAll(async () => ctx?.close());

function concretePath(route: string, rule: Rule): string {
  if (rule.path) return rule.path(fx);
  return route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(fx.ids[name] ?? 'none')));
}

describe('authorization matrix', () => {
  it('has a line for every route, and no line for a route that does not exist', () => {
    const routes = listRoutes(ctx.app).map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(5);
    const missing = routes.filter((r) => !(r in MATRIX));
    const stale = Object.keys(MATRIX).filter((k) => !routes.includes(k));
    expect(missing, `Routes with no line in tests/api/authz-matrix.table.ts:\n  ${missing.map((m) => `'${m}': { allow: ... },`).join('\n  ')}\n`).toEqual([]);
    expect(stale, `Lines in tests/api/authz-matrix.table.ts for routes that do not exist:\n  ${stale.join('\n  ')}\n`).toEqual([]);
  });

  it('lets each caller through exactly where the table says, and refuses the others', async () => {
    const problems: string[] = [];
    for (const { method, path } of listRoutes(ctx.app)) {
      const key = `${method} ${path}`;
      const rule = MATRIX[key];
      if (!rule) continue; // reported by the test above
      const url = concretePath(path, rule);
      for (const caller of CALLERS) {
        let req = request(ctx.app)[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](url);
        // A fresh bearer session per call: a route like logout may end it.
        if (caller !== 'anonymous') req = req.set(await bearer(fx.users[caller]));
        if (rule.body) req = req.send(rule.body(fx));
        const res = await req;
        const allowed = rule.allow.includes(caller);
        if (res.status >= 500) problems.push(`${key} as ${caller}: ${res.status} ${JSON.stringify(res.body)}`);
        else if (allowed && (res.status === 401 || res.status === 403)) problems.push(`${key} as ${caller}: expected through, got ${res.status}`);
        else if (!allowed && ![401, 403, 404].includes(res.status)) problems.push(`${key} as ${caller}: expected refused, got ${res.status}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
