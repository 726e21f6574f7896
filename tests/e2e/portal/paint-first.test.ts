// The page is painted before its scripts are fetched (decision 399): the server sends Remix's
// modulepreload links and module script disarmed, the head's inline script arms them after the
// first contentful paint, and the page hydrates as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, phonePage } from '../helpers/browser.js';

const PAGES = ['/', '/candidate/offer/CAFE75', '/landing/maison-demo', '/feedback/demo-share-1', '/portal/franchise_demo', '/draft/offer/demo-draft-maison-0001/4'];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Hydrated: React has attached itself to the header's brand. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const brand = document.querySelector('.brand');
    return !!brand && Object.keys(brand).some((k) => k.startsWith('__reactFiber$'));
  });

describe('the page is painted before its scripts are fetched', () => {
  it.each(PAGES)('%s: sent with its scripts disarmed, fetched after the first contentful paint, then hydrated', async (path) => {
    const html = await (await fetch(`${baseUrl()}${path}`)).text();
    expect(html).toContain('<link data-deferred-rel="modulepreload" href="/assets/entry.client-');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    expect(html).toContain('type="text/x-deferred-module"');

    const page = await phonePage(browser);
    await page.goto(path);
    await hydrated(page);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/assets/'))
        .map((e) => ({ url: e.name, start: e.startTime })),
    }));
    expect(timing.fcp).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThan(2);
    for (const s of timing.scripts) expect(s.start, s.url).toBeGreaterThanOrEqual(timing.fcp);
    await page.context().close();
  });
});
