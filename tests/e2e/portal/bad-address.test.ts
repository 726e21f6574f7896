// A page address holding a NUL, a control character or broken percent-encoding (issue 22; decision
// 210): the real server answers a 400 page in the visitor's language, readable on a phone, with a
// way back home; never a 500 or a JSON error. Then every portal page of portal/app/routes is called
// with hostile parameters, query values and forms (the generated part, like
// tests/api/bad-input-fuzz.test.ts for the API). SHOTS_DIR=/some/dir keeps screenshots.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, expectAccessible, expectNoHorizontalScroll, launch, phonePage } from '../helpers/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a page address with invalid characters', () => {
  it.each([
    ['fr-FR', '/portal/%00', 'Adresse non valide', 'Retour à l’accueil'],
    ['fr-FR', '/portal/franchise_demo/%00', 'Adresse non valide', 'Retour à l’accueil'],
    ['en-GB', '/candidate/offer/%ZZ', 'Invalid address', 'Back to the home page'],
    ['nl-BE', '/landing/a%01b', 'Ongeldig adres', 'Terug naar de startpagina'],
  ])('in %s, %s answers a 400 page with a way home', async (locale, url, title, back) => {
    const page = await phonePage(browser, { locale });
    const res = await page.goto(url);
    expect(res?.status()).toBe(400);
    expect(await page.title()).toBe(title);
    expect(await page.locator('h1').textContent()).toBe(title);
    expect(await page.locator('html').getAttribute('lang')).toBe(locale.slice(0, 2));
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `bad-address-${locale}-${url.split('/')[1]}.png`), fullPage: true });
    // The way home keeps the language.
    await page.getByRole('link', { name: back }).click();
    await page.waitForURL(/\/\?lang=/);
    expect(await page.locator('html').getAttribute('lang')).toBe(locale.slice(0, 2));
    await page.context().close();
  });

  it('the API answers its JSON error on the same server', async () => {
    const res = await fetch(`${baseUrl()}/apis/list-offers/%00`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_characters' });
  });
});

// The portal's own route table (Remix flat routes: portal/app/routes/*.tsx), each parameter and a
// few query values given hostile values, and the pages with an action posted a hostile form: no
// answer may be a 5xx. A new page is fuzzed with no new case.
const ROUTES_DIR = path.join(import.meta.dirname, '../../../portal/app/routes');
const PAGE_VALUES = ['%00', '%ZZ', '-1', '99999999999999999999999', 'null', 'x'.repeat(3000), '%E2%80%AE%F0%9F%A5%90', '%22%3E%3Cscript%3E'];
const QUERY_KEYS = ['lang', 'step', 'session_id', 'email', 'code'];
const FORM_VALUES = ['L%C3%A9%00a', 'x'.repeat(70 * 1024), '-99999999999', '2024-13-45'];

/** /candidate/offer/:jobCode from candidate.offer.$jobCode.tsx; optional segments are kept. */
function pagePath(file: string): string | null {
  // candidate._index.tsx is /candidate.
  const name = file.replace(/\.tsx$/, '').replace(/\._index$/, '');
  if (name === '$') return '/:splat';
  if (name === '_index') return '/';
  return `/${name
    .split('.')
    .map((part) => part.replace(/^\(\$(\w+)\)$/, ':$1').replace(/^\$(\w+)$/, ':$1'))
    .join('/')}`;
}

describe('every portal page with hostile parameters, query values and forms', () => {
  it('answers no 5xx', async () => {
    const files = fs.readdirSync(ROUTES_DIR).filter((f) => f.endsWith('.tsx'));
    const problems: string[] = [];
    let sent = 0;
    const hit = async (url: string, init: RequestInit = {}) => {
      sent++;
      try {
        const res = await fetch(`${baseUrl()}${url}`, { redirect: 'manual', ...init });
        await res.arrayBuffer();
        if (res.status >= 500) problems.push(`${init.method ?? 'GET'} ${url.slice(0, 120)} ${String(init.body ?? '').slice(0, 60)} -> ${res.status}`);
      } catch (e) {
        // A connection cut before the answer is as bad as a 5xx for the visitor.
        problems.push(`${init.method ?? 'GET'} ${url.slice(0, 120)} ${String(init.body ?? '').slice(0, 80)} -> ${String((e as Error).cause ?? e)}`);
      }
    };
    for (const file of files) {
      const route = pagePath(file);
      if (!route) continue;
      const segments = route.split('/');
      for (let i = 0; i < segments.length; i++) {
        if (!segments[i].startsWith(':')) continue;
        for (const v of PAGE_VALUES) await hit(segments.map((s, j) => (j === i ? v : s.startsWith(':') ? 'DEMO1' : s)).join('/'));
      }
      const plain = segments.map((s) => (s.startsWith(':') ? 'DEMO1' : s)).join('/');
      for (const key of QUERY_KEYS) for (const v of PAGE_VALUES.slice(0, 6)) await hit(`${plain}?${key}=${v}`);
      // A form posted to a page with an action: each field the page names, hostile, with each intent it handles.
      const source = fs.readFileSync(path.join(ROUTES_DIR, file), 'utf8');
      if (!/export (async )?function action|export const action/.test(source)) continue;
      const fields = [...new Set([...source.matchAll(/name="(\w+)"/g)].map((m) => m[1]))].filter((f) => f !== 'intent');
      const intents = ['', ...new Set([...source.matchAll(/intent === '(\w+)'/g)].map((m) => m[1]))];
      for (const intent of intents) {
        for (const v of FORM_VALUES) {
          const body = [`intent=${intent}`, ...fields.map((f) => `${f}=${v}`)].join('&');
          await hit(plain, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl() } });
        }
      }
    }
    console.log(`bad-input fuzz (portal pages): ${sent} requests, ${problems.length} × 5xx`);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 300_000);
});
