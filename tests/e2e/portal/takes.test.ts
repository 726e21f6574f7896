// The candidate's interview with no take to spare, in Chromium with a fake camera on a 360 px phone
// (issue 27; decisions 465 to 468). The demo offer CAFE75 gets a written second question and no
// retakes. The rules line names the videos and the written answer (fr, en); an invited candidate
// sees who invited them and until when; a tab closed during the replay of their only take comes
// back to that replay and sends that same take (one take counted); past the deadline the page says
// so kindly; a candidate whose recording was lost is told to ask, the manager gives a new take
// from /manager, the candidate is told by e-mail and records again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { CHROMIUM_ARGS, expectNoHorizontalScroll, portalHydrated } from '../helpers/browser.js';
import { FAKE_MEDIA_ARGS } from '../../helpers/chromium.js';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { startSmtp, type TestSmtp } from '../../helpers/smtp.js';
import { countRecordedBytes, proveEmail, recordedBytes, skipDeviceCheck } from '../helpers/candidate.js';
import { parseMail } from '../../helpers/mime.js';

let server: RunningServer;
let smtp: TestSmtp;
let camera: Browser;
const shots = process.env.SHOTS_DIR ?? fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'vrp-takes-shots-'));

function run(sql: string, params: unknown[] = []): Promise<void> {
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
  await run(`UPDATE offer_questions SET type = 'text', question = 'Quelles sont vos disponibilités ?' WHERE qid = 'q2' AND offer_id = ${offer}`);
  await run("UPDATE offers SET think_seconds = NULL, answer_seconds = 60, retakes = 0 WHERE job_code = 'CAFE75'");
}, 180_000);
afterAll(async () => {
  await camera?.close();
  await server?.stop();
  await smtp?.close();
});

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.fr`;

async function phoneContext(locale: string): Promise<BrowserContext> {
  return camera.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale, baseURL: server.baseUrl });
}

/** Records question 1 once (the camera turned on if it is not) and stops: the replay. */
async function recordOnce(page: Page) {
  const recorder = page.locator('[data-testid="recorder"][data-question="1"]');
  await recorder.waitFor({ timeout: 30_000 });
  const cameraButton = recorder.getByRole('button', { name: 'Activer la caméra' });
  if (await cameraButton.isVisible()) await cameraButton.click();
  await recorder.getByRole('button', { name: 'Enregistrer' }).click();
  await recorder.locator('[data-testid="timer"]').waitFor({ timeout: 15_000 });
  await expect.poll(() => recordedBytes(page), { timeout: 60_000 }).toBeGreaterThan(0);
  await recorder.getByRole('button', { name: 'Arrêter' }).click();
  await recorder.locator('[data-testid="replay"]').waitFor({ timeout: 15_000 });
  return recorder;
}

/** The signed-in candidate's application to CAFE75, as the API gives it. */
async function application(page: Page) {
  const list = (await (await page.request.get('/apis/candidate/applications')).json()) as { Items?: Array<{ id: number; job_code: string }> } | Array<{ id: number; job_code: string }>;
  const items = Array.isArray(list) ? list : (list.Items ?? []);
  const id = items.find((a) => a.job_code === 'CAFE75')!.id;
  return (await (await page.request.get(`/apis/candidate/applications/${id}`)).json()) as { id: number; answers: Array<{ qid: string; status: string; takes: number; takes_left: number | null }> };
}

describe('the rules line of a mixed offer', () => {
  it('names the videos and the written answer, in French and in English', async () => {
    for (const [locale, lang, expected] of [
      ['fr-FR', 'fr', '3 questions : 2 vidéos de 1 min, 1 réponse écrite · pas de nouvelle prise · réfléchissez autant que vous voulez'],
      ['en-GB', 'en', '3 questions: 2 videos of 1 min, 1 written answer · no retakes · think as long as you like'],
    ] as const) {
      const context = await phoneContext(locale);
      const page = await context.newPage();
      await page.goto(`/candidate/apply/CAFE75?lang=${lang}`);
      expect(await page.locator('[data-testid="interview-rules"]').innerText()).toBe(expected);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: path.join(shots, `rules-mixed-${lang}.png`) });
      await context.close();
    }
  });
});

describe('an invited candidate with no retake', () => {
  it('sees who invited them and until when, gets the replay back after closing the tab, sends that take, and is told kindly once the deadline passed', async () => {
    // The demo recruiter invites the candidate, in French, by a deadline three days away.
    const office = await camera.newContext({ baseURL: server.baseUrl });
    expect((await office.request.post('/apis/auth/login', { data: { email: 'recruiter@demo.test', password: 'demo1234' }, headers: { origin: server.baseUrl } })).status()).toBe(200);
    const email = unique('invited');
    const deadline = new Date(Date.now() + 3 * 24 * 3600_000);
    deadline.setUTCMinutes(0, 0, 0);
    const invited = await office.request.post('/apis/invitations', {
      data: { job_code: 'CAFE75', deadline: deadline.toISOString(), lang: 'fr', rows: [{ first_name: 'Inès', last_name: 'Invitée', email }] },
      headers: { origin: server.baseUrl },
    });
    expect(invited.status(), await invited.text()).toBeLessThan(300);
    await office.close();
    const mail = await smtp.next(email, 30_000);
    const link = /\/apis\/invitation-link\/\S+/.exec(mail.text)![0];

    const context = await phoneContext('fr-FR');
    const takes: number[] = [];
    context.on('response', (r) => {
      if (/\/answers\/q1\/takes$/.test(r.url())) takes.push(r.status());
    });
    let page = await context.newPage();
    await countRecordedBytes(page);
    await page.goto(link);
    await portalHydrated(page);
    expect(new URL(page.url()).pathname).toBe('/candidate/apply/CAFE75');
    const company = (await page.locator('.offer-head p').innerText()).trim();
    const when = new Intl.DateTimeFormat('fr', { timeZone: 'Europe/Paris', weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(deadline);
    expect(await page.locator('[data-testid="invited"]').innerText()).toBe(`Invité·e par ${company} · répondez avant ${when}`);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(shots, 'invited-fr.png') });

    await skipDeviceCheck(page);
    const recorder = await recordOnce(page);
    expect(await recorder.locator('[data-testid="retake"]').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'replay-before-close-fr.png'), fullPage: true });
    // The tab is closed during the replay, before "keep"; the candidate opens the page again.
    await page.close();
    page = await context.newPage();
    await page.goto('/candidate/apply/CAFE75');
    const again = page.locator('[data-testid="recorder"][data-question="1"]');
    await again.locator('[data-testid="recorded-kept"]').waitFor({ timeout: 30_000 });
    await again.locator('[data-testid="replay"]').waitFor();
    await page.screenshot({ path: path.join(shots, 'replay-kept-fr.png'), fullPage: true });
    await again.getByRole('button', { name: 'Garder cette réponse' }).click();
    // Answer 1 reaches the server: the same take, none counted again.
    await expect.poll(async () => (await application(page)).answers.find((a) => a.qid === 'q1')!.status, { timeout: 60_000 }).toMatch(/processing|ready/);
    expect(takes).toEqual([201]);
    expect((await application(page)).answers.find((a) => a.qid === 'q1')!.takes).toBe(1);

    // Past the deadline, the page says so with the link's own kind words, and starts nothing.
    // As Sequelize writes a date in SQLite.
    const past = new Date(Date.now() - 60_000).toISOString().replace('T', ' ').replace('Z', ' +00:00');
    await run('UPDATE invitations SET deadline = ? WHERE email = ?', [past, email]);
    await page.goto('/candidate/apply/CAFE75');
    const closed = page.locator('[data-testid="invitation-closed"]');
    await closed.waitFor();
    expect(await closed.locator('h2').innerText()).toBe('Cet entretien est terminé');
    expect(await closed.innerText()).toContain('l’entreprise peut prolonger le délai');
    expect(await page.locator('[data-testid="recorder"]').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'invitation-closed-fr.png') });
    await context.close();
  });
});

describe('a recording lost with no take left', () => {
  it('tells the candidate to ask; the manager gives a new take from /manager; the candidate is told and records again', async () => {
    const context = await phoneContext('fr-FR');
    const page = await context.newPage();
    await countRecordedBytes(page);
    const email = unique('lost');
    await page.goto('/candidate/apply/CAFE75?lang=fr');
    await proveEmail(page, smtp, email);
    await page.locator('[data-testid="signed-in-as"]').waitFor();
    await skipDeviceCheck(page);
    await recordOnce(page);
    // The recording is lost (another device, a cleared browser): nothing kept on this one.
    await page.evaluate(() => new Promise((resolve) => (indexedDB.deleteDatabase('video-answers').onsuccess = resolve)));
    await page.reload();
    const recorder = page.locator('[data-testid="recorder"][data-question="1"]');
    await recorder.locator('[data-testid="no-takes-left"]').waitFor({ timeout: 30_000 });
    expect(await recorder.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'no-takes-left-fr.png'), fullPage: true });

    const office = await camera.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR', baseURL: server.baseUrl });
    const manager = await office.newPage();
    expect((await manager.request.post('/apis/auth/login', { data: { email: 'manager@demo.test', password: 'demo1234' }, headers: { origin: server.baseUrl } })).status()).toBe(200);
    await manager.goto('/manager/offer/CAFE75');
    const stuck = manager.locator('[data-testid="take-backs"]');
    await stuck.waitFor({ timeout: 30_000 });
    expect(await stuck.innerText()).toContain('Léa Martin');
    await manager.screenshot({ path: path.join(shots, 'manager-take-back-fr.png') });
    const give = stuck.locator('li', { hasText: 'Léa Martin' }).locator('[data-testid="take-back"]');
    await give.click();
    await manager.getByText('Nouvelle prise donnée à Léa Martin').waitFor({ timeout: 15_000 });
    await manager.screenshot({ path: path.join(shots, 'manager-take-given-fr.png') });
    await office.close();

    const told = parseMail((await smtp.next(email, 30_000)).raw);
    expect(told.subject).toContain('Une nouvelle prise pour votre entretien');
    await page.reload();
    await recordOnce(page);
    expect((await application(page)).answers.find((a) => a.qid === 'q1')!.takes).toBe(1);
    await context.close();
  });
});
