// The candidate's journey on a 360 px phone, in English and in French (issue 24, "Candidate";
// decisions 280-283), in Chromium with a fake camera, on its own server and a real SMTP server:
// the offer page's "Answer in video" keeps the language; the e-mail code field; the camera turned
// on once for every question; the question and the timer in view while recording; the replay's
// real duration; "Answer sent" on one line; the confirmation e-mail in the candidate's language;
// their own page /candidate with the status, the deadline and the link to finish; "Forgot
// password?" and the reset page's link to sign in, in the page's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, expectAccessible, expectNoHorizontalScroll, portalHydrated } from '../helpers/browser.js';
import { FAKE_MEDIA_ARGS } from '../../helpers/chromium.js';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { startSmtp, type TestSmtp } from '../../helpers/smtp.js';
import { skipDeviceCheck } from '../helpers/candidate.js';

const SHOTS = '/tmp/shots-candidate';
const VIEWPORT = { width: 360, height: 740 };

let server: RunningServer;
let smtp: TestSmtp;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS], headless: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const TEXTS = {
  en: {
    answer: 'Answer in video',
    camera: 'Turn the camera on',
    record: 'Record',
    stop: 'Stop',
    keep: 'Keep this answer',
    sent: 'Answer sent',
    password: 'I have a password',
    forgot: 'Forgot password?',
    code: 'Get a code',
  },
  fr: {
    answer: 'Répondre en vidéo',
    camera: 'Activer la caméra',
    record: 'Enregistrer',
    stop: 'Arrêter',
    keep: 'Garder cette réponse',
    sent: 'Réponse envoyée',
    password: 'J’ai un mot de passe',
    forgot: 'Mot de passe oublié ?',
    code: 'Recevoir un code',
  },
} as const;
type Lang = keyof typeof TEXTS;

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.fr`;
const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

async function phone(locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale, baseURL: server.baseUrl });
  return context.newPage();
}

async function hydrated(page: Page) {
  await portalHydrated(page);
}

/** The candidate proves the e-mail with the code from the mail (the code field as a phone offers it). */
async function signInWithCode(page: Page, email: string) {
  await hydrated(page);
  await page.locator('[data-testid="identity"] button[type="submit"]:not([disabled])').waitFor();
  await page.fill('#ap-email', email);
  await page.fill('#ap-firstname', 'Léa');
  await page.fill('#ap-lastname', 'Martin');
  await page.click('[data-testid="identity"] button[type="submit"]');
  await page.locator('[data-testid="code-sent"]').waitFor();
  const code = page.locator('#ap-code');
  expect(await code.getAttribute('type')).toBe('text');
  expect(await code.getAttribute('inputmode')).toBe('numeric');
  expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
  // Styled: a large, spaced, centred field, not the browser's bare input.
  const style = await code.evaluate((el) => ({ size: parseFloat(getComputedStyle(el).fontSize), align: getComputedStyle(el).textAlign, spacing: getComputedStyle(el).letterSpacing }));
  expect(style.size).toBeGreaterThan(20);
  expect(style.align).toBe('center');
  expect(style.spacing).not.toBe('normal');
  const mail = await smtp.next(email, 10_000);
  const m = /#email=\S+&code=(\d{6})/.exec(mail.text);
  expect(m, mail.text).not.toBeNull();
  await code.fill(m![1]);
  await page.click('[data-testid="identity"] button[type="submit"]');
  await page.locator('[data-testid="signed-in-as"]').waitFor();
}

/** Whether an element is wholly inside the phone's screen. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.height > 0;
  });

/** Records answer n: the camera is turned on for the first question only. */
async function recordAnswer(page: Page, lang: Lang, n: number) {
  const x = TEXTS[lang];
  const recorder = page.locator(`[data-testid="recorder"][data-question="${n}"]`);
  if (n === 1) await skipDeviceCheck(page);
  await recorder.waitFor({ timeout: 30_000 });
  if (n === 1) await recorder.getByRole('button', { name: x.camera }).click();
  else expect(await recorder.getByRole('button', { name: x.camera }).count()).toBe(0);
  await recorder.getByRole('button', { name: x.record }).click();
  await recorder.locator('[data-testid="timer"]').waitFor({ timeout: 10_000 });
  // While recording, the question, the timer and "stop" are all on the screen.
  const q = `[data-testid="recorder"][data-question="${n}"]`;
  expect(await inView(page, `${q} h2`)).toBe(true);
  expect(await inView(page, `${q} [data-testid="timer"]`)).toBe(true);
  expect(await inView(page, `${q} .actions button`)).toBe(true);
  if (n === 1) await page.screenshot({ path: `${SHOTS}/recording-${lang}-360.png` });
  const timer = await recorder.locator('[data-testid="timer"]').elementHandle();
  await page.waitForFunction((el) => Number(/0:(\d\d) \/ 1:00/.exec((el as HTMLElement).textContent ?? '')?.[1] ?? -1) >= 2, timer, { timeout: 20_000 });
  await recorder.getByRole('button', { name: x.stop }).click();
  // The replay's seek bar knows the recording's real length (a browser WebM has none in its header).
  const replay = recorder.locator('[data-testid="replay"]');
  await replay.waitFor();
  // (Infinity until the browser has read the file to its end.)
  await expect.poll(() => replay.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0)), { timeout: 10_000 }).toBeGreaterThan(1);
  expect(await replay.evaluate((v: HTMLVideoElement) => v.duration)).toBeLessThan(30);
  await expect.poll(() => replay.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 5_000 }).toBe(0);
  await recorder.getByRole('button', { name: x.keep }).click();
}

describe.each(['en', 'fr'] as const)('the candidate journey on a 360 px phone (%s)', (lang) => {
  const x = TEXTS[lang];

  it('offer page -> answers -> confirmation e-mail -> their own page, all in the same language', async () => {
    const page = await phone(lang === 'en' ? 'en-GB' : 'fr-FR');
    // CAFE75 is a French offer: only ?lang=en makes its page English, and the link must keep it.
    await page.goto(lang === 'en' ? '/candidate/offer/CAFE75?lang=en' : '/candidate/offer/CAFE75');
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    await page.getByTestId('apply-video').click();
    await page.waitForURL(/\/candidate\/apply\/CAFE75/);
    expect(path(page)).toBe(`/candidate/apply/CAFE75?lang=${lang}`);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    await hydrated(page);
    // "I have a password" offers "Forgot password?".
    await page.getByRole('button', { name: x.password }).click();
    await page.getByTestId('forgot-password').waitFor();
    expect(await page.getByTestId('forgot-password').textContent()).toBe(x.forgot);
    await page.getByRole('button', { name: x.code }).click();

    const email = unique(`journey-${lang}`);
    await signInWithCode(page, email);
    for (let n = 1; n <= 3; n++) await recordAnswer(page, lang, n);
    // "Answer sent" stays on one line at 360 px.
    const ok = page.locator('.answers .answer-ok').first();
    await ok.waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.answers .answer-ok').count(), { timeout: 120_000 }).toBe(3);
    for (const el of await page.locator('.answers .answer-ok').all()) expect(await el.evaluate((e) => e.getClientRects().length)).toBe(1);
    await page.getByTestId('apply-done').waitFor({ timeout: 180_000 });
    expect(await page.locator('.answers .answer-ok').first().textContent()).toBe(x.sent);
    await page.screenshot({ path: `${SHOTS}/apply-done-${lang}-360.png`, fullPage: true });
    await expectNoHorizontalScroll(page);

    // The confirmation e-mail, in the candidate's language, links to their own page.
    const mail = await smtp.next(email, 30_000);
    expect(mail.text).toContain(lang === 'en' ? 'Thank you! Your video answers' : 'Merci ! Vos r');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/candidate\?lang=\w+)/.exec(mail.text)?.[1];
    expect(link).toBe(`${server.baseUrl}/candidate?lang=${lang}`);

    await page.goto(`/candidate?lang=${lang}`);
    const card = page.getByTestId('own-application').first();
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('sent');
    expect(await card.getByTestId('own-status').textContent()).toBe(lang === 'en' ? 'Sent' : 'Envoyée');
    await page.screenshot({ path: `${SHOTS}/candidate-page-${lang}-360.png`, fullPage: true });
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.context().close();
  }, 400_000);

  it('an unfinished application: their page shows its deadline and the link to finish it, in the language', async () => {
    const page = await phone(lang === 'en' ? 'en-GB' : 'fr-FR');
    await page.goto(`/candidate/apply/CAFE75?lang=${lang}`);
    await signInWithCode(page, unique(`unfinished-${lang}`));
    await skipDeviceCheck(page);
    await page.locator('[data-testid="recorder"][data-question="1"]').waitFor({ timeout: 30_000 });
    await page.goto(`/candidate?lang=${lang}`);
    const card = page.getByTestId('own-application').first();
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('unfinished');
    expect(await card.getByTestId('own-status').textContent()).toBe(lang === 'en' ? 'To finish' : 'À terminer');
    expect(await card.getByTestId('own-deadline').textContent()).toMatch(lang === 'en' ? /^Finish by \d\d\/\d\d\/\d{4}$/ : /^À terminer avant le \d\d\/\d\d\/\d{4}$/);
    // Counted in words, no "réponse(s)": French puts 0 and 1 in the singular.
    expect(await card.textContent()).toContain(lang === 'en' ? '0 of 3 answers' : '0 réponse sur 3');
    // No working state of the company on screen.
    expect(await page.locator('main, body').first().textContent()).not.toMatch(/wait_reject|applying|recruiter_state/);
    await page.screenshot({ path: `${SHOTS}/candidate-unfinished-${lang}-360.png`, fullPage: true });
    await expectNoHorizontalScroll(page);
    await card.getByTestId('own-finish').click();
    await page.waitForURL(/\/candidate\/apply\/CAFE75/);
    expect(path(page)).toBe(`/candidate/apply/CAFE75?lang=${lang}`);
    await page.locator('[data-testid="recorder"][data-question="1"]').waitFor({ timeout: 30_000 });
    await page.context().close();
  }, 120_000);

  it('"Forgot password?" on /login mails a link in the language; the reset page ends with a link to sign in', async () => {
    const page = await phone(lang === 'en' ? 'en-GB' : 'fr-FR');
    // An account to reset: a candidate made by the e-mail code.
    const email = unique(`forgot-${lang}`);
    await page.goto(`/candidate?lang=${lang}`);
    await signInWithCode(page, email);
    await page.context().clearCookies();
    await page.goto(`/login?lang=${lang}`);
    await hydrated(page);
    await page.getByTestId('forgot-password').click();
    await page.fill('#fp-email', email);
    await page.getByTestId('forgot-form').locator('button[type="submit"]').click();
    await page.getByTestId('forgot-answer').waitFor();
    const mail = await smtp.next(email, 10_000);
    const link = /http:\/\/127\.0\.0\.1:\d+(\/reset-password\/\S+\?lang=\w+)/.exec(mail.text)?.[1];
    expect(link).toMatch(new RegExp(`\\?lang=${lang}$`));
    await page.goto(link!);
    await hydrated(page);
    await page.fill('#r-password', 'newpass12');
    await page.fill('#r-confirm', 'newpass12');
    await page.locator('form button[type="submit"]:not([disabled])').click();
    await page.getByTestId('reset-success').waitFor();
    const signIn = page.getByTestId('reset-sign-in');
    expect(await signIn.getAttribute('href')).toBe(`/candidate?lang=${lang}`);
    await page.screenshot({ path: `${SHOTS}/reset-done-${lang}-360.png`, fullPage: true });
    await page.context().close();
  }, 120_000);
});
