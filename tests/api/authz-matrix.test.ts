// Every API route against every kind of caller, from the app's own route table: a route with no
// line in authz-matrix.table.ts fails this test, which prints the missing lines; every line says
// the exact status of each caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { listRoutes } from '../helpers/routes.js';
import { API_KEY_ROUTES } from '../../models/rules/api-keys.js';
import { CALLERS, MATRIX, makeFixtures, resolveStatuses, type Case, type Fixtures } from './authz-matrix.table.js';

let ctx: TestContext;
let fx: Fixtures;

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await makeFixtures({ uploadDir: ctx.settings.video.uploadDir, app: ctx.app, settings: ctx.settings });
});
afterAll(async () => ctx?.close());

function concretePath(route: string, c: Case): string {
  if (c.path) return c.path(fx);
  return route.replace(/:(\w+)/g, (_, name: string) => {
    if (fx.ids[name] === undefined) throw new Error(`${route}: no fixtures.ids.${name} (add the record to makeFixtures, or give the line a path)`);
    return encodeURIComponent(String(fx.ids[name]));
  });
}

const cases = (key: string): Case[] => ([] as Case[]).concat(MATRIX[key] ?? []);

describe('authorization matrix', () => {
  it('has a line for every route, and no line for a route that does not exist', () => {
    const routes = listRoutes(ctx.app).map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(5);
    const missing = routes.filter((r) => !(r in MATRIX));
    const stale = Object.keys(MATRIX).filter((k) => !routes.includes(k));
    expect(
      missing,
      `Routes with no line in tests/api/authz-matrix.table.ts (say each caller's status):\n  ${missing.map((m) => `'${m}': { expect: { anonymous: 401, others: 403, admin: 200 } },`).join('\n  ')}\n`,
    ).toEqual([]);
    expect(stale, `Lines in tests/api/authz-matrix.table.ts for routes that do not exist:\n  ${stale.join('\n  ')}\n`).toEqual([]);
  });

  it('states one exact status for every caller on every line', () => {
    const problems = Object.entries(MATRIX).flatMap(([key, rule]) =>
      ([] as Case[]).concat(rule).flatMap((c) => {
        const resolved = resolveStatuses(c.expect);
        return typeof resolved === 'string' ? [`${key}: ${resolved}`] : [];
      }),
    );
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('answers each caller exactly the status the table says', async () => {
    const problems: string[] = [];
    for (const { method, path } of listRoutes(ctx.app)) {
      const key = `${method} ${path}`;
      for (const c of cases(key)) {
        const expected = resolveStatuses(c.expect);
        if (typeof expected === 'string') continue; // reported by the test above
        const url = concretePath(path, c);
        for (const caller of CALLERS) {
          let req = request(ctx.app)[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options'](url);
          // A fresh bearer session per call: a route like logout may end it.
          if (caller !== 'anonymous') req = req.set(await bearer(fx.users[caller]));
          if (c.headers) req = req.set(c.headers(fx));
          if (c.file) req = req.attach('file', c.file.content, { filename: c.file.filename, contentType: c.file.contentType });
          else if (c.body) req = req.send(c.body(fx, caller));
          const res = await req;
          if (res.status !== expected[caller]) {
            problems.push(`${key} (${url}) as ${caller}: expected ${expected[caller]}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          }
        }
        // An API key of each company's manager, holding every scope (decision 485): on the routes
        // keys reach, exactly what that manager gets; anywhere else 403 api_key_route_not_allowed.
        const keyRoute = API_KEY_ROUTES.some((r) => r.method === method && `/apis${r.path}` === path);
        for (const owner of ['manager', 'otherManager'] as const) {
          const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
          const agent = request(ctx.app);
          let req = agent[verb](url).set({ Authorization: `Bearer ${fx.ids[`key:${owner}`]}` });
          if (c.headers) req = req.set(c.headers(fx));
          if (c.file) req = req.attach('file', c.file.content, { filename: c.file.filename, contentType: c.file.contentType });
          else if (c.body) req = req.send(c.body(fx, owner));
          const res = await req;
          const want = keyRoute ? expected[owner] : 403;
          if (res.status !== want || (!keyRoute && method !== 'HEAD' && res.body.error !== 'api_key_route_not_allowed')) {
            problems.push(`${key} (${url}) with ${owner}'s API key: expected ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          }
        }
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
    // Every route times every caller, one after the other: on MariaDB on a loaded 2-core machine
    // the grown table takes about 45 s, more than the default 30 s.
  }, 180_000);

  it('tells "allowed" from "refused": no line gives every caller the same refusal', () => {
    const refusals = [401, 403, 404];
    const blind = Object.entries(MATRIX).flatMap(([key, rule]) =>
      ([] as Case[]).concat(rule).flatMap((c) => {
        const resolved = resolveStatuses(c.expect);
        if (typeof resolved === 'string') return [];
        const statuses = new Set(Object.values(resolved));
        return statuses.size === 1 && refusals.includes([...statuses][0]) ? [`${key}: every caller gets ${[...statuses][0]}`] : [];
      }),
    );
    expect(blind, `Lines that call a record nobody reaches (call one that exists for the allowed callers):\n  ${blind.join('\n  ')}`).toEqual([]);
  });
});
