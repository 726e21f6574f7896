// Interview invitations end to end (issue 27, decisions 430 and 460), in Chromium, in French and in
// English: the manager opens an offer and invites candidates. A CSV file with one bad row shows that
// row's line and reason (the catalog's words, not the code) and nothing is sent until the file is
// fixed; one person is then invited with a personal message. The invitation e-mail reaches the test
// SMTP server; the candidate opens its personal link on a 360 px phone with the fake camera, passes
// the device check and answers every question; the offer's invitation list shows the state move from
// sent to opened or started to completed. Then the recruiter dashboard: the recruiter invites someone
// from the Invitations tab and sees the state, extends the deadline and cancels (confirmed); the
// manager sets the company's reminder times (a time out of range shows its reason). Screenshots go to SHOTS_DIR (else a new temp folder).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { Invitation, Offer } from '../../../models/index.js';
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS } from '../../helpers/chromium.js';
import { startSmtp, type TestSmtp } from '../../helpers/smtp.js';
import { countRecordedBytes, recordedBytes } from '../helpers/candidate.js';
import { startManagerServer, type ManagerServer } from './setup.js';

const shots = process.env.SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-invitations-shots-'));
fs.mkdirSync(shots, { recursive: true });
/** A catalog key or a raw state shown as it is. */
const RAW = /\b(manager|resources|ra|dashboard)\.[a-z_]+(\.[a-z_0-9]+)+\b|\binvitation_[a-z_]+\b|\bopted_out\b/;

let s: ManagerServer;
let smtp: TestSmtp;
let camera: Browser;

beforeAll(async () => {
  smtp = await startSmtp();
  s = await startManagerServer({ SMTP_URL: smtp.url }, { jobs: true, portal: true });
  camera = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS], headless: true });
}, 300_000);
afterAll(async () => {
  await camera?.close();
  await s?.close();
  await smtp?.close();
});

