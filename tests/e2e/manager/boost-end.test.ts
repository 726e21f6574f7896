// Boosts in the consoles, in Chromium (issue 23; decision 251): the manager sees until when a seeded
// boosted offer is boosted, in the offers table and on the offer's page; staff set an account's boost
// length on its user page and the next boost of that account lasts that long.
import { expect, it } from 'vitest';
import { Offer, User } from '../../../models/index.js';
import { listDate } from '../../../models/rules/dates.js';
import { expectAccessible } from '../helpers/browser.js';
import { demoManagerServer, newPage, signIn } from './setup.js';

const env = demoManagerServer();
const SHOTS = process.env.SHOTS_DIR;

it('the manager sees when a boost ends, in the offers table and on the offer page', async () => {
  const { s } = env;
  const offer = (await Offer.findOne({ where: { job_code: 'CAFE75' } }))!;
  expect(offer.is_boosted).toBe(true);
  const label = `Boostée jusqu’au ${listDate(offer.boost_ends_at, false)}`;
  const { page, context } = await newPage(s);
  await signIn(page, s.base, 'manager@demo.test');
  await page.getByRole('menuitem', { name: 'Annonces' }).waitFor();
  await page.goto(`${s.base}/manager/offers`);
  await page.getByTestId('search').fill('CAFE75');
  const table = page.getByTestId('offers-table');
  await expect.poll(() => table.locator('tbody tr').count(), { timeout: 5000 }).toBe(1);
  await expect.poll(() => table.getByTestId('boosted-chip').textContent()).toBe(label);
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/manager-offers-boost-end.png` });
  await page.goto(`${s.base}/manager/offer/CAFE75`);
  await expect.poll(() => page.getByTestId('boosted-chip').textContent()).toBe(label);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/manager-offer-boost-end.png` });
  await context.close();
}, 120_000);

it("staff set an account's boost length on its user page", async () => {
  const { s } = env;
  const manager = (await User.findOne({ where: { email: 'manager@demo.test' } }))!;
  const { page, context } = await newPage(s);
  await signIn(page, s.base, 'admin@demo.test', '/admin/');
  await page.getByTestId('profile-selector').waitFor();
  await page.goto(`${s.base}/admin/#/user/${manager.id}`);
  const input = page.getByTestId('boost-days-input');
  await input.waitFor();
  expect(await input.inputValue()).toBe('');
  await page.getByText('Vide : 7 jours').waitFor();
  // Out of range: the button stays off.
  await input.fill('400');
  expect(await page.getByTestId('boost-days-save').isDisabled()).toBe(true);
  await input.fill('3');
  await page.getByTestId('boost-days-save').click();
  await expect.poll(async () => (await User.findByPk(manager.id))!.boost_days, { timeout: 5000 }).toBe(3);
  // (The staff user page's own contrast findings, on the user menu and the plan and substitute
  // buttons, are older than this field and are not checked here.)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-user-boost-days.png` });
  await context.close();
}, 120_000);
