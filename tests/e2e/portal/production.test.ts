// The server as `npm start` runs it (compiled, production mode): error pages show no stack and no
// server path, and their title is translated (docs/decisions/101-production-mode-and-error-pages.md).
// Plain HTTP: what matters is the HTML the server sends.
import http from 'node:http';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../../config/settings.js';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { baseUrl } from '../helpers/browser.js';

function title(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

/** What a leaked error would show: a stack frame, a file of ours, the error's own text. */
function expectNothingInternal(html: string, ...texts: string[]) {
  expect(html).not.toMatch(/\n\s+at [^\n]+\(/);
  expect(html).not.toContain(ROOT_DIR);
  expect(html).not.toMatch(/\.(ts|tsx):\d+/);
  for (const t of texts) expect(html).not.toContain(t);
}

describe('error pages in production mode', () => {
  it('POST /privacy (a page with no action) answers 405 without a stack, titled in French', async () => {
    const res = await fetch(`${baseUrl()}/privacy`, { method: 'POST', headers: { Origin: baseUrl(), 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(res.status).toBe(405);
    const html = await res.text();
    expectNothingInternal(html, 'did not provide an `action`');
    expect(title(html)).toBe('Erreur');
    expect(html).toContain('<html lang="fr"');
    expect(html).not.toContain('error_');
    expect(html).not.toContain('site_name');
    // Drawn without the catalog the browser would need: sent without scripts.
    expect(html).not.toContain('<script');
  });

  it('follows Accept-Language and ?lang on that page', async () => {
    const en = await fetch(`${baseUrl()}/privacy`, { method: 'POST', headers: { Origin: baseUrl(), 'Accept-Language': 'en-GB,en;q=0.9' } });
    const enHtml = await en.text();
    expect(title(enHtml)).toBe('Error');
    expect(enHtml).toContain('<html lang="en"');
    const nl = await fetch(`${baseUrl()}/privacy?lang=nl`, { method: 'POST', headers: { Origin: baseUrl() } });
    expect(title(await nl.text())).toBe('Fout');
  });
});

/** One GET with the Host header given as is (fetch would write its own). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe('page requests Remix cannot take', () => {
  it('a Host that makes no URL answers 400, not a server error', async () => {
    const bad = await getWithHost(`${baseUrl()}/privacy`, 'exa mple:1');
    expect(bad.status).toBe(400);
    expectNothingInternal(bad.body, 'Invalid URL');
    // The same page with a usable Host is the page.
    expect((await getWithHost(`${baseUrl()}/privacy`, new URL(baseUrl()).host)).status).toBe(200);
  });
});

describe('a loader that throws, in production mode', () => {
  // A server of its own: the test breaks its database under it.
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: 'silent' });
    const ok = await fetch(`${server.baseUrl}/candidate/offer/CAFE75`);
    expect(ok.status).toBe(200);
    const db = new sqlite3.Database(path.join(server.dataDir, 'server.sqlite'));
    await new Promise<void>((resolve, reject) => db.exec('ALTER TABLE offers RENAME TO offers_gone', (e) => (e ? reject(e) : resolve())));
    await new Promise((r) => db.close(r));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 500 with the translated error page, no stack, no database message', async () => {
    const res = await fetch(`${server.baseUrl}/candidate/offer/CAFE75`);
    expect(res.status).toBe(500);
    const html = await res.text();
    expectNothingInternal(html, 'SQLITE', 'no such table', 'offers_gone');
    expect(title(html)).toBe('Erreur');
    expect(html).toContain('Une erreur');
  });

  it('in English with Accept-Language', async () => {
    const res = await fetch(`${server.baseUrl}/candidate/offer/CAFE75`, { headers: { 'Accept-Language': 'en' } });
    expect(res.status).toBe(500);
    const html = await res.text();
    expectNothingInternal(html, 'SQLITE', 'no such table');
    expect(title(html)).toBe('Error');
  });
});
