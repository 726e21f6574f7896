// A real browser (Chromium) signs in with a password and through the real SAML IdP, against the
// app listening on loopback.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS } from '../helpers/chromium.js';
import { makeSsoProvider, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { startIdp, type TestIdp } from '../helpers/saml-idp.js';
import { createApp } from '../../api/app.js';
import { hashPassword } from '../../api/auth/passwords.js';
import { User } from '../../models/index.js';

let ctx: TestContext;
let server: http.Server;
let base: string;
let idp: TestIdp;
let browser: BrowserContext;
let profileDir: string;
const seen: Array<{ origin?: string; cookie: boolean; res: http.ServerResponse }> = [];

beforeAll(async () => {
  ctx = await createTestContext();
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = createApp({ ...ctx.deps, settings: { ...ctx.settings, publicUrl: base } });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url?.startsWith('/apis/admin/recruiters')) seen.push({ origin: req.headers.origin, cookie: /\bsid=/.test(req.headers.cookie ?? ''), res });
    app(req, res);
  });
  idp = await startIdp({ acsUrl: `${base}/apis/sso/acme/acs`, audience: `${base}/apis/sso/acme/metadata` });
  await makeSsoProvider({ identifier: 'acme', name: 'Acme', entry_point: idp.ssoUrl, idp_issuer: idp.issuer, idp_cert: idp.cert, default_profile: 'recruiter' }, ['acme.test']);
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-chromium-'));
  browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await idp?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await ctx?.close();
  if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
});

describe('in a browser', () => {
  it('signs in with a password, edits the profile (same-origin passes the CSRF check) and signs out', async () => {
    const u = await makeUser({ email: 'eve@example.test', profile: 'recruiter' });
    await u.update({ password_hash: await hashPassword('secret12') });
    const page = await browser.newPage();
    // A blank page of our origin (API answers carry a CSP that forbids scripts from fetching).
    await page.route(`${base}/blank`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
    await page.goto(`${base}/blank`);
    const result = await page.evaluate(async () => {
      const json = { 'content-type': 'application/json' };
      const login = await fetch('/apis/auth/login', { method: 'POST', headers: json, body: JSON.stringify({ email: 'eve@example.test', password: 'secret12' }) });
      const edit = await fetch('/apis/auth/me', { method: 'PATCH', headers: json, body: JSON.stringify({ name: 'Eve Browser' }) });
      const me = await (await fetch('/apis/auth/me')).json();
      const out = await fetch('/apis/auth/logout', { method: 'POST' });
      const after = await fetch('/apis/auth/me');
      return { login: login.status, cookieVisible: document.cookie.includes('sid='), edit: edit.status, me, out: out.status, after: after.status };
    });
    expect(result).toMatchObject({ login: 200, cookieVisible: false, edit: 200, out: 204, after: 401 });
    expect(result.me.name).toBe('Eve Browser');
    await page.close();
  });

  it('refuses a change posted by a page of another origin with the cookie attached', async () => {
    const u = await makeUser({ email: 'frank@example.test', profile: 'recruiter', is_admin: true });
    await u.update({ password_hash: await hashPassword('secret12') });
    const page = await browser.newPage();
    const post = (target: string, email: string) =>
      page
        .evaluate(
          async ([t, e]) => {
            // A "simple" cross-origin request: no preflight, cookie attached, answer unreadable.
            const r = await fetch(`${t}/apis/admin/recruiters`, {
              method: 'POST',
              credentials: 'include',
              mode: 'no-cors',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ name: 'Forged Recruiter', email: e, password: 'secret123' }).toString(),
            });
            return r.type;
          },
          [target, email] as const,
        )
        .catch((e: Error) => `error: ${e.message}`);
    await page.route(`${base}/blank`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>ours</title>' }));
    await page.goto(`${base}/blank`);
    await page.evaluate(() =>
      fetch('/apis/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'frank@example.test', password: 'secret12' }) }),
    );
    // Control: the same request from our own origin goes through.
    expect(await post(base, 'same.origin@example.test')).toBe('basic');
    expect(await User.count({ where: { email: 'same.origin@example.test' } })).toBe(1);
    // Same site (127.0.0.1), other origin (the IdP's port): SameSite=Lax sends the cookie; the Origin check stops it.
    const evil = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>evil</title>'));
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
      seen.length = 0;
      // The page cannot read the answer either way (Chromium may even report a network error).
      await post(base, 'forged@example.test');
    } finally {
      evil.closeAllConnections();
      await new Promise<void>((resolve) => evil.close(() => resolve()));
    }
    // It reached us with the cookie, from the other origin, and was refused.
    expect(seen.map((x) => [x.origin?.startsWith('http://127.0.0.1:'), x.origin === base, x.cookie, x.res.statusCode])).toEqual([[true, false, true, 403]]);
    expect(await User.count({ where: { email: 'forged@example.test' } })).toBe(0);
    await page.close();
  });

  it('signs in through the company IdP and lands signed in', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/apis/sso/acme/login?RelayState=${encodeURIComponent('/apis/auth/me')}`);
    expect(page.url().startsWith(idp.url)).toBe(true);
    await page.fill('#userName', 'dana.leroy@acme.test');
    await page.fill('#email', 'dana.leroy@acme.test');
    await Promise.all([page.waitForURL(`${base}/apis/auth/me`, { timeout: 20_000 }), page.click('#btn-sign-in')]);
    const me = JSON.parse((await page.textContent('body')) ?? '{}');
    expect(me).toMatchObject({ email: 'dana.leroy@acme.test', profile: 'recruiter' });
    expect(await User.count({ where: { email: 'dana.leroy@acme.test' } })).toBe(1);
    await page.close();
  });
});
