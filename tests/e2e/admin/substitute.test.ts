// "Substitute user" in Chromium, in fr and en (issue 24): staff open a manager, pick a recruiter of
// another company, and one dialog names both accounts and companies, counts what moves, says it
// cannot be undone and asks for the merged account's e-mail before the merge button works.
// Real server, built console, fresh SQLite demo database.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Offer, User } from '../../../models/index.js';
import { addToTeam, makeOffer, makeUser } from '../../helpers/fixtures.js';
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
    search: 'Rechercher',
    user: 'Utilisateur',
    pick: 'Fusionner…',
    moves: '2 annonces',
    final: 'Cette action est irréversible.',
    merge: 'Fusionner définitivement',
    done: 'fusionné : 2 annonces',
  },
  { lang: 'en', browser: 'en-GB', search: 'Search', user: 'User', pick: 'Merge…', moves: '2 offers', final: 'This cannot be undone.', merge: 'Merge for good', done: 'merged: 2 offers' },
] as const;

describe('substitute user across companies', () => {
  for (const c of CASES) {
    it(`names both accounts and what moves, and merges only once the e-mail is typed (${c.lang})`, async () => {
      const target = await makeUser({ profile: 'manager', name: `Anne Alpha ${c.lang}`, customer_name: 'Alpha Boulangeries' });
      const other = await makeUser({ profile: 'manager', customer_name: 'Beta Coiffure' });
      const source = await makeUser({ profile: 'recruiter', name: `Bruno Fusion ${c.lang}`, email: `bruno.fusion.${c.lang}@example.test` });
      await addToTeam(other, source);
      await makeOffer(source.id);
      await makeOffer(source.id);

      const context = await s.browser.newContext({ locale: c.browser, viewport: { width: 1366, height: 900 } });
      expect((await context.request.post(`${s.base}/apis/auth/login`, { data: { email: 'admin@demo.test', password: 'demo1234' } })).status()).toBe(200);
      const page = await context.newPage();
      await page.goto(`${s.base}/admin/#/user/${target.id}`);
      await page.getByTestId('substitute-toggle').click();
      const row = page.getByTestId('substitute-toggle').locator('..');
      await row.getByLabel(c.search, { exact: true }).fill('Bruno Fusion');
      await row.getByRole('combobox', { name: c.user }).click();
      await page.getByRole('option', { name: new RegExp(`Bruno Fusion ${c.lang}`) }).click();
      await page.getByRole('button', { name: c.pick }).click();

      const dialog = page.getByTestId('substitute-dialog');
      await expect.poll(() => dialog.getByTestId('substitute-source').textContent()).toContain(`Bruno Fusion ${c.lang} (${source.email})`);
      expect(await dialog.getByTestId('substitute-source').textContent()).toContain('Beta Coiffure');
      expect(await dialog.getByTestId('substitute-target').textContent()).toContain(`Anne Alpha ${c.lang}`);
      expect(await dialog.getByTestId('substitute-target').textContent()).toContain('Alpha Boulangeries');
      expect(await dialog.getByTestId('substitute-moves').textContent()).toContain(c.moves);
      expect(await dialog.getByTestId('substitute-final').textContent()).toContain(c.final);
      await dialog.getByTestId('substitute-warning').waitFor();
      const merge = dialog.getByRole('button', { name: c.merge });
      expect(await merge.isDisabled()).toBe(true);
      await dialog.getByTestId('substitute-typed').fill('someone@example.test');
      expect(await merge.isDisabled()).toBe(true);
      await dialog.getByTestId('substitute-typed').fill(source.email.toUpperCase());
      await page.screenshot({ path: `${SHOTS}/substitute-${c.lang}.png` });
      await merge.click();
      await page.getByText(c.done).waitFor();
      expect(await User.findByPk(source.id)).toBeNull();
      expect(await Offer.count({ where: { recruiter_id: target.id } })).toBe(2);
      await context.close();
    });
  }
});
