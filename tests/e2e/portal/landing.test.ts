// The customer landing page in Chromium: a lead through the three steps (with and without
// JavaScript), the device-specific badge or QR code, and the error paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, expectAccessible, expectNoHorizontalScroll, launch, phonePage, portalHydrated } from '../helpers/browser.js';
import { query } from '../helpers/db.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.fr`;

describe('landing page', () => {
  it('takes a lead through shop and offer, contact details, then ready for story with the QR code', async () => {
    const page = await phonePage(browser, { userAgent: DESKTOP_UA });
    const res = await page.goto('/landing/maison-demo');
    expect(res?.status()).toBe(200);
    expect(await page.locator('.counter').textContent()).toBe('Étape 1/2');
    expect(await page.locator('.landing-header').evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await portalHydrated(page);
    await page.locator('#l-shop').waitFor();

    // Choosing a shop filters the offers and selects its first one.
    const shops = await page.locator('#l-shop option').allTextContents();
    expect(shops.length).toBeGreaterThan(1);
    await page.selectOption('#l-shop', { label: shops[1] });
    const firstOffer = await page.locator('#l-job option').first().getAttribute('value');
    expect(await page.locator('#l-job').inputValue()).toBe(firstOffer);
    await page.click('button[type="submit"]');
    await page.locator('[data-testid="landing-step-2"]').waitFor();
    expect(await page.locator('.counter').textContent()).toBe('Étape 2/2');

    const email = unique('lead');
    await page.fill('#l-email', email);
    await page.fill('#l-firstname', 'Inès');
    await page.fill('#l-lastname', 'Moreau');
    await page.check('#l-accept_cgu');
    await page.click('button[type="submit"]');
    await page.locator('[data-testid="landing-step-3"]').waitFor();
    expect(await page.locator('[data-testid="ready-code"]').textContent()).toBe(firstOffer);
    expect(await page.locator('.ready ol > li').count()).toBe(3);
    const qr = page.locator('[data-testid="qr"]');
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid="qr"]') as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth > 0;
    });
    expect(await qr.getAttribute('src')).toContain('/apis/qrcode');
    await expectAccessible(page);

    const rows = await query<{ cgu_from: string; job_code: string }>('SELECT cgu_from, job_code FROM landing_interests WHERE email = ?', [email]);
    expect(rows).toEqual([{ cgu_from: 'landing/maison-demo', job_code: firstOffer }]);
    await page.context().close();
  });

  it('works without JavaScript and shows the App Store badge on an iPhone', async () => {
    const page = await phonePage(browser, { javaScriptEnabled: false, userAgent: IPHONE_UA });
    await page.goto('/landing/maison-demo?lang=nl');
    expect(await page.locator('.counter').textContent()).toBe('Stap 1/2');
    const code = await page.locator('#l-job').inputValue();
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    expect(await page.locator('.counter').textContent()).toBe('Stap 2/2');

    // Server-side check first: a wrong email is refused with the step's errors.
    await page.fill('#l-email', 'nope');
    const [bad] = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    expect(bad?.status()).toBe(400);
    expect(await page.locator('#le-email').textContent()).toBe('Voer een geldig e-mailadres in.');
    expect(await page.locator('#le-accept_cgu').count()).toBe(1);

    await page.fill('#l-email', unique('nojs-lead'));
    await page.fill('#l-firstname', 'Tom');
    await page.fill('#l-lastname', 'Leroy');
    await page.check('#l-accept_cgu');
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    expect(await page.locator('[data-testid="ready-code"]').textContent()).toBe(code);
    expect(await page.locator('[data-testid="landing-step-3"] [data-store="ios"]').count()).toBe(1);
    expect(await page.locator('[data-testid="landing-step-3"] [data-store="android"]').count()).toBe(0);
    expect(await page.locator('[data-testid="qr"]').count()).toBe(0);
    await page.context().close();
  });

  it('answers 404 for an unknown customer, and step 3 reports a failed lead', async () => {
    const page = await phonePage(browser);
    const res = await page.goto('/landing/no-such-customer');
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page introuvable');

    // A lead for an offer that is not open: step 3 is shown, with the error.
    const form = new URLSearchParams({ job_code: 'CHEF75', email: unique('closed'), firstname: 'A', lastname: 'B', accept_cgu: 'on' });
    await page.goto('/landing/maison-demo');
    const html = await page.evaluate(async (body) => {
      const r = await fetch(location.pathname, { method: 'POST', body: new URLSearchParams(body), headers: { accept: 'text/html' } });
      return { status: r.status, text: await r.text() };
    }, form.toString());
    expect(html.status).toBe(404);
    expect(html.text).toContain('data-testid="landing-step-3"');
    expect(html.text).toContain('Vos coordonnées n’ont pas pu être enregistrées');
    expect(baseUrl()).toBeTruthy();
    await page.context().close();
  });
});
