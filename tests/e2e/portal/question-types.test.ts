// Question types on /candidate/apply/{job_code} in Chromium with a fake camera, on a 360 px phone
// (docs/decisions/455-question-types.md): the demo offer's q1 stays a video question, q2 becomes a
// short text and q3 a one-choice question whose "Non"/"No" is a knockout. In French and in English a
// candidate records the video, writes the text (the counter follows) and picks the knockout answer;
// the application completes; the manager's list and panel show the knockout badge with the question
// and the answer, and the candidate stays listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { CHROMIUM_ARGS, expectNoHorizontalScroll } from '../helpers/browser.js';
import { FAKE_MEDIA_ARGS } from '../../helpers/chromium.js';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { startSmtp, type TestSmtp } from '../../helpers/smtp.js';
import { proveEmail, skipDeviceCheck } from '../helpers/candidate.js';

let server: RunningServer;
let smtp: TestSmtp;
let camera: Browser;
const shots = process.env.SHOTS_DIR ?? fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'vrp-qtypes-shots-'));

function run(sql: string, params: unknown[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path.join(server.dataDir, 'server.sqlite'));
    db.run(sql, params, (err) => {
      db.close();
      if (err) reject(err);
      else resolve();
    });
  });
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
  camera = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS], headless: true });
  const offer = "(SELECT id FROM offers WHERE job_code = 'CAFE75')";
  await run(`UPDATE offer_questions SET type = 'text', question = 'Quelles sont vos disponibilités ?' WHERE qid = 'q2' AND offer_id = ${offer}`, []);
  await run(`UPDATE offer_questions SET type = 'choice', question = 'Avez-vous un permis de travail ?', options = ? WHERE qid = 'q3' AND offer_id = ${offer}`, [
    JSON.stringify([{ label: 'Oui' }, { label: 'Non', knockout: true }]),
  ]);
}, 180_000);
afterAll(async () => {
  await camera?.close();
  await server?.stop();
  await smtp?.close();
});

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.fr`;

async function phone(locale: string): Promise<Page> {
  const context = await camera.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale, baseURL: server.baseUrl });
  return context.newPage();
}

const TEXTS = {
  fr: {
    camera: 'Activer la caméra',
    record: 'Enregistrer',
    stop: 'Arrêter',
    keep: 'Garder cette réponse',
    send: 'Envoyer la réponse',
    count: (n: number) => `${n} / 500 caractères`,
    required: 'Merci d’écrire votre réponse.',
  },
  en: {
    camera: 'Turn the camera on',
    record: 'Record',
    stop: 'Stop',
    keep: 'Keep this answer',
    send: 'Send the answer',
    count: (n: number) => `${n} / 500 characters`,
    required: 'Please write your answer.',
  },
};

async function answerAll(lang: 'fr' | 'en'): Promise<string> {
  const x = TEXTS[lang];
  const page = await phone(lang === 'fr' ? 'fr-FR' : 'en-GB');
  await page.goto(`/candidate/apply/CAFE75?lang=${lang}`);
  const email = unique(`qtypes-${lang}`);
  await proveEmail(page, smtp, email);
  await page.locator('[data-testid="signed-in-as"]').waitFor();
  await skipDeviceCheck(page);

  // q1: video.
  const recorder = page.locator('[data-testid="recorder"][data-question="1"]');
  await recorder.waitFor({ timeout: 30_000 });
  await recorder.getByRole('button', { name: x.camera }).click();
  await recorder.getByRole('button', { name: x.record }).click();
  await recorder.locator('[data-testid="timer"]').waitFor({ timeout: 15_000 });
  const timer = await recorder.locator('[data-testid="timer"]').elementHandle();
  await page.waitForFunction((el) => Number(/0:(\d\d) \//.exec((el as HTMLElement).textContent ?? '')?.[1] ?? -1) >= 1, timer, { timeout: 20_000 });
  await recorder.getByRole('button', { name: x.stop }).click();
  await recorder.locator('[data-testid="replay"]').waitFor();
  await recorder.getByRole('button', { name: x.keep }).click();

  // q2: short text, with its counter; an empty answer is refused on the page.
  const text = page.locator('[data-testid="written-answer"][data-question="2"]');
  await text.waitFor({ timeout: 30_000 });
  const field = text.getByRole('textbox', { name: 'Quelles sont vos disponibilités ?' });
  expect(await field.getAttribute('maxlength')).toBe('500');
  expect(await text.locator('[data-testid="text-count"]').textContent()).toBe(x.count(0));
  await text.getByRole('button', { name: x.send }).click();
  expect(await text.locator('[data-testid="written-error"]').textContent()).toBe(x.required);
  await field.fill('Le soir et le week-end.');
  expect(await text.locator('[data-testid="text-count"]').textContent()).toBe(x.count(23));
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: path.join(shots, `text-${lang}.png`), fullPage: true });
  await text.getByRole('button', { name: x.send }).click();

  // q3: one choice, the knockout answer (the page cannot tell it is one).
  const choice = page.locator('[data-testid="written-answer"][data-question="3"]');
  await choice.waitFor({ timeout: 30_000 });
  const group = choice.getByRole('group', { name: 'Avez-vous un permis de travail ?' });
  expect(await group.getByRole('radio').count()).toBe(2);
  expect(await choice.innerHTML()).not.toContain('knockout');
  await group.getByRole('radio', { name: 'Non' }).check();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: path.join(shots, `choice-${lang}.png`), fullPage: true });
  await choice.getByRole('button', { name: x.send }).click();

  await page.locator('[data-testid="apply-done"]').waitFor({ timeout: 90_000 });
  await page.screenshot({ path: path.join(shots, `done-${lang}.png`), fullPage: true });
  await page.context().close();
  return email;
}

describe('video, text and knockout choice questions', () => {
  it('are answered on a phone in French and English, and the manager sees the knockout badge', async () => {
    const names: string[] = [];
    for (const lang of ['fr', 'en'] as const) names.push(await answerAll(lang));
    expect(names).toHaveLength(2);

    const context = await camera.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR', baseURL: server.baseUrl });
    const page = await context.newPage();
    expect((await page.request.post('/apis/auth/login', { data: { email: 'manager@demo.test', password: 'demo1234' }, headers: { origin: server.baseUrl } })).status()).toBe(200);
    await page.goto('/manager/offer/CAFE75');
    const badges = page.locator('[data-testid="knockout-badge"]');
    await badges.first().waitFor({ timeout: 30_000 });
    expect(await badges.count()).toBe(2);
    expect(await badges.first().textContent()).toBe('Exigence non remplie : Avez-vous un permis de travail ? → Non');
    await page.screenshot({ path: path.join(shots, 'manager-list-fr.png') });
    // The panel: the badge and the written answers.
    const row = page.locator('tr', { has: page.locator('[data-testid="knockout-badge"]') }).first();
    await row.locator('[data-testid="story-button"]').click();
    const panel = page.locator('[data-testid="candidate-panel"]');
    await panel.locator('[data-testid="knockout-badge"]').waitFor({ timeout: 15_000 });
    expect(await panel.locator('[data-testid="written-answers"]').textContent()).toContain('Le soir et le week-end.');
    await page.screenshot({ path: path.join(shots, 'manager-panel-fr.png') });
    await context.close();
  });
});
