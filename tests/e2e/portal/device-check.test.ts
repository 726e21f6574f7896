// Before the first question on /candidate/apply/{job_code} (issue 27, decision 445), in Chromium
// with the fake camera and microphone, at 360 px, in French and in English:
// - the device check: the preview, the microphone level meter moving (Web Audio on the fake
//   microphone's beeps), the 5-second test recording played back; then the practice question,
//   recorded and retaken, with no take counted and no upload request; then the real questions;
// - the camera refused (Chromium without the automatic consent): the help written for the
//   candidate's browser (Safari on iOS, Chrome on Android, a desktop browser);
// - keyboard only: record, stop, replay, keep, the focus following, and the live region saying the
//   countdown, the start, 30 s and 10 s left and the end (the page's clock moved by the test);
// - axe on the device check and on the recorder's states;
// - a slow connection (CDP Network.emulateNetworkConditions): each answer shows its upload
//   progress, the candidate records the next question meanwhile, and the application completes
//   once every upload has finished.
// Screenshots of each new state go to SHOTS_DIR (else /tmp/device-shots).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS, expectAccessible, expectNoHorizontalScroll } from '../helpers/browser.js';
import { FAKE_MEDIA_ARGS } from '../../helpers/chromium.js';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { startSmtp, type TestSmtp } from '../../helpers/smtp.js';
import { countRecordedBytes, proveEmail, recordedBytes } from '../helpers/candidate.js';

let server: RunningServer;
let smtp: TestSmtp;
let camera: Browser;
const shots = process.env.SHOTS_DIR ?? '/tmp/device-shots';
fs.mkdirSync(shots, { recursive: true });

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
  camera = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS], headless: true });
}, 180_000);
afterAll(async () => {
  await camera?.close();
  await server?.stop();
  await smtp?.close();
});

const TEXTS = {
  fr: {
    locale: 'fr-FR',
    title: 'Vérifiez votre caméra et votre micro',
    start: 'Activer la caméra et le micro',
    camera: 'Activer la caméra',
    record: 'Enregistrer',
    stop: 'Arrêter',
    replay: 'Revoir ma réponse',
    retake: 'Recommencer',
    keep: 'Garder cette réponse',
    practiceKeep: 'Terminer l’essai',
    continue: 'Passer à la première question',
    denied: 'Votre navigateur a refusé l’accès à la caméra ou au micro.',
    help: { ios: 'Sur iPhone ou iPad (Safari)', android: 'Sur Android (Chrome)', desktop: 'Sur ordinateur' },
    said: {
      countdown: ['L’enregistrement commence dans 3', 'L’enregistrement commence dans 2', 'L’enregistrement commence dans 1'],
      started: 'L’enregistrement a commencé : 1 min maximum.',
      left30: 'Il reste 30 s.',
      left10: 'Il reste 10 s.',
      stopped: 'Enregistrement terminé. Revoyez-le, gardez-le ou recommencez.',
    },
  },
  en: {
    locale: 'en-GB',
    title: 'Check your camera and microphone',
    start: 'Turn on the camera and microphone',
    camera: 'Turn the camera on',
    record: 'Record',
    stop: 'Stop',
    replay: 'Play my answer',
    retake: 'Record again',
    keep: 'Keep this answer',
    practiceKeep: 'Finish the practice',
    continue: 'Go to the first question',
    denied: 'Your browser refused access to the camera or microphone.',
    help: { ios: 'On iPhone or iPad (Safari)', android: 'On Android (Chrome)', desktop: 'On a computer' },
    said: {
      countdown: ['Recording starts in 3', 'Recording starts in 2', 'Recording starts in 1'],
      started: 'Recording started: 1 min at most.',
      left30: '30 s left.',
      left10: '10 s left.',
      stopped: 'Recording stopped. Play it back, keep it or record again.',
    },
  },
} as const;
type Lang = keyof typeof TEXTS;

