// The home page's first visit (issue 24, "Home and first start"; docs/decisions/293-home-presentation.md),
// in French and English on a 360 px phone: the presentation frame is revealed in its place at the end
// of the page and covers nothing; "watch video" plays a real video (the MP4 the product's transcoder
// made, captioned in the page's language), in the frame or on its own page; companies have a sign-in link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Frame } from 'playwright-core';
import { CHROMIUM_ARGS, expectAccessible, expectNoHorizontalScroll, phonePage } from '../helpers/browser.js';

const SHOTS = process.env.SHOTS_DIR;

let browser: Browser;
beforeAll(async () => {
  // The video has sound: the test presses play without waiting for a real person's gesture.
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const TEXTS = {
  fr: { locale: 'fr-FR', watch: 'presentation', signin: 'Vous recrutez ? Connexion entreprise', step1: /^1\. Créez/ },
  en: { locale: 'en-GB', watch: 'presentation', signin: 'Recruiting? Company sign-in', step1: /^1\. Create/ },
} as const;

/** The video of a page or frame plays: its time moves past 1 s. */
async function expectPlays(target: { evaluate: Frame['evaluate']; waitForFunction: Frame['waitForFunction'] }): Promise<void> {
  await target.evaluate(() => (document.querySelector('video') as HTMLVideoElement).play());
  await target.waitForFunction(() => (document.querySelector('video') as HTMLVideoElement).currentTime > 1, null, { timeout: 15_000 });
}

describe('home page and its presentation', () => {
  for (const lang of ['fr', 'en'] as const) {
    it(`in ${lang}: the frame is revealed without covering the page, the video plays with captions, companies sign in`, async () => {
      const text = TEXTS[lang];
      const page = await phonePage(browser, { locale: text.locale });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`/?lang=${lang}`);
      await page.locator('[data-testid="home-frame"][data-shown="true"]').waitFor({ timeout: 6000 });
      // Nothing covers the header (the language switcher) nor the hero; the frame sits after them.
      const header = (await page.locator('header').boundingBox())!;
      expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('header') !== null, { x: header.x + header.width / 2, y: header.y + header.height / 2 })).toBe(true);
      const frameBox = (await page.locator('[data-testid="home-frame"] iframe').boundingBox())!;
      const steps = (await page.locator('ol.steps').boundingBox())!;
      expect(frameBox.y).toBeGreaterThanOrEqual(steps.y + steps.height);
      expect(frameBox.width).toBeGreaterThanOrEqual(350);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-${lang}.png`, fullPage: true });

      // "Watch video" goes to the frame and plays the real video there, with captions in the page's language.
      await page.locator('a.watch').click();
      const frame = page.frames().find((f) => f.url().includes('/presentation'))!;
      await frame.waitForFunction(() => (document.querySelector('video') as HTMLVideoElement).currentTime > 1, null, { timeout: 15_000 });
      const info = await frame.evaluate(() => {
        const v = document.querySelector('video') as HTMLVideoElement;
        const track = v.textTracks[0];
        track.mode = 'hidden';
        return { duration: v.duration, width: v.videoWidth, lang: track.language, src: v.currentSrc };
      });
      expect(info.src).toMatch(/\/presentation-video\/presentation\.mp4$/);
      expect(info.duration).toBeGreaterThan(19);
      expect(info.width).toBe(640);
      expect(info.lang).toBe(lang);
      await frame.waitForFunction(() => ((document.querySelector('video') as HTMLVideoElement).textTracks[0].cues?.length ?? 0) === 5, null, { timeout: 10_000 });
      const firstCue = await frame.evaluate(() => ((document.querySelector('video') as HTMLVideoElement).textTracks[0].cues![0] as VTTCue).text);
      expect(firstCue).toMatch(text.step1);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-video-${lang}.png` });

      // The link's own address is the video's page, in the same language (what a new tab or no script opens).
      const href = await page.locator('a.watch').getAttribute('href');
      expect(href).toBe(`/presentation?lang=${lang}`);
      const alone = await phonePage(browser, { locale: text.locale });
      await alone.goto(href!);
      expect(await alone.locator('html').getAttribute('lang')).toBe(lang);
      await alone.getByTestId('presentation-video').waitFor();
      await expectPlays(alone.mainFrame());
      await expectAccessible(alone);
      await alone.context().close();

      // Companies: a sign-in link, to the dashboard's sign-in form.
      const signin = page.getByTestId('company-signin');
      expect(await signin.innerText()).toBe(text.signin);
      await signin.click();
      await page.waitForURL(/\/dashboard/);
      await page.locator('input[name="email"]').waitFor();
      await page.locator('input[name="password"]').waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    }, 90_000);
  }

  it('the captions resource answers WebVTT per language and 404 for another', async () => {
    const page = await phonePage(browser);
    const nl = await page.request.get('/presentation-captions/nl');
    expect(nl.status()).toBe(200);
    expect(nl.headers()['content-type']).toMatch(/^text\/vtt/);
    const body = await nl.text();
    expect(body.startsWith('WEBVTT\n')).toBe(true);
    expect(body).toContain('00:00:16.000 --> 00:00:20.000');
    expect((await page.request.get('/presentation-captions/xx')).status()).toBe(404);
    await page.context().close();
  });
});
