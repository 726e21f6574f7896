// The manager area's API keys screen (issue 28, decision 485), in French and English: create a key
// with a scope (the form says what is missing first), the key shown once with a copy button, the
// list with its prefix, scopes, creator and "never used", the key working as a Bearer and its last
// use shown after, revoke with a confirmation (the key then refused). Screenshots under /tmp/apikeys-shots.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoManagerServer } from './setup.js';
import { baseUrl, expectAccessible, launch } from '../helpers/browser.js';

const demo = demoManagerServer();
const SHOTS = '/tmp/apikeys-shots';
const RAW_KEY = /\b(manager|resources|ra|console)\.[a-z_]+(\.[a-z_]+)*\b/;

async function pageIn(locale: string): Promise<Page> {
  const context = await demo.s.browser.newContext({ viewport: { width: 1366, height: 900 }, locale, baseURL: demo.s.base });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.s.base });
  const page = await context.newPage();
  const res = await page.request.post(`${demo.s.base}/apis/auth/login`, { data: { email: 'manager@demo.test', password: 'demo1234' } });
  expect(res.status()).toBe(200);
  await page.goto(`${demo.s.base}/manager/api-keys`);
  return page;
}

const cases = [
  {
    locale: 'fr-FR',
    lang: 'fr',
    t: {
      menu: 'Clés d’API',
      create: 'Créer une clé',
      scopeMissing: 'Choisissez au moins une portée.',
      scope: 'Lire les candidatures',
      copied: 'Copiée',
      never: 'Jamais utilisée',
      revoke: 'Révoquer',
      revoked: 'Révoquée le',
      confirm: /confirmer/i,
    },
  },
  {
    locale: 'en-GB',
    lang: 'en',
    t: {
      menu: 'API keys',
      create: 'Create a key',
      scopeMissing: 'Choose at least one scope.',
      scope: 'Read applications',
      copied: 'Copied',
      never: 'Never used',
      revoke: 'Revoke',
      revoked: 'Revoked on',
      confirm: /confirm/i,
    },
  },
];

describe('the API keys screen', () => {
  for (const { locale, lang, t } of cases) {
    it(`${lang}: creates a key shown once, lists it, shows its use and revokes it`, async () => {
      const page = await pageIn(locale);
      await page.getByRole('menuitem', { name: t.menu }).waitFor();
      await page.getByTestId('api-key-create').click();
      // Nothing chosen: the form says so and sends nothing.
      await page.getByTestId('api-key-create-submit').click();
      await page.getByText(t.scopeMissing).waitFor();
      const name = `ATS ${lang} ${Date.now()}`;
      await page.getByTestId('api-key-name').fill(name);
      await page.getByLabel(new RegExp(t.scope)).check();
      await page.screenshot({ path: `${SHOTS}/create-${lang}.png` });
      await page.getByTestId('api-key-create-submit').click();

      const secretInput = page.getByTestId('api-key-secret');
      await secretInput.waitFor();
      const key = await secretInput.inputValue();
      expect(key).toMatch(/^vrk_[A-Za-z0-9_-]{43}$/);
      await page.getByTestId('api-key-copy').click();
      await page.getByRole('button', { name: t.copied, exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await page.screenshot({ path: `${SHOTS}/secret-${lang}.png` });
      await expectAccessible(page);
      await page.getByTestId('api-key-secret-done').click();

      const row = page.getByTestId('api-keys-table').locator('tbody tr', { hasText: name });
      await row.waitFor();
      const text = await row.innerText();
      expect(text).toContain(key.slice(0, 12));
      expect(text).toContain(t.scope);
      expect(text).toContain(t.never);
      expect(text).toContain('Claire Dubois');
      // Shown once: the page no longer holds the key.
      expect(await page.locator('body').innerText()).not.toContain(key.slice(12));
      expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);

      // The key works as a Bearer; the list then shows its last use.
      const used = await page.request.get(`${demo.s.base}/apis/application`, { headers: { Authorization: `Bearer ${key}` } });
      expect(used.status()).toBe(200);
      await page.reload();
      await row.waitFor();
      await expect.poll(() => row.innerText()).not.toContain(t.never);
      await page.screenshot({ path: `${SHOTS}/list-${lang}.png` });

      await row.getByRole('button', { name: t.revoke }).click();
      await page.getByRole('dialog').waitFor();
      expect(await page.getByRole('dialog').innerText()).toContain(name);
      await page.screenshot({ path: `${SHOTS}/revoke-${lang}.png` });
      await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
      await row.getByText(t.revoked).waitFor();
      const refused = await page.request.get(`${demo.s.base}/apis/application`, { headers: { Authorization: `Bearer ${key}` } });
      expect(refused.status()).toBe(401);
      expect((await refused.json()).error).toBe('api_key_revoked');
      await page.context().close();
    }, 120_000);
  }
});

describe('/developers, the API reference', () => {
  for (const [lang, heading, keyRoutes] of [
    ['fr', 'Référence de l’API', 'Adresses ouvertes aux clés'],
    ['en', 'API reference', 'Routes open to API keys'],
  ] as const) {
    it(`${lang}: drawn on the server with no script, Bearer keys, scopes and the key routes first`, async () => {
      const browser = await launch();
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const res = await page.goto(`${baseUrl()}/developers?lang=${lang}`);
      expect(res!.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
      expect(await page.locator('script[src]').count()).toBe(0);
      const text = await page.locator('body').innerText();
      expect(text).toContain('Authorization: Bearer vrk_');
      for (const scope of ['read_applications', 'write_offers', 'read_analytics']) expect(text).toContain(scope);
      expect(text).toContain(keyRoutes);
      expect(text.indexOf('GET /apis/application/{job_code}')).toBeLessThan(text.indexOf('GET /apis/console/{resource}'));
      await page.getByText('POST /apis/offer/{job_code}').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/developers-${lang}.png` });
      await expectAccessible(page);
      await browser.close();
    });
  }
});
