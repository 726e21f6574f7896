// The offer's interview settings on /candidate/apply/{job_code} in Chromium with a fake camera
// (docs/decisions/405-interview-settings.md): an offer with 15 s answers and 1 retake. The rules
// line is shown before starting, the timer stops by itself at 0:15 (the page's timers on a clock
// the test moves, page.clock), one retake is allowed and then "Retake" is gone; in French (record
// when pressed) and in English (10 s to think, then the recording starts by itself). The retakes
// are the server's count: the page's takes went through POST …/takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { CHROMIUM_ARGS, expectNoHorizontalScroll, portalHydrated } from '../helpers/browser.js';
import { FAKE_MEDIA_ARGS } from '../../helpers/chromium.js';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { startSmtp, type TestSmtp } from '../../helpers/smtp.js';
import { countRecordedBytes, proveEmail, recordedBytes, skipDeviceCheck } from '../helpers/candidate.js';

let server: RunningServer;
let smtp: TestSmtp;
let camera: Browser;
/** Screenshots for a person to look at (SHOTS_DIR, else a temporary folder). */
const shots = process.env.SHOTS_DIR ?? fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'vrp-interview-shots-'));

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

/** Sets the demo offer's interview settings in this file's server database. */
function setOffer(columns: { think_seconds: number | null; answer_seconds: number; retakes: number | null }): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path.join(server.dataDir, 'server.sqlite'));
    db.run("UPDATE offers SET think_seconds = ?, answer_seconds = ?, retakes = ? WHERE job_code = 'CAFE75'", [columns.think_seconds, columns.answer_seconds, columns.retakes], function (err) {
      db.close();
      if (err) reject(err);
      else if (this.changes !== 1) reject(new Error('CAFE75 not found'));
      else resolve();
    });
  });
}

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.fr`;

async function phone(locale: string): Promise<Page> {
  const context = await camera.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale, baseURL: server.baseUrl });
  return context.newPage();
}

async function signIn(page: Page, email: string) {
  await proveEmail(page, smtp, email);
  await page.locator('[data-testid="signed-in-as"]').waitFor();
  await skipDeviceCheck(page);
}

/** Forgets the bytes counted so far (the last chunk of a stopped recording comes after its count was read). */
const forgetRecorded = (page: Page) => page.evaluate(() => ((window as unknown as { __recorded: number }).__recorded = 0));

/** Waits until the page's real MediaRecorder has handed over bytes (the page's clock stands still meanwhile). */
async function someMediaRecorded(page: Page) {
  await expect.poll(() => recordedBytes(page), { timeout: 60_000 }).toBeGreaterThan(0);
  await forgetRecorded(page);
}

/** The timer runs to 0:14 (still recording), then the page stops by itself at 0:15: the replay. */
async function stopsItselfAt15(page: Page, recorder: Locator, stop: string) {
  const timer = recorder.locator('[data-testid="timer"]');
  await timer.waitFor({ timeout: 10_000 });
  await someMediaRecorded(page);
  await page.clock.runFor(14_000);
  await expect.poll(() => timer.textContent(), { timeout: 5_000 }).toMatch(/0:14 \/ 0:15/);
  expect(await recorder.getByRole('button', { name: stop }).isVisible()).toBe(true);
  await page.clock.runFor(1_500);
  await recorder.locator('[data-testid="replay"]').waitFor({ timeout: 10_000 });
  expect(await timer.count()).toBe(0);
}

async function open(locale: string, lang: string) {
  const page = await phone(locale);
  await page.clock.install();
  await countRecordedBytes(page);
  const takes: number[] = [];
  page.on('response', (r) => {
    if (/\/answers\/q1\/takes$/.test(r.url())) takes.push(r.status());
  });
  await page.goto(`/candidate/apply/CAFE75?lang=${lang}`);
  return { page, takes };
}

describe('an offer with 15 s answers and 1 retake', () => {
  it('in French, recording when pressed: the rules, the timer stops at 0:15, one retake then no "Recommencer"', async () => {
    await setOffer({ think_seconds: null, answer_seconds: 15, retakes: 1 });
    const { page, takes } = await open('fr-FR', 'fr');
    const rules = page.locator('[data-testid="interview-rules"]');
    expect(await rules.innerText()).toBe('3 questions · 15 s chacune · 1 nouvelle prise · réfléchissez autant que vous voulez');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(shots, 'apply-rules-fr.png') });
    await signIn(page, unique('rules-fr'));
    const recorder = page.locator('[data-testid="recorder"][data-question="1"]');
    await recorder.waitFor({ timeout: 30_000 });
    expect(await recorder.locator('label[for^="file-"]').textContent()).toBe('Ou envoyer une vidéo (15 s maximum)');
    await recorder.getByRole('button', { name: 'Activer la caméra' }).click();
    const record = recorder.getByRole('button', { name: 'Enregistrer' });
    await record.waitFor();
    await page.clock.pauseAt(Date.now() + 1_000);
    await record.click();
    await recorder.locator('[data-testid="countdown"]').waitFor();
    await page.clock.runFor(3_000);
    await stopsItselfAt15(page, recorder, 'Arrêter');
    expect(await recorder.locator('[data-testid="takes-left"]').textContent()).toBe('Encore 1 nouvelle prise possible');
    await page.screenshot({ path: path.join(shots, 'recorder-review-fr.png'), fullPage: true });
    // The one retake.
    await recorder.getByRole('button', { name: 'Recommencer' }).click();
    // What the first recording handed over when it stopped is not the retake's.
    await forgetRecorded(page);
    await record.click();
    await recorder.locator('[data-testid="countdown"]').waitFor();
    await page.clock.runFor(3_000);
    await recorder.locator('[data-testid="timer"]').waitFor({ timeout: 10_000 });
    await someMediaRecorded(page);
    await page.clock.runFor(2_000);
    await recorder.getByRole('button', { name: 'Arrêter' }).click();
    await recorder.locator('[data-testid="replay"]').waitFor({ timeout: 10_000 });
    expect(await recorder.locator('[data-testid="takes-left"]').textContent()).toBe('Plus de nouvelle prise possible pour cette question : gardez cette réponse.');
    expect(await recorder.getByRole('button', { name: 'Recommencer' }).count()).toBe(0);
    expect(await recorder.getByRole('button', { name: 'Garder cette réponse' }).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(shots, 'recorder-no-retake-fr.png'), fullPage: true });
    // The server counted both takes and refuses a third.
    expect(takes).toEqual([201, 201]);
    const third = await page.evaluate(async () => {
      const apps = (await (await fetch('/apis/candidate/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ job_code: 'CAFE75' }) })).json()) as {
        id: number;
      };
      const r = await fetch(`/apis/candidate/applications/${apps.id}/answers/q1/takes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return [r.status, ((await r.json()) as { error: string }).error];
    });
    expect(third).toEqual([409, 'no_retakes_left']);
    await page.context().close();
  }, 180_000);

  it('in English, 10 s to think: the rules, the thinking countdown starts the recording, the timer stops at 0:15, one retake then no "Record again"', async () => {
    await setOffer({ think_seconds: 10, answer_seconds: 15, retakes: 1 });
    const { page, takes } = await open('en-GB', 'en');
    expect(await page.locator('[data-testid="interview-rules"]').innerText()).toBe('3 questions · 15 s each · 1 retake · 10 s to think');
    await page.screenshot({ path: path.join(shots, 'apply-rules-en.png') });
    await signIn(page, unique('rules-en'));
    const recorder = page.locator('[data-testid="recorder"][data-question="1"]');
    await recorder.waitFor({ timeout: 30_000 });
    await page.clock.pauseAt(Date.now() + 1_000);
    await recorder.getByRole('button', { name: 'Turn the camera on' }).click();
    // The question is shown with its thinking time; nothing is recorded yet.
    const thinking = recorder.locator('[data-testid="thinking"]');
    await thinking.waitFor();
    expect(await thinking.textContent()).toBe('Time to think: 10 s');
    await page.clock.runFor(4_000);
    await expect.poll(() => thinking.textContent()).toBe('Time to think: 6 s');
    expect(await recorder.getByRole('button', { name: 'Start now' }).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(shots, 'recorder-thinking-en.png'), fullPage: true });
    expect(takes).toEqual([]);
    // At the end of the thinking time the recording starts by itself.
    await page.clock.runFor(6_000);
    await stopsItselfAt15(page, recorder, 'Stop');
    expect(await recorder.locator('[data-testid="takes-left"]').textContent()).toBe('1 retake left');
    await page.screenshot({ path: path.join(shots, 'recorder-review-en.png'), fullPage: true });
    // The retake: thinking again, the candidate starts earlier.
    await recorder.getByRole('button', { name: 'Record again' }).click();
    await forgetRecorded(page);
    await thinking.waitFor();
    await recorder.getByRole('button', { name: 'Start now' }).click();
    await recorder.locator('[data-testid="timer"]').waitFor({ timeout: 10_000 });
    await someMediaRecorded(page);
    await page.clock.runFor(2_000);
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await recorder.locator('[data-testid="replay"]').waitFor({ timeout: 10_000 });
    expect(await recorder.locator('[data-testid="takes-left"]').textContent()).toBe('No retakes left for this question: keep this answer.');
    expect(await recorder.getByRole('button', { name: 'Record again' }).count()).toBe(0);
    expect(await recorder.locator('[data-testid="thinking"]').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'recorder-no-retake-en.png'), fullPage: true });
    expect(takes).toEqual([201, 201]);
    await page.context().close();
  }, 180_000);
});

