// The staff console's app bar (decision 420: its menus load when first opened) in Chromium: the
// language button lists fr, nl and en and switches the console (the users list's title and the
// button's own name change, the choice is kept for the next visit); the user's button opens the
// menu whose "Logout" signs out to the sign-in page; the theme has no light/dark button. The first
// load fetches neither menu's chunk. Real server, built console, fresh SQLite demo database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startManagerServer, type ManagerServer } from '../manager/setup.js';

let s: ManagerServer;

beforeAll(async () => {
  s = await startManagerServer();
}, 240_000);

afterAll(async () => s?.close());

describe("the staff console's app bar", () => {
  it('switches the language from its menu and signs out from the user menu', { timeout: 120_000 }, async () => {
    const context = await s.browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
    expect((await context.request.post(`${s.base}/apis/auth/login`, { data: { email: 'admin@demo.test', password: 'demo1234' } })).status()).toBe(200);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${s.base}/admin/#/users`);
    await page.locator('[data-testid="user-card"]').first().waitFor({ timeout: 60_000 });
    expect(scripts.filter((u) => /AppBarMenus|LoginPage|Notification-/.test(u))).toEqual([]);
    const title = page.locator('#react-admin-title');
    expect(await title.textContent()).toBe('Utilisateurs');
    expect(
      await page
        .locator('.RaAppBar-toolbar')
        .getByRole('button', { name: /thème|theme/i })
        .count(),
    ).toBe(0);

    const languages = page.locator('.RaLocalesMenuButton-root button');
    expect(await languages.textContent()).toBe('Français');
    await languages.click();
    const items = page.locator('#simple-menu [role="menuitem"]');
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual(['Français', 'Nederlands', 'English']);
    await items.filter({ hasText: 'English' }).click();
    await page.waitForFunction(() => document.querySelector('#react-admin-title')?.textContent === 'Users');
    expect(await languages.textContent()).toBe('English');
    await languages.click();
    await items.filter({ hasText: 'Nederlands' }).click();
    await page.waitForFunction(() => document.querySelector('#react-admin-title')?.textContent === 'Gebruikers');
    expect(await page.evaluate(() => window.localStorage.getItem('RaStore.locale'))).toBe('"nl"');

    // The next visit opens in Dutch.
    await page.reload();
    await page.locator('[data-testid="user-card"]').first().waitFor({ timeout: 60_000 });
    expect(await title.textContent()).toBe('Gebruikers');

    await page.locator('.RaUserMenu-userButton, [aria-label="Profiel"], [aria-label="Profile"]').first().click();
    const logout = page.locator('#menu-appbar .logout');
    await logout.waitFor();
    await logout.click();
    await page.getByTestId('forgot-password').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('forgot-password').textContent()).toBe('Wachtwoord vergeten?');
    await context.close();
  });
});
