// The consoles take the language a link names (?lang=, built by withLang: decision 280) over the
// browser's, and their sign-in forms offer "Forgot password?" in that language (decision 282).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch } from '../helpers/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a console link that names a language', () => {
  it.each([
    ['/admin?lang=en', 'Forgot password?'],
    ['/manager?lang=nl', 'Wachtwoord vergeten?'],
    ['/dashboard?lang=en', 'Forgot password?'],
    ['/dashboard', 'Mot de passe oublié ?'],
  ])('%s opens in that language, with "Forgot password?"', async (path, forgot) => {
    // A French browser: only the link's ?lang makes the console English or Dutch.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR', baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto(path);
    const link = page.getByTestId('forgot-password');
    await link.waitFor({ timeout: 30_000 });
    expect(await link.textContent()).toBe(forgot);
    await context.close();
  });
});
