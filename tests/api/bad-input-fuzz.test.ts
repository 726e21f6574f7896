// The generated part of tests/api/bad-input.test.ts (issue 22, "Bad input is always a 4xx"): every
// route of the app's own route table, and every console resource and action, is sent hostile
// values (NUL, broken percent-encoding, lone surrogates, null, wrong types, huge and negative
// numbers, invalid dates, 70 KB strings) in each path parameter, each query value and each body
// field, the fields read from the route's zod schema (validate() keeps it on the route) or, where
// a route has none, from the console declaration or a generic set. A signed-in caller the
// authorization matrix allows on the route, and an anonymous one, call it; none of the answers may
// be a 5xx. A new route is fuzzed with no new case: its line in authz-matrix.table.ts (which the
// matrix test requires) gives the records it is called on. Prints "N requests, M × 5xx".
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { listRoutes, type RouteEntry } from '../helpers/routes.js';
import { makeUser } from '../helpers/fixtures.js';
import { startStripeDouble, type StripeDouble } from '../helpers/stripe-double.js';
import {
  ANONYMOUS_BODY_VALUES,
  GENERIC_BODY_VALUES,
  GENERIC_FIELDS,
  GENERIC_QUERY,
  HOSTILE_BODY_VALUES,
  HOSTILE_FILTER_VALUES,
  HOSTILE_QUERY_VALUES,
  HOSTILE_RAW_BODIES,
  HOSTILE_URL_VALUES,
  fieldsOf,
  hostileHeaderValues,
  TUS_EXTENSION_HEADERS,
  hostileQueryShapes,
  variantsOf,
  withField,
} from '../helpers/fuzz.js';
import { CALLERS, MATRIX, makeFixtures, resolveStatuses, type CallerName, type Case, type Fixtures } from './authz-matrix.table.js';
import { RESOURCES, type ResourceDecl } from '../../models/resources/index.js';
import { bodySchema, filterSchema } from '../../api/console/validation.js';
import { HANDLED_EVENTS } from '../../api/services/billing/stripe-events.schema.js';

let ctx: TestContext;
let fx: Fixtures;
let stripe: StripeDouble;
let server: http.Server;
let base: string;

beforeAll(async () => {
  stripe = await startStripeDouble();
  ctx = await createTestContext({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.base });
  fx = await makeFixtures({ uploadDir: ctx.settings.video.uploadDir, app: ctx.app, settings: ctx.settings });
  // One keep-alive server for the whole run (supertest would open one per request).
  server = http.createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
  await stripe?.close();
});

type Caller = CallerName;
const PARALLEL_TARGETS = 3;
const sent = { count: 0, serverErrors: [] as string[] };

