// A boosted offer's mark on its public page (issue 23, "Boosters buy something visible"; decision
// 251), in Chromium on a phone: the demo's CAFE75 is boosted (the seed boosts it for 7 days, 2 days
// before loading), BARM75 is not. French by default, Dutch and English by ?lang, accessible.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible, expectNoHorizontalScroll, launch, phonePage } from '../helpers/browser.js';
import { query } from '../helpers/db.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.SHOTS_DIR;

describe('the boost mark on the offer page', () => {
  it('shows on a boosted offer, in the page language, and not on another', async () => {
    const [boosted] = await query<{ is_boosted: number; boost_ends_at: string | null }>('SELECT is_boosted, boost_ends_at FROM offers WHERE job_code = ?', ['CAFE75']);
    expect(Number(boosted.is_boosted)).toBe(1);
    expect(boosted.boost_ends_at).not.toBeNull();
    const page = await phonePage(browser);
    for (const [lang, text] of [
      ['', 'Offre à la une'],
      ['?lang=nl', 'Uitgelichte vacature'],
      ['?lang=en', 'Featured offer'],
    ] as const) {
      const res = await page.goto(`/candidate/offer/CAFE75${lang}`);
      expect(res?.status()).toBe(200);
      const mark = page.locator('[data-testid="boost-mark"]');
      expect((await mark.textContent())?.trim()).toBe(`★ ${text}`);
      expect(await mark.isVisible()).toBe(true);
      await expectNoHorizontalScroll(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/offer-boosted-${lang.slice(6) || 'fr'}.png`, fullPage: false });
    }
    await expectAccessible(page);
    await page.goto('/candidate/offer/BARM75');
    expect(await page.locator('h1').textContent()).toBeTruthy();
    expect(await page.locator('[data-testid="boost-mark"]').count()).toBe(0);
    await page.context().close();
  });
});