/** Text that looks like a catalog key or a raw setting value left untranslated. */
const RAW = /\b(wiz|apply)_[a-z_]+\b|\bunlimited\b(?! retakes)|\bpress\b/;

describe('the wizard’s questions step', () => {
  it('offers the settings in French and English, keeps what is chosen, and the draft holds it', async () => {
    const login = await fetch(`${server.baseUrl}/apis/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: 'recruiter@demo.test', password: 'demo1234', client: 'app' }),
    });
    const { token: bearer } = (await login.json()) as { token: string };
    const created = await fetch(`${server.baseUrl}/apis/draft-offer`, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: '{}' });
    const token = ((await created.json()) as { edition_token: string }).edition_token;
    for (const [locale, lang, names] of [
      ['fr-FR', 'fr', { legend: 'Déroulement de l’entretien', think: 'Temps de réflexion avant chaque réponse', press: 'Au choix du candidat', unlimited: 'Illimitées' }],
      ['en-GB', 'en', { legend: 'Interview settings', think: 'Thinking time before each answer', press: 'As long as they like', unlimited: 'Unlimited' }],
    ] as const) {
      const page = await phone(locale);
      await page.goto(`/draft/offer/${token}/12?lang=${lang}`);
      const settings = page.locator('[data-testid="interview-settings"]');
      expect(await settings.locator('legend').textContent()).toBe(names.legend);
      // A new draft shows today's interview.
      expect(await page.locator('#w-think_seconds option:checked').textContent()).toBe(names.press);
      expect(await page.locator('#w-answer_seconds option:checked').textContent()).toBe('1 min');
      expect(await page.locator('#w-retakes option:checked').textContent()).toBe(names.unlimited);
      expect(await page.getByLabel(names.think).count()).toBe(1);
      expect(await settings.innerText()).not.toMatch(RAW);
      await expectNoHorizontalScroll(page);
      await settings.scrollIntoViewIfNeeded();
      await settings.screenshot({ path: path.join(shots, `wizard-settings-${lang}.png`) });
      await page.context().close();
    }
    // Chosen and saved with the step (here by adding a question, which posts the step's form).
    const page = await phone('fr-FR');
    await page.goto(`/draft/offer/${token}/12?lang=fr`);
    await portalHydrated(page);
    await page.selectOption('#w-think_seconds', '30');
    await page.selectOption('#w-answer_seconds', '15');
    await page.selectOption('#w-retakes', '1');
    await page.getByRole('button', { name: 'Ajouter une question' }).click();
    await page.locator('#w-q4').waitFor();
    expect(await page.locator('#w-think_seconds option:checked').textContent()).toBe('30 s');
    expect(await page.locator('#w-answer_seconds option:checked').textContent()).toBe('15 s');
    expect(await page.locator('#w-retakes option:checked').textContent()).toBe('1');
    const draft = (await (await fetch(`${server.baseUrl}/apis/draft-offer/${token}`)).json()) as { offer_json: Record<string, unknown> };
    expect(draft.offer_json).toMatchObject({ think_seconds: 30, answer_seconds: 15, retakes: 1 });
    await page.context().close();
  }, 120_000);
});
