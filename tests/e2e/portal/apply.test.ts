// /candidate/apply/{job_code} in Chromium with a fake camera and microphone, and the whole loop
// up to the recruiter playing the story on /dashboard
// (--use-fake-device-for-media-stream, --use-fake-ui-for-media-stream: the permission is
// granted): the candidate proves the e-mail with the code received by a real SMTP server (or
// the mailed link), then answers. Its own server, so that mail goes to this file's SMTP server.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, expectAccessible, expectNoHorizontalScroll, portalHydrated } from '../helpers/browser.js';
import { FAKE_MEDIA_ARGS } from '../../helpers/chromium.js';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { startSmtp, type TestSmtp } from '../../helpers/smtp.js';
import { FFMPEG, makeVideo } from '../../helpers/video.js';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { ANSWER_DEFAULT_SECONDS } from '../../../models/rules/interview.js';
import { askCode, countRecordedBytes, recordedBytes, skipDeviceCheck } from '../helpers/candidate.js';

let server: RunningServer;
let smtp: TestSmtp;
let camera: Browser;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
  camera = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
    headless: true,
  });
}, 180_000);
afterAll(async () => {
  await camera?.close();
  await server?.stop();
  await smtp?.close();
});

/** Rows of this file's server database (read-only), for the failure messages. */
function serverRows(sql: string): Promise<unknown[]> {
  return new Promise((resolve) => {
    const db = new sqlite3.Database(path.join(server.dataDir, 'server.sqlite'), sqlite3.OPEN_READONLY, (err) => {
      if (err) return resolve([String(err)]);
      db.all(sql, [], (e, rows) => {
        db.close();
        resolve(e ? [String(e)] : rows);
      });
    });
  });
}

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.fr`;

async function phone(browser: Browser, locale = 'fr-FR'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale, baseURL: server.baseUrl });
  return context.newPage();
}

async function hydrated(page: Page) {
  await portalHydrated(page);
  await page.locator('[data-testid="identity"] button[type="submit"]:not([disabled])').waitFor();
}

async function codeFrom(email: string) {
  const mail = await smtp.next(email, 10_000);
  const m = /#email=\S+&code=(\d{6})/.exec(mail.text);
  expect(m, mail.text).not.toBeNull();
  const link = /(http:\/\/127\.0\.0\.1:\d+\/candidate\/apply\/\S+)/.exec(mail.text)![1];
  return { code: m![1], link };
}

/** The candidate proves the e-mail with the code typed from the mail. */
export async function signInWithCode(page: Page, email: string) {
  await askCode(page, email);
  const { code } = await codeFrom(email);
  await page.fill('#ap-code', code);
  await page.click('[data-testid="identity"] button[type="submit"]');
  await page.locator('[data-testid="signed-in-as"]').waitFor();
}

describe('proving the e-mail', () => {
  it('with the code received by e-mail, on a 360 px phone, accessible', async () => {
    const page = await phone(camera);
    const res = await page.goto('/candidate/apply/CAFE75');
    expect(res?.status()).toBe(200);
    await hydrated(page);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    const email = unique('code');
    await signInWithCode(page, email);
    expect(await page.locator('[data-testid="signed-in-as"]').textContent()).toContain(email);
    const me = await page.evaluate(() => fetch('/apis/auth/me').then((r) => r.json() as Promise<{ email: string; profile: string; name: string }>));
    expect(me).toMatchObject({ email, profile: 'candidate', name: 'Léa Martin' });
    await page.context().close();
  });

  it('with the link of the mail, which signs in and leaves no code in the address bar', async () => {
    const page = await phone(camera);
    await page.goto('/candidate/apply/CAFE75?lang=en');
    await hydrated(page);
    const email = unique('link');
    await page.fill('#ap-email', email);
    await page.click('[data-testid="identity"] button[type="submit"]');
    await page.locator('[data-testid="code-sent"]').waitFor();
    const { link } = await codeFrom(email);
    expect(link).toContain('/candidate/apply/CAFE75?lang=en#email=');
    const other = await phone(camera);
    await other.goto(link.replace(/^http:\/\/127\.0\.0\.1:\d+/, ''));
    await other.locator('[data-testid="signed-in-as"]').waitFor();
    expect(await other.locator('[data-testid="signed-in-as"]').textContent()).toContain(`Signed in as ${email}`);
    expect(other.url()).not.toContain('code=');
    await page.context().close();
    await other.context().close();
  });

  it('refuses a wrong code with the message', async () => {
    const page = await phone(camera, 'nl-BE');
    await page.goto('/candidate/apply/CAFE75?lang=nl');
    await hydrated(page);
    const email = unique('wrong');
    await page.fill('#ap-email', email);
    await page.click('[data-testid="identity"] button[type="submit"]');
    await page.locator('[data-testid="code-sent"]').waitFor();
    const { code } = await codeFrom(email);
    await page.fill('#ap-code', code === '000000' ? '000001' : '000000');
    await page.click('[data-testid="identity"] button[type="submit"]');
    await page.locator('[data-testid="identity-error"]').waitFor();
    expect(await page.locator('[data-testid="identity-error"]').textContent()).toBe('Deze code is niet geldig of verlopen. Vraag een nieuwe code aan.');
    await page.context().close();
  });
});

/** Records one answer: camera on, 3-2-1, about `seconds` of recording, replay, keep. */
async function recordAnswer(page: Page, n: number, seconds = 2) {
  const recorder = page.locator(`[data-testid="recorder"][data-question="${n}"]`);
  if (n === 1) await skipDeviceCheck(page);
  await recorder.waitFor({ timeout: 30_000 });
  // The camera is turned on once: it stays on for the next questions.
  if (n === 1) await recorder.getByRole('button', { name: 'Activer la caméra' }).click();
  else expect(await recorder.getByRole('button', { name: 'Activer la caméra' }).count()).toBe(0);
  await recorder.getByRole('button', { name: 'Enregistrer' }).click();
  await recorder.locator('[data-testid="countdown"]').waitFor();
  await recorder.locator('[data-testid="timer"]').waitFor({ timeout: 10_000 });
  // Recording until the visible timer shows `seconds` (the timer is what the candidate sees).
  const timer = await recorder.locator('[data-testid="timer"]').elementHandle();
  await page.waitForFunction(([el, s]) => Number(/0:(\d\d) \/ 1:00/.exec((el as HTMLElement).textContent ?? '')?.[1] ?? -1) >= (s as number), [timer, seconds] as const, { timeout: 20_000 });
  expect(await recorder.locator('[data-testid="timer"]').textContent()).toMatch(/0:0[1-9] \/ 1:00/);
  await recorder.getByRole('button', { name: 'Arrêter' }).click();
  const replay = recorder.locator('[data-testid="replay"]');
  await replay.waitFor();
  // The replay holds the recording: it plays.
  await replay.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await page.waitForFunction((el) => (el as HTMLVideoElement).currentTime > 0.3, await replay.elementHandle());
  await recorder.getByRole('button', { name: 'Garder cette réponse' }).click();
}

/** The candidate's application as the API gives it to them (the page's own session). */
const myApplication = (page: Page) =>
  page.evaluate(() =>
    fetch('/apis/candidate/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ job_code: 'CAFE75' }) }).then(
      (r) => r.json() as Promise<{ id: number; state: string; answers: Array<{ status: string }> }>,
    ),
  );

describe('the recording limit', () => {
  // The 60 s rule (ANSWER_DEFAULT_SECONDS, models/rules/interview.ts: an offer's default answer length) with the page's timers on a clock the
  // test moves (page.clock): paused while the real MediaRecorder records a couple of seconds, then
  // run to just before the limit (the recording goes on, the timer shows 0:59) and past it (the page
  // has stopped by itself and shows the replay, nobody pressed Stop); then a retake.
  it('stops by itself at 60 s, not before; the candidate can retake', async () => {
    const page = await phone(camera);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/apis/candidate/uploads')) uploads.push(`${r.method()} ${r.url()}`);
    });
    await page.clock.install();
    await countRecordedBytes(page);
    await page.goto('/candidate/apply/CAFE75');
    await signInWithCode(page, unique('limit'));
    await skipDeviceCheck(page);
    const recorder = page.locator('[data-testid="recorder"][data-question="1"]');
    await recorder.waitFor({ timeout: 30_000 });
    await recorder.getByRole('button', { name: 'Activer la caméra' }).click();
    const record = recorder.getByRole('button', { name: 'Enregistrer' });
    await record.waitFor();
    // From here the page's time moves only when the test says.
    await page.clock.pauseAt(Date.now() + 1_000);
    await record.click();
    await recorder.locator('[data-testid="countdown"]').waitFor();
    await page.clock.runFor(3_000);
    const timer = recorder.locator('[data-testid="timer"]');
    await timer.waitFor({ timeout: 10_000 });
    // Real media flows into the recorder while the page's clock stands still (1 s timeslices).
    await expect.poll(() => recordedBytes(page), { timeout: 60_000 }).toBeGreaterThan(0);
    const limit = ANSWER_DEFAULT_SECONDS * 1000;
    await page.clock.runFor(limit - 1_000);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).toMatch(/0:59 \/ 1:00/);
    expect(await recorder.getByRole('button', { name: 'Arrêter' }).isVisible()).toBe(true);
    expect(await recorder.locator('[data-testid="replay"]').count()).toBe(0);
    await page.clock.runFor(1_500);
    const replay = recorder.locator('[data-testid="replay"]');
    await replay.waitFor({ timeout: 10_000 });
    expect(await timer.count()).toBe(0);
    // What was recorded is a real video the candidate can replay and keep.
    await page.clock.resume();
    const loaded = () => replay.evaluate((v: HTMLVideoElement) => (v.error ? `error ${v.error.code}` : v.readyState));
    await expect.poll(loaded, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    // It has a length, and a seek inside it plays on (Chromium's H.264 WebM failed to decode here).
    const seeked = await replay.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<string>((resolve) => {
          const seekTo = () => {
            v.addEventListener('seeked', () => setTimeout(() => resolve(v.error ? `error ${v.error.message}` : `duration ${Number.isFinite(v.duration)}`), 300), { once: true });
            v.addEventListener('error', () => resolve(`error ${v.error?.message}`), { once: true });
            v.currentTime = v.duration / 2;
          };
          if (Number.isFinite(v.duration) && v.duration > 0) seekTo();
          else v.addEventListener('durationchange', () => Number.isFinite(v.duration) && setTimeout(seekTo, 300));
        }),
    );
    expect(seeked).toBe('duration true');
    expect(await recorder.getByRole('button', { name: 'Garder cette réponse' }).isVisible()).toBe(true);
    // Retake: back to the live camera, ready to record again, and nothing was sent.
    await recorder.getByRole('button', { name: 'Recommencer' }).click();
    await record.waitFor();
    expect(await recorder.locator('[data-testid="replay"]').count()).toBe(0);
    expect(await recorder.locator('[data-testid="preview"]').count()).toBe(1);
    expect(uploads).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe('the whole loop', () => {
  it('a candidate proves the e-mail, records three answers, they upload and are transcoded, the application completes', async () => {
    const page = await phone(camera);
    await page.goto('/candidate/apply/CAFE75');
    await signInWithCode(page, unique('loop'));
    for (let n = 1; n <= 3; n++) {
      await recordAnswer(page, n);
      if (n < 3) await page.locator(`[data-testid="recorder"][data-question="${n + 1}"]`).waitFor({ timeout: 30_000 });
    }
    // Transcoding three answers on a busy 2-core machine: the status says where it stands.
    let status = await myApplication(page);
    await vi
      .waitFor(
        async () => {
          status = await myApplication(page);
          if (status.state !== 'complete') throw new Error(`not complete: ${JSON.stringify(status)}`);
        },
        { timeout: 150_000, interval: 2000 },
      )
      .catch(async (e: Error) => {
        throw new Error(`${e.message}\njobs: ${JSON.stringify(await serverRows('SELECT * FROM jobs'))}`);
      });
    expect(status.answers.some((a) => a.status === 'failed')).toBe(false);
    await page.locator('[data-testid="apply-done"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid="apply-done"] h2').textContent()).toBe('Candidature complète !');
    const app = await myApplication(page);
    expect(app.state).toBe('complete');
    expect(app.answers.map((a) => a.status)).toEqual(['ready', 'ready', 'ready']);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    // The recruiter's side: the offer's recruiter signs in on /dashboard, finds the candidate in
    // the Candidats tab and plays the story (hls.js through signed /media addresses).
    const desk = await camera.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR', baseURL: server.baseUrl });
    const recruiter = await desk.newPage();
    await recruiter.goto('/dashboard');
    await recruiter.getByTestId('sign-in-form').waitFor();
    await recruiter.locator('input[name="email"]').fill('recruiter@demo.test');
    await recruiter.locator('input[name="password"]').fill('demo1234');
    await recruiter.getByTestId('sign-in').click();
    await recruiter.getByTestId('tile-total').waitFor();
    await recruiter.getByTestId('tab-candidates').click();
    const card = recruiter.locator(`[data-testid="candidate-card"][data-application="${app.id}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain('Léa Martin');
    await card.getByTestId('watch-story').click();
    const panel = recruiter.getByTestId('candidate-panel');
    await panel.locator('video').first().waitFor();
    await panel.locator('[data-testid="player"] button.playpause').click();
    const playing = () => recruiter.evaluate(() => (document.querySelector('[data-testid="candidate-panel"] video') as HTMLVideoElement | null)?.currentTime ?? 0);
    await expect.poll(playing, { timeout: 20_000 }).toBeGreaterThan(0.5);
    const t0 = await playing();
    await expect.poll(playing, { timeout: 15_000 }).toBeGreaterThan(t0 + 0.3);

    // The story's addresses are signed: a forged signature reads nothing.
    const urls = await recruiter.evaluate(async (id) => {
      const media = (await (await fetch(`/apis/applications/${id}/media`)).json()) as { questions: Array<{ url: string | null }> };
      return media.questions.map((q) => q.url);
    }, app.id);
    expect(urls).toEqual([expect.stringMatching(/\/media\/[^/]+\/story\/.+\/index\.m3u8$/), expect.any(String), expect.any(String)]);
    const forged = await recruiter.evaluate((u) => fetch(u.replace(/\/media\/[^/]+\//, '/media/1.x.forged/')).then((r) => r.status), urls[0]!);
    expect(forged).toBeGreaterThanOrEqual(400);
    await recruiter.context().close();
    await page.context().close();
  }, 300_000);
});

