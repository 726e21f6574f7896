// /candidate/privacy in Chromium (issue 14, docs/decisions/168-self-service-privacy.md): a lead with
// no password signs in with the code received by a real SMTP server, downloads the ZIP of their data
// and deletes their account after ticking the confirmation; a recruiter reads that the page is for
// candidates. Its own server, so that mail goes to this file's SMTP server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, expectAccessible, expectNoHorizontalScroll } from '../helpers/browser.js';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { startSmtp, type TestSmtp } from '../../helpers/smtp.js';
import { proveEmail } from '../helpers/candidate.js';

let server: RunningServer;
let smtp: TestSmtp;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function phone(locale = 'fr-FR'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale, baseURL: server.baseUrl, acceptDownloads: true });
  return context.newPage();
}

describe('/candidate/privacy', () => {
  it('a lead signs in with the mailed code, downloads the ZIP of their data, then deletes the account', async () => {
    const email = `privacy-${Date.now()}@example.test`;
    const page = await phone();
    await page.goto('/candidate/privacy');
    expect(await page.locator('h1').textContent()).toBe('Mes données personnelles');
    await proveEmail(page, smtp, email);
    await page.getByRole('heading', { name: 'Télécharger mes données' }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Télécharger mes données (ZIP)' }).click()]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'privacy-e2e-'));
    const zip = path.join(dir, 'export.zip');
    await download.saveAs(zip);
    execFileSync('unzip', ['-q', zip, '-d', path.join(dir, 'out')]);
    expect(fs.readdirSync(path.join(dir, 'out')).sort()).toEqual(['applications.json', 'contact-history.json', 'profile.json', 'wishlist.json']);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'out', 'profile.json'), 'utf8'))).toMatchObject({ email, name: 'Léa Martin', profile: 'candidate' });
    fs.rmSync(dir, { recursive: true, force: true });

    const remove = page.getByRole('button', { name: 'Supprimer définitivement mon compte' });
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel('Je comprends que la suppression est définitive.').check();
    await remove.click();
    expect(await page.getByRole('status').textContent()).toBe('Votre compte et vos données ont été supprimés.');
    // Signed out and gone: the page asks to sign in again.
    await page.goto('/candidate/privacy');
    await page.locator('[data-testid="identity"]').waitFor();
    const me = await page.evaluate(() => fetch('/apis/auth/me').then((r) => r.status));
    expect(me).toBe(401);
  });

  it('tells a recruiter that the page is for candidates', async () => {
    const page = await phone('en-GB');
    const login = await page.request.post('/apis/auth/login', { data: { email: 'recruiter@demo.test', password: 'demo1234' }, headers: { origin: server.baseUrl } });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto('/candidate/privacy?lang=en');
    expect(await page.getByRole('alert').textContent()).toBe('This page is for candidates: a recruiter’s data belongs to their company’s account.');
  });
});
