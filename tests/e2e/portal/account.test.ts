// The password reset page (link read from the mail the server wrote) and the internal login
// test page, in Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, expectAccessible, expectNoHorizontalScroll, launch, phonePage, portalHydrated } from '../helpers/browser.js';
import { inject } from 'vitest';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function resetLinkFor(email: string): Promise<string> {
  const mailDir = path.join(inject('dataDir'), 'mail');
  const before = new Set(fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []);
  const res = await fetch(`${baseUrl()}/apis/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, lang: 'fr' }),
  });
  expect(res.status).toBe(200);
  // Waits (up to 10 s) for the mail the server writes.
  return vi.waitFor(
    () => {
      const fresh = (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).filter((f) => !before.has(f));
      for (const f of fresh) {
        const text = fs
          .readFileSync(path.join(mailDir, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        const m = /https?:\/\/[^\s"<>]*\/reset-password\/[^\s"<>]+/.exec(text);
        if (m) return new URL(m[0]).pathname + new URL(m[0]).search;
      }
      throw new Error('no reset mail');
    },
    { timeout: 10_000, interval: 100 },
  );
}

describe('password reset page', () => {
  it('enables Save only for a valid pair, then changes the password', async () => {
    const link = await resetLinkFor('candidate@demo.test');
    const page = await phonePage(browser);
    await page.goto(link);
    expect(await page.locator('h1').textContent()).toBe('Choisissez un nouveau mot de passe');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await portalHydrated(page);
    const save = page.getByRole('button', { name: 'Enregistrer' });
    await page.fill('#r-password', 'abc123');
    await page.fill('#r-confirm', 'abc124');
    expect(await page.locator('#r-mismatch').textContent()).toBe('Les deux mots de passe ne sont pas identiques.');
    expect(await save.isDisabled()).toBe(true);
    await page.fill('#r-password', 'abcdef');
    await page.fill('#r-confirm', 'abcdef');
    expect(await save.isDisabled()).toBe(true);
    await page.fill('#r-password', 'nouveau42');
    await page.fill('#r-confirm', 'nouveau42');
    await save.click();
    await page.locator('[data-testid="reset-success"]').waitFor();

    const login = await fetch(`${baseUrl()}/apis/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify({ email: 'candidate@demo.test', password: 'nouveau42' }),
    });
    expect(login.status).toBe(200);

    // The link is single-use: a second try says it is no longer valid.
    await page.goto(link);
    await portalHydrated(page);
    await page.fill('#r-password', 'encore42');
    await page.fill('#r-confirm', 'encore42');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.locator('[data-testid="reset-error"]').waitFor();
    expect(await page.locator('[data-testid="reset-error"] span').textContent()).toBe('Ce lien n’est plus valide.');
    await page.getByRole('button', { name: 'Fermer' }).click();
    expect(await page.locator('[data-testid="reset-error"]').count()).toBe(0);
    await page.context().close();
  });

  it('takes what the visitor typed before the scripts ran (the button no longer stays disabled)', async () => {
    const page = await phonePage(browser);
    // The page's scripts wait until both fields are filled, as on a slow phone.
    let release!: () => void;
    const typed = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/reset-password/00000000-0000-4000-8000-000000000004/not-a-real-code', { waitUntil: 'domcontentloaded' });
    await page.fill('#r-password', 'abc123');
    await page.fill('#r-confirm', 'abc123');
    release();
    await page.locator('button[type="submit"]:enabled').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.locator('[data-testid="reset-error"]').waitFor();
    expect(await page.locator('[data-testid="reset-error"] span').textContent()).toBe('Ce lien n’est plus valide.');
    await page.context().close();
  });

  it('speaks the link language (?lang=nl) and reports a bad code', async () => {
    const page = await phonePage(browser);
    await page.goto('/reset-password/00000000-0000-4000-8000-000000000004/not-a-real-code?lang=nl');
    expect(await page.locator('h1').textContent()).toBe('Kies een nieuw wachtwoord');
    await portalHydrated(page);
    await page.fill('#r-password', 'abc123');
    await page.fill('#r-confirm', 'abc123');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.locator('[data-testid="reset-error"]').waitFor();
    expect(await page.locator('[data-testid="reset-error"] span').textContent()).toBe('Deze link is niet meer geldig.');
    await page.context().close();
  });
});

describe('login test page', () => {
  it('signs in with email and password, shows who is signed in, signs out', async () => {
    const page = await phonePage(browser);
    await page.goto('/login');
    await expectAccessible(page);
    await portalHydrated(page);
    await page.fill('#lg-email', 'recruiter@demo.test');
    await page.fill('#lg-password', 'wrong-password1');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('Connexion impossible');

    await page.fill('#lg-password', 'demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.locator('[data-testid="signed-in"]').waitFor();
    expect(await page.locator('[data-testid="signed-in"]').innerText()).toContain('recruiter@demo.test');
    // Where to go from here, in words (no raw profile value): the recruiter's dashboard, in the page's language.
    expect(await page.locator('[data-testid="signed-in"]').innerText()).not.toMatch(/\brecruiter\b(?!@)/);
    expect(await page.getByTestId('go-dashboard').innerText()).toBe('Ouvrir le tableau de bord');
    expect(await page.getByTestId('go-dashboard').getAttribute('href')).toBe('/dashboard?lang=fr');
    expect(await page.getByTestId('go-candidate').count()).toBe(0);
    await page.reload();
    await page.locator('[data-testid="signed-in"]').waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.locator('#lg-email').waitFor();
    await page.context().close();
  });

  it('/login/{client_id} shows the client and refuses SSO for an unknown domain', async () => {
    const page = await phonePage(browser);
    await page.goto('/login/mobile-app');
    expect(await page.locator('main').innerText()).toContain('mobile-app');
    await portalHydrated(page);
    await page.fill('#lg-sso', 'someone@unknown-company.example');
    await page.getByRole('button', { name: 'Continuer avec le SSO' }).click();
    await page.getByRole('alert').waitFor();
    expect(page.url()).toContain('/login/mobile-app');
    await page.context().close();
  });
});