interface Call {
  method: string;
  url: string;
  token?: string;
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

async function send(c: Call): Promise<number> {
  const headers: Record<string, string> = { ...(c.headers ?? {}) };
  if (c.token) headers.authorization = c.token;
  let body: string | undefined;
  if (c.raw !== undefined || c.json !== undefined) {
    body = c.raw ?? JSON.stringify(c.json);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${base}${c.url}`, { method: c.method, headers, body: c.method === 'GET' || c.method === 'HEAD' ? undefined : body, redirect: 'manual' });
  const text = await res.text();
  sent.count++;
  if (process.env.FUZZ_DEBUG) console.log(c.method, c.url.slice(0, 100), JSON.stringify(c.json ?? c.raw ?? '').slice(0, 80), res.status, text.slice(0, 100));
  if (res.status >= 500) sent.serverErrors.push(`${c.method} ${c.url.slice(0, 160)} ${c.json === undefined ? '' : JSON.stringify(c.json).slice(0, 160)} -> ${res.status} ${text.slice(0, 200)}`);
  return res.status;
}

/** A route as the fuzz calls it: a concrete address on fixtures' records and the caller allowed there. */
interface Target {
  method: string;
  /** The route's path with its :params (which segments are parameters). */
  route: string;
  url: string;
  caller: Caller;
  anonymousAllowed: boolean;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  multipart: boolean;
  schemas?: RouteEntry['schemas'];
  /** A console body schema (the declaration's) when the route has no validate(). */
  bodySchema?: unknown;
  /** A console list's declared fields, each tried in its ?filter=. */
  filterFields?: string[];
}

/** The caller a case allows (staff first), else staff. */
function allowedCaller(c: Case | undefined): { caller: Caller; anonymousAllowed: boolean } {
  const statuses = c ? resolveStatuses(c.expect) : undefined;
  if (!statuses || typeof statuses === 'string') return { caller: 'admin', anonymousAllowed: false };
  const ok = (k: Caller) => statuses[k] < 300;
  const caller = ok('admin') ? 'admin' : (CALLERS.find((k) => k !== 'anonymous' && ok(k)) ?? 'admin');
  return { caller, anonymousAllowed: ok('anonymous') };
}

function concretePath(route: string, c: Case | undefined): string {
  if (c?.path) return c.path(fx);
  return route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(fx.ids[name] ?? '1')));
}

/** Records of each console resource the fuzz writes to (never the matrix's callers themselves). */
let consoleIds: Record<string, string | number> = {};

async function consoleTargets(route: RouteEntry, decl: ResourceDecl): Promise<Target[]> {
  // Each write to an account gets an account of its own (an action may close or merge it).
  const id = decl.name === 'users' ? (await makeUser({ profile: 'recruiter' })).id : String(consoleIds[decl.name] ?? '1');
  const out: Target[] = [];
  const t = (url: string, extra: Partial<Target> = {}): Target => ({
    method: route.method,
    route: route.path,
    url,
    caller: 'admin',
    anonymousAllowed: false,
    multipart: false,
    ...extra,
  });
  switch (`${route.method} ${route.path}`) {
    case 'GET /apis/console/:resource':
      out.push(t(`/apis/console/${decl.name}`, { filterFields: [...new Set([...fieldsOf(filterSchema(decl)), ...decl.fields.map((f) => f.source), 'q', 'id'])] }));
      break;
    case 'POST /apis/console/:resource':
      if (decl.access.create?.length) out.push(t(`/apis/console/${decl.name}`, { bodySchema: bodySchema(decl, 'create') }));
      break;
    case 'GET /apis/console/:resource/:id':
    case 'DELETE /apis/console/:resource/:id':
      out.push(t(`/apis/console/${decl.name}/${encodeURIComponent(id)}`));
      break;
    case 'PUT /apis/console/:resource/:id':
      if (decl.access.edit?.length) out.push(t(`/apis/console/${decl.name}/${encodeURIComponent(id)}`, { bodySchema: bodySchema(decl, 'edit') }));
      break;
    case 'POST /apis/console/:resource/:id/:action':
      for (const a of decl.actions ?? []) {
        const own = decl.name === 'users' ? (await makeUser({ profile: 'recruiter' })).id : id;
        out.push(t(`/apis/console/${decl.name}/${encodeURIComponent(own)}/${a.name}`));
      }
      break;
  }
  return out;
}

async function targetsOf(routes: RouteEntry[]): Promise<Target[]> {
  const out: Target[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    const cases = ([] as Case[]).concat(MATRIX[key] ?? []);
    for (const c of cases.length ? cases : [undefined]) {
      const { caller, anonymousAllowed } = allowedCaller(c);
      out.push({
        method: route.method,
        route: route.path,
        url: concretePath(route.path, c),
        caller,
        anonymousAllowed,
        body: c?.body?.(fx, caller),
        headers: c?.headers?.(fx),
        multipart: !!c?.file,
        schemas: route.schemas,
      });
    }
    if (route.path.startsWith('/apis/console/:resource')) for (const decl of RESOURCES) out.push(...(await consoleTargets(route, decl)));
  }
  // One target per method and address.
  const seen = new Set<string>();
  return out.filter((t) => (seen.has(`${t.method} ${t.url}`) ? false : (seen.add(`${t.method} ${t.url}`), true)));
}

const splitUrl = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q + 1) };
};
const withQuery = (path: string, ...parts: string[]) => {
  const query = parts.filter(Boolean).join('&');
  return query ? `${path}?${query}` : path;
};

/** Every hostile request of one target for one caller. */
async function fuzzTarget(t: Target, caller: Caller | 'anonymous', withBodies: boolean): Promise<void> {
  const token = caller === 'anonymous' ? undefined : (await bearer(fx.users[caller])).Authorization;
  const call = (c: Omit<Call, 'method' | 'token'>) => send({ method: t.method, token, headers: { ...(t.headers ?? {}), ...(c.headers ?? {}) }, url: c.url, json: c.json, raw: c.raw });
  const { path, query } = splitUrl(t.url);
  const baseBody = t.body ?? {};
  const sendsBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(t.method);

  // Each path parameter.
  const routeSegments = t.route.split('/');
  const segments = path.split('/');
  if (routeSegments.length === segments.length) {
    for (let i = 0; i < segments.length; i++) {
      if (!routeSegments[i].startsWith(':')) continue;
      for (const v of HOSTILE_URL_VALUES) {
        const s = [...segments];
        s[i] = v;
        await call({ url: withQuery(s.join('/'), query), json: sendsBody && !t.multipart ? baseBody : undefined });
      }
    }
  }

  // Each query value: the schema's keys and the address's own one by one, the generic keys together.
  // Anonymous callers refused by the route stop at its guard: their path parameters are enough.
  if (caller === 'anonymous' && !withBodies) return;
  const own = query ? query.split('&').map((p) => p.split('=')[0]) : [];
  const schemaKeys = variantsOf(t.schemas?.query).flatMap((v) => v.fields.filter((f) => !f.includes('.')));
  const keys = [...new Set([...own, ...schemaKeys])];
  const others = (key: string) => (query ? query.split('&').filter((p) => p.split('=')[0] !== key) : []);
  for (const key of keys) {
    for (const v of HOSTILE_QUERY_VALUES) await call({ url: withQuery(path, ...others(key), `${encodeURIComponent(key)}=${v}`) });
    for (const shape of hostileQueryShapes(encodeURIComponent(key))) await call({ url: withQuery(path, ...others(key), shape) });
  }
  const generic = GENERIC_QUERY.filter((k) => !keys.includes(k));
  for (const v of HOSTILE_URL_VALUES) await call({ url: withQuery(path, query, ...generic.map((k) => `${k}=${v}`)) });
  for (let i = 0; i < hostileQueryShapes('k').length; i++) await call({ url: withQuery(path, query, ...generic.map((k) => hostileQueryShapes(k)[i])) });
  // A console list: each declared field in its JSON filter.
  for (const field of t.filterFields ?? []) {
    for (const v of HOSTILE_FILTER_VALUES) await call({ url: withQuery(path, `filter=${encodeURIComponent(JSON.stringify({ [field]: v }))}`) });
  }

  // Each protocol header the route's case sends (tus: Upload-Length, Upload-Offset, Upload-Metadata...).
  for (const name of Object.keys(t.headers ?? {})) {
    for (const v of hostileHeaderValues(name)) await call({ url: t.url, headers: { [name]: v } });
  }
  // tus extensions the server does not offer (concatenation, deferred length, checksums).
  if (t.headers && 'Tus-Resumable' in t.headers) {
    for (const [name, values] of Object.entries(TUS_EXTENSION_HEADERS)) for (const v of values) await call({ url: t.url, headers: { [name]: v } });
  }

  if (!withBodies || !sendsBody) return;
  // Each body field: the schema's (each variant of a discriminated union), the case's own, or the generic set.
  const schema = t.schemas?.body ?? t.bodySchema;
  const variants = schema ? variantsOf(schema) : [{ fixed: {}, fields: [] as string[] }];
  for (const variant of variants) {
    const start = { ...baseBody, ...variant.fixed };
    const fields = [...new Set([...variant.fields, ...Object.keys(baseBody).filter((k) => !(k in variant.fixed))])];
    const generic = schema ? [] : GENERIC_FIELDS.filter((f) => !fields.includes(f));
    for (const field of [...fields, ...generic]) {
      const values = caller === 'anonymous' ? ANONYMOUS_BODY_VALUES : generic.includes(field) ? GENERIC_BODY_VALUES : HOSTILE_BODY_VALUES;
      for (const v of values) await call({ url: t.url, json: withField(start, field, v) });
    }
  }
  for (const raw of HOSTILE_RAW_BODIES) await call({ url: t.url, raw });
  // The same fields sent as a form (the portal's and old clients' encoding).
  if (!t.multipart) {
    await call({ url: t.url, raw: 'a=%00&b[c]=1&b[c][d]=2&%00=1&x=%ED%A0%80', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }
}

/** Where a resource's records are written by the fuzz (fresh records, so the run can close or merge them). */
async function makeConsoleIds(): Promise<Record<string, string | number>> {
  return {
    offers: fx.ids.offer,
    'manager-offers': fx.ids.offer,
    applications: fx.ids.halfApplication,
    'offer-applications': fx.ids.application,
    wishlists: fx.ids.wishlist,
    shops: fx.ids.shop,
    templates: fx.ids.template,
    subscriptions: fx.ids.subscription,
    landings: fx.ids.leadForCard,
    'custom-landings': fx.ids.doomedLanding,
    plans: 'franchise_demo',
    jobs: '1',
    'audit-log': '1',
  };
}

describe('every route, with hostile values in every parameter, query value and body field', () => {
  it('answers no 5xx', async () => {
    consoleIds = await makeConsoleIds();
    const targets = (await targetsOf(listRoutes(ctx.app))).filter((t) => !process.env.FUZZ_ONLY || t.url.includes(process.env.FUZZ_ONLY));
    if (!process.env.FUZZ_ONLY) expect(targets.length).toBeGreaterThan(80);
    const started = Date.now();
    const slow: string[] = [];
    // A few targets at a time (the requests of one target one after the other): most of a request's
    // time is the database's writes, which the others can overlap.
    const queue = [...targets];
    const worker = async () => {
      for (let t = queue.shift(); t; t = queue.shift()) {
        const t0 = Date.now();
        await fuzzTarget(t, t.caller, true);
        await fuzzTarget(t, 'anonymous', t.anonymousAllowed);
        if (process.env.FUZZ_PROFILE) slow.push(`${Date.now() - t0} ms ${t.method} ${t.url.slice(0, 80)}`);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_TARGETS }, worker));
    if (process.env.FUZZ_PROFILE)
      console.log(
        slow
          .sort((a, b) => parseInt(b) - parseInt(a))
          .slice(0, 40)
          .join('\n'),
      );
    console.log(`bad-input fuzz: ${targets.length} targets, ${sent.count} requests, ${sent.serverErrors.length} × 5xx in ${Math.round((Date.now() - started) / 1000)} s`);
    expect(sent.serverErrors, sent.serverErrors.join('\n')).toEqual([]);
  }, 600_000);
});

describe('Stripe events, signed, with hostile values in every field the webhook reads', () => {
  it('answers no 5xx', async () => {
    const before = { count: sent.count, errors: sent.serverErrors.length };
    const deliver = (event: unknown) => {
      const raw = JSON.stringify(event);
      return send({ method: 'POST', url: '/apis/stripe/webhook', raw, headers: { 'stripe-signature': stripe.sign(raw) } });
    };
    let n = 0;
    const envelope = (type: string, object: unknown) => ({ id: `evt_fuzz_${++n}`, object: 'event', type, data: { object } });
    for (const [type, schema] of Object.entries(HANDLED_EVENTS)) {
      const base = { id: `obj_${n}`, object: 'x', status: 'active', mode: 'subscription', payment_status: 'paid', subscription: 'sub_unknown', client_reference_id: 'nosuchsub' };
      for (const field of fieldsOf(schema)) {
        for (const v of HOSTILE_BODY_VALUES) await deliver(envelope(type, withField(base, field, v)));
      }
      for (const v of HOSTILE_BODY_VALUES) {
        await deliver({ ...envelope(type, base), data: v });
        await deliver({ ...envelope(type, base), data: { object: v } });
        await deliver({ ...envelope(type, base), id: v });
        await deliver({ ...envelope(type, base), type: v });
      }
    }
    console.log(`bad-input fuzz (Stripe events): ${sent.count - before.count} requests, ${sent.serverErrors.length - before.errors} × 5xx`);
    expect(sent.serverErrors.slice(before.errors), sent.serverErrors.join('\n')).toEqual([]);
  }, 300_000);
});