const UA = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.fr`;

async function phone(browser: Browser, lang: Lang, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: TEXTS[lang].locale,
    baseURL: server.baseUrl,
    userAgent,
  });
  return context.newPage();
}

/** Every request of the page to the tus endpoint and to the takes, as "METHOD path". */
function watchRequests(page: Page): { uploads: string[]; takes: string[] } {
  const seen = { uploads: [] as string[], takes: [] as string[] };
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/apis/candidate/uploads')) seen.uploads.push(`${r.method()} ${p}`);
    if (/\/takes$/.test(p)) seen.takes.push(`${r.method()} ${p}`);
  });
  return seen;
}

async function signIn(page: Page, lang: Lang, name: string) {
  await page.goto(`/candidate/apply/CAFE75?lang=${lang}`);
  await proveEmail(page, smtp, unique(`${name}-${lang}`));
  await page.locator('[data-testid="signed-in-as"]').waitFor();
}

/** Forgets the bytes counted so far (a stopped recording's last chunk). */
const forgetRecorded = (page: Page) => page.evaluate(() => ((window as unknown as { __recorded: number }).__recorded = 0));

/** Records about a second in `recorder` (the real clock), stops, and waits for the replay. */
async function recordOnce(page: Page, recorder: Locator, lang: Lang) {
  const x = TEXTS[lang];
  await forgetRecorded(page);
  await recorder.getByRole('button', { name: x.record, exact: true }).click();
  await recorder.locator('[data-testid="timer"]').waitFor({ timeout: 15_000 });
  await expect.poll(() => recordedBytes(page), { timeout: 30_000 }).toBeGreaterThan(0);
  await recorder.getByRole('button', { name: x.stop, exact: true }).click();
  await recorder.locator('[data-testid="replay"]').waitFor({ timeout: 15_000 });
}

/** The replay video plays (muted by the test: the page plays it with its sound). */
async function plays(video: Locator) {
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
}

describe.each(['fr', 'en'] as const)('in %s', (lang) => {
  const x = TEXTS[lang];

  it('the device check (preview, level meter, test recording), the practice question sent nowhere, then the real questions', async () => {
    const page = await phone(camera, lang);
    await countRecordedBytes(page);
    const seen = watchRequests(page);
    await signIn(page, lang, 'check');
    const check = page.locator('[data-testid="device-check"]');
    await check.waitFor({ timeout: 30_000 });
    expect(await check.locator('h2').textContent()).toBe(x.title);
    // No question before the check is passed.
    expect(await page.locator('[data-testid="recorder"]').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, `check-start-${lang}.png`), fullPage: true });
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    await check.getByRole('button', { name: x.start }).click();
    await check.locator('[data-testid="dc-preview"]').waitFor();
    await expect.poll(() => check.locator('[data-testid="dc-preview"]').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    // The fake microphone beeps: the meter moves (several different levels, some well above silence).
    const levels = new Set<number>();
    await expect
      .poll(
        async () => {
          levels.add(Number(await check.locator('[data-testid="dc-level"]').getAttribute('data-level')));
          return levels.size >= 3 && Math.max(...levels) >= 5;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(true);
    await page.screenshot({ path: path.join(shots, `check-camera-on-${lang}.png`), fullPage: true });
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    // The 5-second test recording, played back.
    await check.locator('[data-testid="dc-test"]').click();
    await check.locator('[data-testid="dc-test-recording"]').waitFor();
    await page.screenshot({ path: path.join(shots, `check-test-recording-${lang}.png`), fullPage: true });
    const replay = check.locator('[data-testid="dc-test-replay"]');
    await replay.waitFor({ timeout: 15_000 });
    await plays(replay);
    // About five seconds long: it plays past 4 s (WebM from the browser has no duration in its header).
    await replay.evaluate((v: HTMLVideoElement) => (v.playbackRate = 4));
    await expect.poll(() => replay.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(4);
    await page.screenshot({ path: path.join(shots, `check-test-replay-${lang}.png`), fullPage: true });
    await expectAccessible(page);

    // The practice question: two recordings (unlimited retakes), kept, and nothing sent.
    await check.locator('[data-testid="practice-start"]').click();
    const practice = page.locator('[data-testid="practice-recorder"]');
    await practice.waitFor();
    await page.screenshot({ path: path.join(shots, `practice-ready-${lang}.png`), fullPage: true });
    await expectAccessible(page);
    await recordOnce(page, practice, lang);
    await practice.getByRole('button', { name: x.retake, exact: true }).click();
    await recordOnce(page, practice, lang);
    expect(await practice.locator('[data-testid="takes-left"]').count()).toBe(0);
    await plays(practice.locator('[data-testid="replay"]'));
    await page.screenshot({ path: path.join(shots, `practice-review-${lang}.png`), fullPage: true });
    await expectAccessible(page);
    await practice.getByRole('button', { name: x.practiceKeep }).click();
    await check.locator('[data-testid="practice-done"]').waitFor();
    await page.screenshot({ path: path.join(shots, `practice-done-${lang}.png`), fullPage: true });
    expect(seen.uploads).toEqual([]);
    expect(seen.takes).toEqual([]);

    // The real questions: the camera is on already, each one is counted and sent.
    await check.getByRole('button', { name: x.continue }).click();
    for (let n = 1; n <= 3; n++) {
      const recorder = page.locator(`[data-testid="recorder"][data-question="${n}"]`);
      await recorder.waitFor({ timeout: 30_000 });
      expect(await recorder.getByRole('button', { name: x.camera }).count()).toBe(0);
      await recordOnce(page, recorder, lang);
      await recorder.getByRole('button', { name: x.keep }).click();
    }
    await page.locator('[data-testid="apply-done"]').waitFor({ timeout: 150_000 });
    expect(seen.takes.length).toBe(3);
    expect(seen.uploads.filter((u) => u.startsWith('POST')).length).toBe(3);
    await page.context().close();
  }, 300_000);

  it('the camera refused: the help written for Safari on iOS, Chrome on Android and a desktop browser', async () => {
    // Fake devices, but no automatic consent: headless Chromium refuses the permission.
    const denied = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream'], headless: true });
    try {
      for (const browser of ['ios', 'android', 'desktop'] as const) {
        const page = await phone(denied, lang, browser === 'desktop' ? undefined : UA[browser]);
        await signIn(page, lang, `denied-${browser}`);
        const check = page.locator('[data-testid="device-check"]');
        await check.getByRole('button', { name: x.start }).click();
        const panel = check.locator('[data-testid="dc-denied"]');
        await panel.waitFor();
        expect(await panel.locator('p').first().textContent()).toBe(x.denied);
        const help = panel.locator('[data-testid="dc-help"]');
        expect(await help.getAttribute('data-browser')).toBe(browser);
        expect(await help.textContent()).toContain(x.help[browser]);
        await expectNoHorizontalScroll(page);
        await expectAccessible(page);
        await page.screenshot({ path: path.join(shots, `check-denied-${browser}-${lang}.png`), fullPage: true });
        // The candidate may still go on (and send files instead).
        await check.getByRole('button', { name: x.continue }).click();
        await page.locator('[data-testid="recorder"][data-question="1"] input[type="file"]').waitFor();
        await page.context().close();
      }
    } finally {
      await denied.close();
    }
  }, 180_000);

  it('keyboard only: record, stop, replay, keep; the focus follows and the countdown and time left are said', async () => {
    const page = await phone(camera, lang);
    await page.clock.install();
    await countRecordedBytes(page);
    await signIn(page, lang, 'keyboard');
    // What the live region says, as it says it.
    await page.evaluate(() => {
      const w = window as unknown as { __said: string[] };
      w.__said = [];
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="recorder-said"]')?.textContent ?? '';
        if (text && w.__said.at(-1) !== text) w.__said.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const said = () => page.evaluate(() => (window as unknown as { __said: string[] }).__said);
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    /** Tab until the focused element's text is `name` (at most 40 presses). */
    const tabTo = async (name: string) => {
      for (let i = 0; i < 40; i++) {
        if ((await focused()) === name) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`"${name}" never took the focus (last: "${await focused()}")`);
    };
    await page.locator('[data-testid="device-check"]').waitFor({ timeout: 30_000 });
    await tabTo(x.continue);
    await page.keyboard.press('Enter');
    const recorder = page.locator('[data-testid="recorder"][data-question="1"]');
    await recorder.waitFor();
    await tabTo(x.camera);
    await page.keyboard.press('Enter');
    // The camera on, "Record" has the focus.
    await expect.poll(focused, { timeout: 10_000 }).toBe(x.record);
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.keyboard.press('Enter');
    await recorder.locator('[data-testid="countdown"]').waitFor();
    await page.clock.runFor(3_000);
    await recorder.locator('[data-testid="timer"]').waitFor({ timeout: 10_000 });
    await expect.poll(focused, { timeout: 5_000 }).toBe(x.stop);
    await expect.poll(() => recordedBytes(page), { timeout: 60_000 }).toBeGreaterThan(0);
    // At 30 s and at 10 s left, and not every second.
    await page.clock.runFor(30_500);
    await expect.poll(said, { timeout: 5_000 }).toContain(x.said.left30);
    await page.clock.runFor(20_000);
    await expect.poll(said, { timeout: 5_000 }).toContain(x.said.left10);
    await page.keyboard.press('Enter');
    await recorder.locator('[data-testid="replay"]').waitFor({ timeout: 10_000 });
    await page.clock.resume();
    await expect.poll(said, { timeout: 5_000 }).toEqual([...x.said.countdown, x.said.started, x.said.left30, x.said.left10, x.said.stopped]);
    // The review: "Replay" has the focus and plays the answer.
    await expect.poll(focused, { timeout: 5_000 }).toBe(x.replay);
    await recorder.locator('[data-testid="replay"]').evaluate((v: HTMLVideoElement) => (v.muted = true));
    await page.keyboard.press('Enter');
    await expect.poll(() => recorder.locator('[data-testid="replay"]').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
    expect(await recorder.locator('[data-testid="replay-button"]').getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: path.join(shots, `recorder-review-keyboard-${lang}.png`), fullPage: true });
    // Then "Record again", then "Keep": the next question comes.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(x.retake);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(x.keep);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="recorder"][data-question="2"]').waitFor({ timeout: 30_000 });
    // The camera stayed on: question 2's "Record" is there, and the keyboard reaches it.
    await tabTo(x.record);
    await page.context().close();
  }, 240_000);

  it('a slow connection: each answer shows its upload progress, the next question is recorded meanwhile, the application completes', async () => {
    const page = await phone(camera, lang);
    await countRecordedBytes(page);
    await signIn(page, lang, 'slow');
    await page.locator('[data-testid="dc-continue"]').click();
    // About 48 KB/s up: a one-second answer takes several seconds to send.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 400 * 1024, uploadThroughput: 48 * 1024 });
    // The percentages each answer's progress bar shows, read every 100 ms.
    const percents: Record<number, Set<number>> = { 1: new Set(), 2: new Set(), 3: new Set() };
    let reading = true;
    const read = (async () => {
      while (reading) {
        for (const el of await page.locator('[data-testid="upload"]').all()) {
          const n = Number(await el.getAttribute('data-question').catch(() => 0));
          const p = await el.getAttribute('data-percent').catch(() => null);
          if (n && p !== null) percents[n].add(Number(p));
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    let shot = false;
    for (let n = 1; n <= 3; n++) {
      const recorder = page.locator(`[data-testid="recorder"][data-question="${n}"]`);
      await recorder.waitFor({ timeout: 30_000 });
      if (n === 1) await recorder.getByRole('button', { name: x.camera }).click();
      await recordOnce(page, recorder, lang);
      await recorder.getByRole('button', { name: x.keep }).click();
      if (n < 3) {
        // The next question is there while this answer is still uploading.
        await page.locator(`[data-testid="recorder"][data-question="${n + 1}"]`).waitFor({ timeout: 10_000 });
        // (its row is drawn by a part loaded with the upload queue: it may come a moment later)
        await page.locator(`[data-testid="upload"][data-question="${n}"]`).waitFor({ timeout: 5_000 });
        expect(await page.locator(`[data-testid="upload"][data-question="${n}"]`).count()).toBe(1);
        if (!shot) {
          await expect
            .poll(
              async () =>
                Number(
                  await page
                    .locator('[data-testid="upload"][data-question="1"]')
                    .getAttribute('data-percent')
                    .catch(() => 100),
                ),
              { timeout: 30_000 },
            )
            .toBeGreaterThan(0);
          await page.screenshot({ path: path.join(shots, `upload-progress-${lang}.png`), fullPage: true });
          await expectAccessible(page);
          shot = true;
        }
      }
    }
    await page.locator('[data-testid="uploads-left"], [data-testid="processing"], [data-testid="apply-done"]').first().waitFor();
    await page.screenshot({ path: path.join(shots, `uploads-left-${lang}.png`), fullPage: true });
    await page.locator('[data-testid="apply-done"]').waitFor({ timeout: 240_000 });
    reading = false;
    await read;
    // Each answer was seen between 0 and 100 %: real progress, not a jump.
    for (const n of [1, 2, 3])
      expect(
        [...percents[n]].some((p) => p > 0 && p < 100),
        `answer ${n}: ${[...percents[n]].join(',')}`,
      ).toBe(true);
    await page.context().close();
  }, 400_000);
});
