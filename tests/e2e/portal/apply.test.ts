// /candidate/apply/{job_code} in Chromium with a fake camera and microphone
// (--use-fake-device-for-media-stream, --use-fake-ui-for-media-stream: the permission is
// granted): the candidate proves the e-mail with the code received by a real SMTP server (or
// the mailed link), then answers. Its own server, so that mail goes to this file's SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, expectAccessible, expectNoHorizontalScroll } from '../helpers/browser.js';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { startSmtp, type TestSmtp } from '../../helpers/smtp.js';

let server: RunningServer;
let smtp: TestSmtp;
let camera: Browser;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
  camera = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    headless: true,
  });
}, 180_000);
afterAll(async () => {
  await camera?.close();
  await server?.stop();
  await smtp?.close();
});

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.fr`;

async function phone(browser: Browser, locale = 'fr-FR'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale, baseURL: server.baseUrl });
  return context.newPage();
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => !!(window as unknown as { __remixContext?: unknown }).__remixContext);
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
  await hydrated(page);
  await page.fill('#ap-email', email);
  await page.fill('#ap-firstname', 'Léa');
  await page.fill('#ap-lastname', 'Martin');
  await page.click('[data-testid="identity"] button[type="submit"]');
  await page.locator('[data-testid="code-sent"]').waitFor();
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
async function recordAnswer(page: Page, n: number, seconds = 2.5) {
  const recorder = page.locator(`[data-testid="recorder"][data-question="${n}"]`);
  await recorder.waitFor({ timeout: 30_000 });
  await recorder.getByRole('button', { name: 'Activer la caméra' }).click();
  await recorder.getByRole('button', { name: 'Enregistrer' }).click();
  await recorder.locator('[data-testid="countdown"]').waitFor();
  await recorder.locator('[data-testid="timer"]').waitFor({ timeout: 10_000 });
  await page.waitForTimeout(seconds * 1000);
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

describe('the whole loop', () => {
  it('a candidate proves the e-mail, records three answers, they upload and are transcoded, the application completes', async () => {
    const page = await phone(camera);
    await page.goto('/candidate/apply/CAFE75');
    await signInWithCode(page, unique('loop'));
    for (let n = 1; n <= 3; n++) {
      await recordAnswer(page, n);
      if (n < 3) await page.locator(`[data-testid="recorder"][data-question="${n + 1}"]`).waitFor({ timeout: 30_000 });
    }
    await page.locator('[data-testid="apply-done"]').waitFor({ timeout: 120_000 });
    expect(await page.locator('[data-testid="apply-done"] h2').textContent()).toBe('Candidature complète !');
    const app = await myApplication(page);
    expect(app.state).toBe('complete');
    expect(app.answers.map((a) => a.status)).toEqual(['ready', 'ready', 'ready']);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.context().close();
  }, 300_000);
});

describe('offer handling', () => {
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
    expect(await page.locator('[data-testid="apply-video"]').getAttribute('href')).toBe('/candidate/apply/CAFE75');
    expect(await page.locator('[data-testid="apply-video"]').textContent()).toBe('Répondre en vidéo');
    await page.context().close();
  });
});
