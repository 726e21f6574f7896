// The feedback page in Chromium: the shared candidate, the HLS player really playing and moving
// to the next answer, the vote form and its rules, and the 50-view cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectAccessible, expectNoHorizontalScroll, launch, phonePage } from '../helpers/browser.js';
import { query } from '../helpers/db.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SHARE = 'demo-share-1';

async function currentTime(page: Page): Promise<number> {
  return page.locator('[data-testid="player"] video').evaluate((v) => (v as HTMLVideoElement).currentTime);
}

describe('feedback page', () => {
  it('plays the answers with hls.js, moves to the next one, and sends the feedback', async () => {
    const page = await phonePage(browser);
    const hlsScripts: string[] = [];
    const mediaRequests: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' && /\/hls-/.test(r.url())) hlsScripts.push(r.url());
      if (/\.(m3u8|ts)$/.test(new URL(r.url()).pathname)) mediaRequests.push(new URL(r.url()).pathname);
    });
    await page.goto(`/feedback/${SHARE}`);
    await page.locator('[data-testid="candidate"]').waitFor();
    expect(await page.locator('[data-testid="candidate"]').innerText()).toContain('Partagé par');
    const box = await page.locator('[data-testid="player"]').boundingBox();
    expect(Math.round(((box?.width ?? 0) / (box?.height ?? 1)) * 16)).toBe(9);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    // hls.js waits for the visitor to start the player.
    expect(hlsScripts).toEqual([]);
    await page.getByRole('button', { name: 'Lecture' }).click();
    await page.waitForFunction(() => ((document.querySelector('[data-testid="player"] video') as HTMLVideoElement)?.currentTime ?? 0) > 0.5, null, { timeout: 15_000 });
    expect(hlsScripts.length).toBeGreaterThan(0);
    // Playlists and segments come through signed, short-lived addresses, never /files (decision 085).
    expect(mediaRequests.some((p) => p.endsWith('.ts'))).toBe(true);
    for (const p of mediaRequests) expect(p).toMatch(/^\/media\/\d+\.s\d+\.[A-Za-z0-9_-]{43}\/story\/[0-9a-f]{32}\/q\d\/[a-z0-9]+\.(m3u8|ts)$/);
    const firstQuestion = await page.locator('.player .question').innerText();

    // Right half: the next answer, which plays too.
    await page.getByRole('button', { name: 'Question suivante' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute('data-index') === '1');
    const t0 = await currentTime(page);
    await page.waitForFunction((t) => (document.querySelector('[data-testid="player"] video') as HTMLVideoElement).currentTime > t + 0.3, t0, { timeout: 15_000 });
    expect(await page.locator('.player .question').innerText()).not.toBe(firstQuestion);
    // Left half: back to the first.
    await page.getByRole('button', { name: 'Question précédente' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute('data-index') === '0');

    // The form: name of 3+ characters and a vote are required.
    const send = page.getByRole('button', { name: 'Envoyer' });
    expect(await send.isDisabled()).toBe(true);
    await page.fill('#fb-name', 'Jo');
    expect(await page.locator('#fb-name-err').textContent()).toBe('Le nom doit comporter au moins 3 caractères.');
    await page.fill('#fb-name', 'Jeanne Martin');
    expect(await send.isDisabled()).toBe(true);
    await page.locator('input[name="vote"][value="1"]').check();
    await page.fill('#fb-comment', 'Très bonne présentation.');
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    await page.locator('[data-testid="feedback-sent"]').waitFor();
    expect(await page.locator('[data-testid="feedback-sent"]').textContent()).toContain('Merci');
    expect(await page.getByRole('button', { name: 'Envoyer' }).count()).toBe(0);

    const rows = await query<{ name: string; feedback: number; comment: string }>('SELECT name, feedback, comment FROM feedbacks WHERE name = ?', ['Jeanne Martin']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ feedback: 1, comment: 'Très bonne présentation.' });
    await page.context().close();
  });

  it('plays at 1×, 1.5× or 2× from buttons or the keyboard, the speed kept for the next answers and candidates of the tab', async () => {
    const page = await phonePage(browser);
    await page.goto(`/feedback/${SHARE}`);
    const video = page.locator('[data-testid="player"] video');
    const rate = () => video.evaluate((v) => (v as HTMLVideoElement).playbackRate);
    const speed = page.getByRole('group', { name: 'Vitesse de lecture' });
    expect(await speed.getByRole('button', { name: '1×' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Lecture' }).click();
    await page.waitForFunction(() => ((document.querySelector('[data-testid="player"] video') as HTMLVideoElement)?.currentTime ?? 0) > 0.3, null, { timeout: 15_000 });
    expect(await rate()).toBe(1);

    await speed.getByRole('button', { name: '1,5×' }).click();
    expect(await rate()).toBe(1.5);
    expect(await speed.getByRole('button', { name: '1,5×' }).getAttribute('aria-pressed')).toBe('true');
    expect(await speed.getByRole('button', { name: '1×' }).getAttribute('aria-pressed')).toBe('false');
    await page.screenshot({ path: '/tmp/invbench-shots/feedback-speed-fr-360.png' });

    // The next answer (a new source) plays at the speed chosen.
    await page.getByRole('button', { name: 'Question suivante' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="player"]')?.getAttribute('data-index') === '1');
    const t0 = await video.evaluate((v) => (v as HTMLVideoElement).currentTime);
    await page.waitForFunction((t) => (document.querySelector('[data-testid="player"] video') as HTMLVideoElement).currentTime > t + 0.3, t0, { timeout: 15_000 });
    expect(await rate()).toBe(1.5);

    // The keyboard: from the 1.5× button, Tab reaches 2×, Space chooses it.
    await speed.getByRole('button', { name: '1,5×' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('2×');
    await page.keyboard.press('Space');
    expect(await rate()).toBe(2);
    expect(await speed.getByRole('button', { name: '2×' }).getAttribute('aria-pressed')).toBe('true');

    // The next candidate in this tab (here the page again, in English) starts at 2×.
    await page.goto(`/feedback/${SHARE}?lang=en`);
    const speedEn = page.getByRole('group', { name: 'Playback speed' });
    await page.waitForFunction(() => document.querySelector('.player .speed [aria-pressed="true"]')?.textContent === '2×');
    expect(await speedEn.getByRole('button', { name: '1.5×' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(() => ((document.querySelector('[data-testid="player"] video') as HTMLVideoElement)?.currentTime ?? 0) > 0.3, null, { timeout: 15_000 });
    expect(await rate()).toBe(2);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/invbench-shots/feedback-speed-en-360.png' });
    await page.context().close();
  });

  it('hls.js is not loaded by the other pages', async () => {
    const page = await phonePage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    for (const p of ['/', '/candidate/offer/CAFE75', '/landing/maison-demo']) {
      await page.goto(p);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /\/hls-/.test(s))).toEqual([]);
    await page.context().close();
  });

  it('says no result for an unknown link', async () => {
    const page = await phonePage(browser);
    await page.goto('/feedback/no-such-share');
    await page.locator('[data-testid="feedback-load-error"]').waitFor();
    expect(await page.locator('[data-testid="feedback-load-error"]').textContent()).toBeTruthy();
    await page.context().close();
  });

  it('shows the maximum-views message once the link reached its 50 views', async () => {
    let calls = 0;
    for (;;) {
      const res = await fetch(`${baseUrl()}/apis/share-apply/${SHARE}`);
      await res.arrayBuffer();
      if (res.status !== 200) {
        expect([403, 404]).toContain(res.status);
        break;
      }
      calls++;
      expect(calls).toBeLessThanOrEqual(50);
    }
    const page = await phonePage(browser);
    await page.goto(`/feedback/${SHARE}`);
    await page.locator('[data-testid="feedback-load-error"]').waitFor();
    expect(await page.locator('[data-testid="feedback-load-error"]').textContent()).toBe('Nombre maximum de vues atteint. Contactez le recruteur pour obtenir un nouveau lien.');
    await expectAccessible(page);
    await page.goto(`/feedback/${SHARE}?lang=en`);
    await page.locator('[data-testid="feedback-load-error"]').waitFor();
    expect(await page.locator('[data-testid="feedback-load-error"]').textContent()).toBe('Maximum views reached. Contact the recruiter for a new link.');
    await page.context().close();
  });
});
