// A page address holding a NUL, a control character or broken percent-encoding (issue 22; decision
// 210): the real server answers a 400 page in the visitor's language, readable on a phone, with a
// way back home; never a 500 or a JSON error. SHOTS_DIR=/some/dir keeps screenshots.
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
