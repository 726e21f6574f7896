// Chromium for the browser tests: Debian's /usr/bin/chromium driven by playwright-core, one
// browser per test file, phone-sized pages, and an axe-core check.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS } from '../../helpers/chromium.js';

export { CHROMIUM_ARGS };

export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

/** A 360 px wide phone page (JavaScript on unless told otherwise). */
export async function phonePage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
    baseURL: baseUrl(),
    ...options,
  });
  return context.newPage();
}

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on the page; fails on any serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  // Transitions still running (a dialog fading in) would be measured half-transparent: axe's colour
  // contrast then fails on a loaded machine. Finite ones are awaited; spinners never end.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 5000)),
    ]),
  );
  // evaluate() runs outside the page's CSP, unlike an injected script tag.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
}

/** The page fits a 360 px screen: nothing scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The portal's page is hydrated: React has attached itself to the body. Its scripts load after the
 * first paint (decision 399), and `window.__remixContext` is in the page as sent, so that says nothing.
 */
export async function portalHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((k) => k.startsWith('__reactFiber$')));
}
