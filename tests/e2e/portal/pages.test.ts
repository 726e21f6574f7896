// Home, legal, download, macros, login and 404 pages in Chromium: content, metadata, language,
// phone width and accessibility.
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

describe('home page', () => {
  it('shows the title, badges, benefits and five steps, then reveals the presentation frame', async () => {
    const page = await phonePage(browser);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.title()).resolves.toContain('Recrutement vidéo');
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBeTruthy();
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('70 %');
    expect(await page.locator('.hero h1').textContent()).toContain('70 %');
    expect(await page.locator('.hero [data-store="ios"]').count()).toBe(1);
    expect(await page.locator('.hero [data-store="android"]').count()).toBe(1);
    expect(await page.locator('.band li').allTextContents()).toEqual([
      'Économisez des dizaines d’heures',
      'L’humain avant le CV',
      'Uniquement des candidatures motivées',
      'Un recrutement moderne, digital et éthique',
    ]);
    expect(await page.locator('ol.steps > li').count()).toBe(5);
    const footer = page.locator('footer');
    for (const href of ['/terms', '/legals', '/privacy']) expect(await footer.locator(`a[href="${href}?lang=fr"]`).count()).toBe(1);
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    // The inlined stylesheet survives hydration.
    // Hydrated: React has attached itself to the brand's node; then one more frame for its effects.
    await page.waitForFunction(() => {
      const brand = document.querySelector('.brand');
      return !!brand && Object.keys(brand).some((k) => k.startsWith('__reactFiber$'));
    });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.locator('.brand').evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');

    // The frame's final call-to-action appears: the frame is revealed in its place at the end of the
    // page, the page's full width, and covers nothing (the language switcher stays on top, usable).
    await page.locator('[data-testid="home-frame"][data-shown="true"]').waitFor({ timeout: 5000 });
    const box = await page.locator('[data-testid="home-frame"] iframe').boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(350);
    expect(box?.height).toBeGreaterThan(500);
    const hero = await page.locator('.hero').boundingBox();
    expect(box!.y).toBeGreaterThan(hero!.y + hero!.height);
    const switcher = await page.locator('header').boundingBox();
    const topAtHeader = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('header') !== null, { x: switcher!.x + switcher!.width / 2, y: switcher!.y + switcher!.height / 2 });
    expect(topAtHeader).toBe(true);
    expect(await page.getByRole('button', { name: 'Fermer' }).count()).toBe(0);
    await page.context().close();
  });

  it('keeps the frame hidden when no call-to-action appears within 3 seconds', async () => {
    const page = await phonePage(browser);
    await page.route('**/presentation*', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>x</title><p>nothing here</p>' }));
    await page.clock.install();
    await page.goto('/');
    // The watch starts once the frame has its address; four seconds of the page's clock then pass.
    await page.locator('[data-testid="home-frame"] iframe[src^="/presentation"]').waitFor({ state: 'attached' });
    await page.clock.runFor(4000);
    expect(await page.locator('[data-testid="home-frame"]').getAttribute('data-shown')).toBe('false');
    const box = await page.locator('[data-testid="home-frame"] iframe').boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it('speaks Dutch with ?lang=nl and with a Dutch browser, English for Spanish', async () => {
    const page = await phonePage(browser);
    await page.goto('/?lang=nl');
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    expect(await page.locator('.hero h1').textContent()).toContain('Werf aan op video');
    await page.context().close();

    const dutch = await phonePage(browser, { locale: 'nl-BE', extraHTTPHeaders: { 'accept-language': 'nl-BE,nl;q=0.9' } });
    await dutch.goto('/');
    expect(await dutch.locator('.hero h1').textContent()).toContain('Werf aan op video');
    await dutch.context().close();

    const spanish = await phonePage(browser, { locale: 'es-ES', extraHTTPHeaders: { 'accept-language': 'es-ES' } });
    await spanish.goto('/');
    expect(await spanish.locator('html').getAttribute('lang')).toBe('es');
    expect(await spanish.locator('.hero h1').textContent()).toContain('Recruit on video');
    await spanish.context().close();
  });
});

describe('legal and static pages', () => {
  it('give the privacy facts in French', async () => {
    const page = await phonePage(browser, { locale: 'en-GB' });
    await page.goto('/privacy?lang=en');
    const text = await page.locator('main').innerText();
    expect(text).toContain('12 mois');
    expect(text).toContain('trois ans');
    expect(text).toContain('15 ans');
    expect(text).toContain('04/10/2020');
    await expectAccessible(page);
    await page.context().close();
  });

  it('give the terms facts and the legal notice', async () => {
    const page = await phonePage(browser);
    await page.goto('/terms');
    const terms = await page.locator('main').innerText();
    expect(terms).toContain('16 ans');
    expect(terms).toContain('14 jours');
    expect(terms).toContain('5 questions');
    expect(terms).toContain('50 fois');
    expect(terms).toContain('04/10/2020');
    await expectAccessible(page);
    await page.goto('/legals');
    expect(await page.locator('h1').textContent()).toBe('Mentions légales');
    await expectAccessible(page);
    await page.context().close();
  });

  it('has a download page with sharing tags and both badges', async () => {
    const page = await phonePage(browser);
    await page.goto('/download');
    expect(await page.title()).toBe('Téléchargez l’application de recrutement vidéo');
    expect(await page.locator('meta[property="og:description"]').getAttribute('content')).toContain('App Store');
    expect(await page.locator('meta[name="twitter:card"]').count()).toBe(1);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    const imageRes = await fetch(new URL(new URL(image ?? '').pathname, baseUrl()));
    expect(imageRes.status).toBe(200);
    expect(imageRes.headers.get('content-type')).toBe('image/png');
    expect(await page.locator('main [data-store]').count()).toBe(2);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.context().close();
  });

  it('/recruiter-macros sets metadata only', async () => {
    const page = await phonePage(browser);
    await page.goto('/recruiter-macros?title=Vendeur%20H%2FF&description=Rejoignez-nous&url=https%3A%2F%2Fexample.org%2Fo');
    expect(await page.title()).toBe('Vendeur H/F');
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe('https://example.org/o');
    expect((await page.locator('main').innerText()).trim()).toBe('');
    await page.context().close();
  });
});

describe('404', () => {
  it('answers status 404 with the page-not-found page, in the visitor language', async () => {
    const page = await phonePage(browser);
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page introuvable');
    expect(await page.title()).toBe('Page introuvable');
    await expectAccessible(page);
    const nl = await page.goto('/bestaat-niet?lang=nl');
    expect(nl?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Pagina niet gevonden');
    await page.context().close();
  });

  it('sends a CSP with a nonce that the inline scripts carry', async () => {
    const res = await fetch(`${baseUrl()}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const m of inline) expect(m[1]).toContain(`nonce="${nonce}"`);
  });
});