const TEXTS = {
  fr: {
    locale: 'fr-FR',
    invite: 'Inviter des candidats',
    file: 'Un fichier CSV',
    check: 'Vérifier la liste',
    badEmail: 'L’adresse e-mail n’est pas valide.',
    one: 'Une personne',
    send: 'Envoyer l’invitation',
    sendMany: 'Envoyer 2 invitations',
    state: { sent: 'Envoyée', opened: 'Ouverte', started: 'Commencée', completed: 'Terminée', cancelled: 'Annulée' },
    start: 'Activer la caméra et le micro',
    continue: 'Passer à la première question',
    record: 'Enregistrer',
    stop: 'Arrêter',
    keep: 'Garder cette réponse',
    retake: 'Recommencer',
    practiceKeep: 'Terminer l’essai',
    noRetakeLeft: 'Plus de nouvelle prise possible pour cette question : gardez cette réponse.',
    tab: 'Invitations',
    extend: 'Prolonger',
    cancel: 'Annuler l’invitation',
    cancelTitle: 'Annuler l’invitation ?',
    remindersInvalid: 'Les rappels sont des heures avant la date limite, de 1 à 336, trois au plus (par exemple 48, 24).',
  },
  en: {
    locale: 'en-GB',
    invite: 'Invite candidates',
    file: 'A CSV file',
    check: 'Check the list',
    badEmail: 'The e-mail address is not valid.',
    one: 'One person',
    send: 'Send the invitation',
    sendMany: 'Send 2 invitations',
    state: { sent: 'Sent', opened: 'Opened', started: 'Started', completed: 'Completed', cancelled: 'Cancelled' },
    start: 'Turn on the camera and microphone',
    continue: 'Go to the first question',
    record: 'Record',
    stop: 'Stop',
    keep: 'Keep this answer',
    retake: 'Record again',
    practiceKeep: 'Finish the practice',
    noRetakeLeft: 'No retakes left for this question: keep this answer.',
    tab: 'Invitations',
    extend: 'Extend',
    cancel: 'Cancel the invitation',
    cancelTitle: 'Cancel the invitation?',
    remindersInvalid: 'Reminders are hours before the deadline, 1 to 336, three at most (for example 48, 24).',
  },
} as const;
type Lang = keyof typeof TEXTS;

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.fr`;

async function signedIn(browser: Browser, lang: Lang, email: string, at: string, phone = false): Promise<Page> {
  const context = await browser.newContext({
    viewport: phone ? { width: 360, height: 740 } : { width: 1366, height: 900 },
    isMobile: phone,
    hasTouch: phone,
    locale: TEXTS[lang].locale,
    baseURL: s.base,
  });
  const page = await context.newPage();
  const res = await page.request.post(`${s.base}/apis/auth/login`, { data: { email, password: 'demo1234' } });
  expect(res.status()).toBe(200);
  await page.goto(`${s.base}${at}`);
  return page;
}

/** The state of `email`'s invitation in the list read again, once the chip shows that answer. */
async function stateOf(page: Page, email: string): Promise<string | null> {
  const read = page.waitForResponse((r) => r.url().includes('/apis/console/invitations?') && r.request().method() === 'GET');
  await page.getByTestId('invitations-refresh').click();
  const rows = (await (await read).json()) as Array<{ email: string; state: string }>;
  const state = rows.find((r) => r.email === email)?.state ?? null;
  // The list drawn from that answer.
  const chip = page.locator(`[data-testid="invitation-row"][data-email="${email}"] [data-testid="invitation-state"]`);
  await expect.poll(() => chip.getAttribute('data-state'), { timeout: 10_000 }).toBe(state);
  return state;
}

async function chipText(page: Page, email: string): Promise<string> {
  return (await page.locator(`[data-testid="invitation-row"][data-email="${email}"] [data-testid="invitation-state"]`).textContent()) ?? '';
}

async function recordAnswer(page: Page, recorder: Locator, lang: Lang) {
  const x = TEXTS[lang];
  await page.evaluate(() => ((window as unknown as { __recorded: number }).__recorded = 0));
  await recorder.getByRole('button', { name: x.record, exact: true }).click();
  await recorder.locator('[data-testid="timer"]').waitFor({ timeout: 15_000 });
  await expect.poll(() => recordedBytes(page), { timeout: 30_000 }).toBeGreaterThan(0);
  await recorder.getByRole('button', { name: x.stop, exact: true }).click();
  await recorder.getByRole('button', { name: x.keep }).click({ timeout: 15_000 });
}

describe.each(['fr', 'en'] as const)('in %s', (lang) => {
  const x = TEXTS[lang];

  it("the manager invites from the offer (a bad CSV row blocks the sending), the candidate answers from the link on a phone within the offer's settings, the state moves to completed", async () => {
    // The offer's interview settings (decision 405): 15 s answers, one retake, recording when pressed.
    await Offer.update({ think_seconds: null, answer_seconds: 15, retakes: 1 }, { where: { job_code: 'CAFE75' } });
    const manager = await signedIn(s.browser, lang, 'manager@demo.test', '/manager/offer/CAFE75');
    const section = manager.getByTestId('offer-invitations');
    await section.waitFor({ timeout: 60_000 });
    await manager.getByTestId('invite-button').click();
    const dialog = manager.getByTestId('invite-dialog');
    await dialog.waitFor();

    // A CSV file, its third line's address wrong: that line and its reason, and nothing can be sent.
    const good = unique(`csv-${lang}`);
    const other = unique(`csv2-${lang}`);
    const before = await Invitation.count();
    await dialog.getByRole('tab', { name: x.file }).click();
    const bad = `prénom;nom;e-mail\nAna;Silva;${good}\nBob;Durand;bob-at-example\nZoé;Petit;${other}\n`;
    await dialog.getByTestId('invite-file').setInputFiles({ name: 'candidats.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await dialog.getByRole('button', { name: x.check }).click();
    const rows = dialog.getByTestId('invite-bad-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-line')).toBe('3');
    expect(await rows.first().getByTestId('invite-bad-reason').textContent()).toBe(x.badEmail);
    expect(await dialog.getByTestId('invite-send').isDisabled()).toBe(true);
    expect(await dialog.innerText()).not.toMatch(RAW);
    await manager.screenshot({ path: path.join(shots, `invite-csv-bad-${lang}.png`) });
    expect(await Invitation.count()).toBe(before);

    // Fixed: the check passes and the two are invited.
    await dialog
      .getByTestId('invite-file')
      .setInputFiles({ name: 'candidats.csv', mimeType: 'text/csv', buffer: Buffer.from(bad.replace('bob-at-example', unique(`bob-${lang}`)).replace(/\nBob.*\n/, '\n')) });
    await dialog.getByRole('button', { name: x.check }).click();
    await dialog.getByTestId('invite-check-ok').waitFor();
    await dialog.getByRole('button', { name: x.sendMany }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await Invitation.count()).toBe(before + 2);

    // One person, with a personal message.
    const email = unique(`invited-${lang}`);
    await manager.getByTestId('invite-button').click();
    await dialog.getByRole('tab', { name: x.one }).click();
    await dialog.getByTestId('invite-first_name').fill('Inès');
    await dialog.getByTestId('invite-last_name').fill('Moreau');
    await dialog.getByTestId('invite-email').fill(email);
    await dialog.getByTestId('invite-message').fill('Au plaisir de vous voir !');
    await manager.screenshot({ path: path.join(shots, `invite-one-${lang}.png`) });
    await dialog.getByRole('button', { name: x.send }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await stateOf(manager, email)).toBe('sent');
    expect(await chipText(manager, email)).toBe(x.state.sent);
    expect(await section.innerText()).not.toMatch(RAW);
    await section.screenshot({ path: path.join(shots, `invitations-sent-${lang}.png`) });

    // The e-mail, its personal message and its link.
    const mail = await smtp.next(email, 30_000);
    expect(mail.text).toContain('Au plaisir de vous voir !');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/apis\/invitation-link\/[A-Za-z0-9._-]+)/.exec(mail.text)![1];

    // The candidate, on a phone with the fake camera: the link opens the interview, identified.
    const context = await camera.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale: x.locale });
    const phone = await context.newPage();
    await countRecordedBytes(phone);
    await phone.goto(link);
    const check = phone.locator('[data-testid="device-check"]');
    await check.waitFor({ timeout: 60_000 });
    expect(['opened', 'started']).toContain(await stateOf(manager, email));
    await check.getByRole('button', { name: x.start }).click();
    await expect.poll(() => check.locator('[data-testid="dc-preview"]').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await phone.screenshot({ path: path.join(shots, `candidate-check-${lang}.png`) });
    // The practice question: recorded, played back, sent nowhere and no take counted.
    const takes: string[] = [];
    phone.on('request', (r) => {
      if (/\/takes$|\/uploads/.test(r.url()) && r.method() === 'POST') takes.push(r.url());
    });
    await check.locator('[data-testid="practice-start"]').click();
    const practice = phone.locator('[data-testid="practice-recorder"]');
    await practice.waitFor();
    await practice.getByRole('button', { name: x.record, exact: true }).click();
    await expect.poll(() => recordedBytes(phone), { timeout: 30_000 }).toBeGreaterThan(0);
    await practice.getByRole('button', { name: x.stop, exact: true }).click();
    await practice.getByRole('button', { name: x.practiceKeep }).click({ timeout: 15_000 });
    await check.locator('[data-testid="practice-done"]').waitFor();
    expect(takes).toEqual([]);
    await check.getByRole('button', { name: x.continue }).click();

    // Question 1 within the settings: the recording stops by itself at 15 s, one retake, then none,
    // and the server refuses a third take.
    const first = phone.locator('[data-testid="recorder"][data-question="1"]');
    await first.waitFor({ timeout: 60_000 });
    await phone.evaluate(() => ((window as unknown as { __recorded: number }).__recorded = 0));
    await first.getByRole('button', { name: x.record, exact: true }).click();
    const timer = first.locator('[data-testid="timer"]');
    await timer.waitFor({ timeout: 15_000 });
    expect(await timer.textContent()).toMatch(/\/ 0:15/);
    await first.locator('[data-testid="replay"]').waitFor({ timeout: 30_000 });
    await first.getByRole('button', { name: x.retake, exact: true }).click();
    await phone.evaluate(() => ((window as unknown as { __recorded: number }).__recorded = 0));
    await first.getByRole('button', { name: x.record, exact: true }).click();
    await first.locator('[data-testid="timer"]').waitFor({ timeout: 15_000 });
    await expect.poll(() => recordedBytes(phone), { timeout: 30_000 }).toBeGreaterThan(0);
    await first.getByRole('button', { name: x.stop, exact: true }).click();
    await first.locator('[data-testid="replay"]').waitFor({ timeout: 15_000 });
    expect(await first.locator('[data-testid="takes-left"]').textContent()).toBe(x.noRetakeLeft);
    expect(await first.getByRole('button', { name: x.retake, exact: true }).count()).toBe(0);
    const third = await phone.evaluate(async () => {
      const app = (await (await fetch('/apis/candidate/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ job_code: 'CAFE75' }) })).json()) as {
        id: number;
      };
      const r = await fetch(`/apis/candidate/applications/${app.id}/answers/q1/takes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return [r.status, ((await r.json()) as { error: string }).error];
    });
    expect(third).toEqual([409, 'no_retakes_left']);
    await first.getByRole('button', { name: x.keep }).click({ timeout: 15_000 });
    for (let n = 2; ; n++) {
      const recorder = phone.locator(`[data-testid="recorder"][data-question="${n}"]`);
      const next = await Promise.race([
        recorder.waitFor({ timeout: 60_000 }).then(() => 'question' as const),
        phone
          .locator('[data-testid="apply-done"], [data-testid="processing"], [data-testid="uploads-left"]')
          .first()
          .waitFor({ timeout: 60_000 })
          .then(() => 'done' as const),
      ]);
      if (next === 'done') break;
      await recordAnswer(phone, recorder, lang);
      if (n === 2) expect(await stateOf(manager, email)).toBe('started');
    }
    await phone.locator('[data-testid="apply-done"]').waitFor({ timeout: 180_000 });
    await phone.screenshot({ path: path.join(shots, `candidate-done-${lang}.png`) });
    await context.close();

    await expect.poll(() => stateOf(manager, email), { timeout: 30_000 }).toBe('completed');
    expect(await chipText(manager, email)).toBe(x.state.completed);
    await section.screenshot({ path: path.join(shots, `invitations-completed-${lang}.png`) });
    await manager.context().close();
  }, 420_000);

  it('the recruiter invites from the dashboard and sees the state', async () => {
    const page = await signedIn(s.browser, lang, 'recruiter@demo.test', '/dashboard');
    await page.getByRole('tab', { name: x.tab }).click({ timeout: 60_000 });
    await page.getByTestId('offer-invitations').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: x.invite }).click();
    const dialog = page.getByTestId('invite-dialog');
    const email = unique(`dash-${lang}`);
    await dialog.getByTestId('invite-first_name').fill('Paul');
    await dialog.getByTestId('invite-last_name').fill('Girard');
    await dialog.getByTestId('invite-email').fill(email);
    await dialog.getByRole('button', { name: x.send }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await stateOf(page, email)).toBe('sent');
    expect(await chipText(page, email)).toBe(x.state.sent);
    expect(await page.getByTestId('offer-invitations').innerText()).not.toMatch(RAW);
    await page.screenshot({ path: path.join(shots, `dashboard-invitations-${lang}.png`) });
    await smtp.next(email, 30_000);

    // A later deadline, then the cancel, confirmed: the link stops working.
    const row = page.locator(`[data-testid="invitation-row"][data-email="${email}"]`);
    const before = (await Invitation.findOne({ where: { email } }))!.deadline.getTime();
    await row.getByRole('button', { name: x.extend }).click();
    await page.getByTestId('extend-confirm').click();
    await page.getByTestId('extend-dialog').waitFor({ state: 'hidden' });
    expect((await Invitation.findOne({ where: { email } }))!.deadline.getTime()).toBeGreaterThan(before);
    await row.getByRole('button', { name: x.cancel }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(x.cancelTitle).waitFor();
    // Nothing changes before the confirmation.
    expect((await Invitation.findOne({ where: { email } }))!.cancelled_at).toBeNull();
    await page.screenshot({ path: path.join(shots, `cancel-confirm-${lang}.png`) });
    await confirm.getByRole('button', { name: x.cancel }).click();
    await expect.poll(() => stateOf(page, email), { timeout: 10_000 }).toBe('cancelled');
    expect(await chipText(page, email)).toBe(x.state.cancelled);
    await page.context().close();
  }, 180_000);

  it("the manager sets the company's reminder times", async () => {
    const page = await signedIn(s.browser, lang, 'manager@demo.test', '/manager/invitation-settings');
    const hours = page.getByTestId('reminder-hours');
    await hours.waitFor({ timeout: 60_000 });
    expect(await hours.inputValue()).toMatch(/^(48, 24|72, 12)$/);
    await hours.fill('400');
    await page.getByTestId('reminder-save').click();
    await page.getByText(x.remindersInvalid).waitFor();
    await hours.fill(lang === 'fr' ? '72, 12' : '48,24');
    await page.getByTestId('reminder-save').click();
    const want = lang === 'fr' ? [72, 12] : [48, 24];
    await expect.poll(async () => (await (await page.request.get(`${s.base}/apis/invitations/settings`)).json()).reminder_hours, { timeout: 10_000 }).toEqual(want);
    expect(await page.getByTestId('reminder-settings').innerText()).not.toMatch(RAW);
    await page.screenshot({ path: path.join(shots, `reminder-settings-${lang}.png`) });
    await page.context().close();
  }, 120_000);
});