/** A one-second video full of noise: about 10 MB, three tus chunks. */
function heavyVideo(seconds = 1): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-heavy-')), 'answer-heavy.mp4');
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=360x640:rate=30:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  const out = spawnSync(FFMPEG, [...args, '-vf', 'noise=alls=100:allf=t+u', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '8', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file], {
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(out.stderr);
  return file;
}

describe('without the camera', () => {
  it('camera denied: a clear message and the file option, and a file sent through it is taken (English)', async () => {
    // Fake devices, but no automatic consent: headless Chromium refuses the permission.
    const denied = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream'], headless: true });
    try {
      const page = await phone(denied, 'en-GB');
      await page.goto('/candidate/apply/CAFE75?lang=en');
      await signInWithCode(page, unique('denied'));
      await skipDeviceCheck(page);
      const recorder = page.locator('[data-testid="recorder"][data-question="1"]');
      await recorder.getByRole('button', { name: 'Turn the camera on' }).click();
      await recorder.locator('[data-testid="camera-denied"]').waitFor();
      expect(await recorder.locator('[data-testid="camera-denied"]').textContent()).toContain('Camera access is denied');
      const input = recorder.locator('input[type="file"]');
      expect(await input.getAttribute('accept')).toBe('video/*');
      expect(await input.getAttribute('capture')).toBe('user');
      expect(await recorder.locator('label[for^="file-"]').textContent()).toBe('Or send a video (1 min at most)');
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await input.setInputFiles(makeVideo({ seconds: 3 }));
      // The next question comes at once; the file uploads meanwhile (decision 445) and is taken.
      await page.locator('[data-testid="recorder"][data-question="2"]').waitFor({ timeout: 60_000 });
      await page.locator('[data-testid="answer-state"]').first().and(page.locator('[data-state="processing"], [data-state="ready"]')).waitFor({ timeout: 60_000 });
      await page.context().close();
    } finally {
      await denied.close();
    }
  }, 120_000);

  it('no camera at all: the message and the file option (Dutch); a file that is not a video is refused by the page', async () => {
    // No fake device: this machine has no camera.
    const none = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream'], headless: true });
    try {
      const page = await phone(none, 'nl-BE');
      await page.goto('/candidate/apply/CAFE75?lang=nl');
      await signInWithCode(page, unique('nocam'));
      await skipDeviceCheck(page);
      const recorder = page.locator('[data-testid="recorder"][data-question="1"]');
      await recorder.getByRole('button', { name: 'Camera aanzetten' }).click();
      await recorder.locator('[data-testid="no-camera"]').waitFor();
      expect(await recorder.locator('[data-testid="no-camera"]').textContent()).toContain('Er is geen camera beschikbaar');
      await recorder.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a video') });
      expect(await recorder.locator('.field-error').textContent()).toBe('Dit bestand is geen video.');
      await page.context().close();
    } finally {
      await none.close();
    }
  }, 120_000);
});

describe('resuming an upload', () => {
  it('a connection cut in the middle of an upload: tus asks the offset and goes on from there', async () => {
    const page = await phone(camera);
    await page.goto('/candidate/apply/CAFE75');
    await signInWithCode(page, unique('cut'));
    await skipDeviceCheck(page);
    const file = heavyVideo();
    expect(fs.statSync(file).size).toBeGreaterThan(2 * 4 * 1024 * 1024);
    const patches: Array<{ offset: number; aborted: boolean }> = [];
    let heads = 0;
    await page.route('**/apis/candidate/uploads/**', async (route) => {
      const req = route.request();
      if (req.method() === 'HEAD') heads++;
      if (req.method() !== 'PATCH') return route.continue();
      const offset = Number(req.headers()['upload-offset']);
      const cut = patches.length === 1;
      patches.push({ offset, aborted: cut });
      return cut ? route.abort('connectionreset') : route.continue();
    });
    await page.locator('[data-testid="recorder"][data-question="1"] input[type="file"]').setInputFiles(file);
    // The upload is done once the server has the answer (the next question comes at once, decision 445).
    await page.locator('[data-testid="answer-state"]').first().and(page.locator('[data-state="processing"], [data-state="ready"]')).waitFor({ timeout: 90_000 });
    expect(patches[0]).toEqual({ offset: 0, aborted: false });
    expect(patches[1]).toEqual({ offset: 4 * 1024 * 1024, aborted: true });
    // After the cut: HEAD, then the same chunk again, never from zero.
    expect(heads).toBeGreaterThanOrEqual(1);
    expect(patches[2]).toEqual({ offset: 4 * 1024 * 1024, aborted: false });
    expect(patches.slice(2).every((p) => p.offset > 0)).toBe(true);
    await page.context().close();
  }, 180_000);

  it('a tab closed in the middle of an upload: the next visit resumes where it stopped', async () => {
    const page = await phone(camera);
    await page.goto('/candidate/apply/CAFE75');
    await signInWithCode(page, unique('closed'));
    await skipDeviceCheck(page);
    const context = page.context();
    const offsets: number[] = [];
    let cutting = true;
    let refused = 0;
    await context.route('**/apis/candidate/uploads/**', async (route) => {
      const req = route.request();
      if (req.method() !== 'PATCH') return route.continue();
      const offset = Number(req.headers()['upload-offset']);
      if (cutting && offset > 0) {
        refused++;
        return route.abort('connectionreset');
      }
      offsets.push(offset);
      return route.continue();
    });
    // What the server says it holds when a visit asks (tus HEAD): where the next PATCH must start.
    const serverOffsets: number[] = [];
    context.on('response', (res) => {
      if (res.request().method() === 'HEAD' && res.url().includes('/apis/candidate/uploads/')) serverOffsets.push(Number(res.headers()['upload-offset']));
    });
    await page.locator('[data-testid="recorder"][data-question="1"] input[type="file"]').setInputFiles(heavyVideo());
    // The first chunk went through and the next one failed: the visitor closes the tab.
    await expect.poll(() => refused, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.close();
    expect(offsets).toEqual([0]);
    cutting = false;
    const again = await context.newPage();
    serverOffsets.length = 0;
    await again.goto('/candidate/apply/CAFE75');
    await again.locator('[data-testid="recorder"][data-question="2"]').waitFor({ timeout: 90_000 });
    // Question 2 shows at once (the unsent answer 1 resumes in the upload queue, decision 445): wait
    // for answer 1 to be all on the server, which only the resumed upload can bring.
    await again.locator('[data-testid="answer-state"][data-state="processing"], [data-testid="answer-state"][data-state="ready"]').first().waitFor({ timeout: 90_000 });
    // The next visit asks the server, then goes on from what it holds: at least the first chunk
    // (a request cut while the tab closed may have left a few more bytes), never from zero.
    expect(serverOffsets[0]).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    expect(offsets[1]).toBe(serverOffsets[0]);
    expect(offsets.slice(1).every((o) => o > 0)).toBe(true);
    await context.close();
  }, 180_000);
});

describe('offer handling', () => {
  it('a closed offer shows the same not-found panel', async () => {
    const page = await phone(camera);
    const res = await page.goto('/candidate/apply/CHEF75');
    expect(res?.status()).toBe(404);
    expect(await page.locator('[data-testid="no-offer"] h1').textContent()).toBe('Aucune offre ne correspond');
    await page.context().close();
  });

  it('an unknown offer shows the offer page’s not-found panel with a 404', async () => {
    const page = await phone(camera);
    const res = await page.goto('/candidate/apply/NOPE00');
    expect(res?.status()).toBe(404);
    expect(await page.locator('[data-testid="no-offer"] h1').textContent()).toBe('Aucune offre ne correspond');
    await page.context().close();
  });

  it('the offer page and its thank-you panel lead to the recording page', async () => {
    const page = await phone(camera);
    await page.goto('/candidate/offer/CAFE75');
    // The link keeps the page's language (decision 280).
    expect(await page.locator('[data-testid="apply-video"]').getAttribute('href')).toBe('/candidate/apply/CAFE75?lang=fr');
    expect(await page.locator('[data-testid="apply-video"]').textContent()).toBe('Répondre en vidéo');
    // After a web application, the thank-you panel leads there too.
    await portalHydrated(page);
    await page.fill('#f-email', unique('web'));
    await page.fill('#f-firstname', 'Léa');
    await page.fill('#f-lastname', 'Martin');
    await page.fill('#f-phone', '0612345678');
    await page.check('#f-accept_cgu');
    await page.click('button[type="submit"]');
    const after = page.locator('[data-testid="thx-panel"] [data-testid="apply-video-after"]');
    await after.waitFor();
    expect(await after.getAttribute('href')).toBe('/candidate/apply/CAFE75?lang=fr');
    await after.click();
    await page.locator('[data-testid="identity"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/candidate/apply/CAFE75');
    await page.context().close();
  });
});
