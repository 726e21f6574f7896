// The staff users list in Chromium, in fr and en (issue 24): the default filters (last 3 months,
// "Applications max 0"...) show as removable chips; a search that the filters empty says how many
// people they hide and clears them in one click; the profile selector lists managers; the menu's
// Dashboard entry opens today's counts and jobs, each tile opening its list. Real server, built
// console, fresh SQLite demo database.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../helpers/fixtures.js';
import { filterDefaults } from '../../../models/resources/schema.js';
import { users } from '../../../models/resources/users/resource.js';
import { startManagerServer, type ManagerServer } from '../manager/setup.js';

let s: ManagerServer;
const SHOTS = '/tmp/shots-console';

beforeAll(async () => {
  s = await startManagerServer();
  fs.mkdirSync(SHOTS, { recursive: true });
}, 240_000);

afterAll(async () => s?.close());

const CASES = [
  {
    lang: 'fr',
    browser: 'fr-FR',
    appsMax: 'Candidatures max : 0',
    hidden: 'Les filtres actifs cachent 1 autre personne',
    clear: 'Retirer les filtres',

    found: '1 trouvés',
    zero: '0 trouvés',
    manager: 'manager',
    menu: 'Tableau de bord',
    newCandidates: 'Nouveaux candidats',
  },
  {
    lang: 'en',
    browser: 'en-GB',
    appsMax: 'Applications max: 0',
    hidden: 'The active filters hide 1 more person',
    clear: 'Clear the filters',

    found: '1 found',
    zero: '0 found',
    manager: 'manager',
    menu: 'Dashboard',
    newCandidates: 'New candidates',
  },
] as const;

describe('users list filters and the staff dashboard', () => {
  for (const c of CASES) {
    it(`shows the active filters, says what they hide and lists managers (${c.lang})`, async () => {
      // Applied just now: the default "Applications max 0" hides her.
      await makeUser({ profile: 'candidate', name: `Capucine Postule ${c.lang}`, email: `capucine.${c.lang}@example.test`, applications_count: 1 });
      const context = await s.browser.newContext({ locale: c.browser, viewport: { width: 1366, height: 900 } });
      expect((await context.request.post(`${s.base}/apis/auth/login`, { data: { email: 'admin@demo.test', password: 'demo1234' } })).status()).toBe(200);
      const page = await context.newPage();
      await page.goto(`${s.base}/admin/#/users`);
      await page.getByTestId('count-line').waitFor();
      await page.getByTestId('chip-created_gte').waitFor();
      expect(await page.getByTestId('chip-applications_count_lte').textContent()).toBe(c.appsMax);

      await page.getByTestId('search').fill(`Capucine Postule ${c.lang}`);
      await expect.poll(() => page.getByTestId('hidden-by-filters').textContent(), { timeout: 10_000 }).toContain(c.hidden);
      expect(await page.getByTestId('count-line').textContent()).toBe(c.zero);
      await page.screenshot({ path: `${SHOTS}/users-hidden-${c.lang}.png` });
      await page.getByRole('button', { name: c.clear }).click();
      await expect.poll(() => page.getByTestId('count-line').textContent()).toBe(c.found);
      expect(await page.getByTestId('user-card').textContent()).toContain(`Capucine Postule ${c.lang}`);
      expect(await page.getByTestId('filter-chips').count()).toBe(0);

      // With the view's defaults again, a chip's cross removes that one filter.
      await page.goto(`${s.base}/admin/#/users?filter=${encodeURIComponent(JSON.stringify(filterDefaults(users, 'candidate')))}`);
      await page.getByTestId('chip-applications_count_lte').waitFor();
      await page.getByTestId('chip-applications_count_lte').locator('.MuiChip-deleteIcon').click();
      await expect.poll(() => page.getByTestId('chip-applications_count_lte').count()).toBe(0);
      expect(await page.getByTestId('chip-created_gte').count()).toBe(1);

      // Managers have their option.
      await page.getByTestId('profile-selector').locator('..').click();
      await page.getByRole('option', { name: c.manager, exact: true }).click();
      await expect.poll(() => page.getByTestId('profile-selector').inputValue()).toBe('manager');
      await page.getByTestId('count-line').waitFor();

      // The menu's Dashboard opens today's counts; a tile opens its list.
      await page.getByRole('menuitem', { name: c.menu }).click();
      const tile = page.getByTestId('tile-candidates');
      await expect.poll(async () => Number(await tile.getByTestId('tile-count').textContent())).toBeGreaterThanOrEqual(1);
      expect(await tile.textContent()).toContain(c.newCandidates);
      await page.getByTestId('tile-jobs-failed').waitFor();
      await page.screenshot({ path: `${SHOTS}/staff-dashboard-${c.lang}.png` });
      await tile.click();
      await page
        .getByTestId('user-card')
        .filter({ hasText: `Capucine Postule ${c.lang}` })
        .waitFor();
      await context.close();
    });
  }
});
