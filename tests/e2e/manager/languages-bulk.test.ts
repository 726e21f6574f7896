// The manager console beyond French, at scale and over time (issue 11): every page in Dutch and
// English with no raw translation key; bulk creation of 50 offers showing its progress while the
// page keeps drawing, every row ending ok; the recruiter's last connection shown as elapsed time,
// and the spec's fallback when it is unknown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ManagerRecruiter, Offer, Shop, User } from '../../../models/index.js';
import { makeShop } from '../../helpers/fixtures.js';
import { newPage, signIn, startManagerServer, type ManagerServer } from './setup.js';

let s: ManagerServer;
let manager: User;

beforeAll(async () => {
  s = await startManagerServer();
  manager = (await User.findOne({ where: { email: 'manager@demo.test' } }))!;
}, 240_000);
afterAll(async () => s?.close());

/** Signs in through the API (the form's labels are in the page's language) and opens `path`. */
async function pageIn(locale: string, path: string): Promise<Page> {
  const context = await s.browser.newContext({ viewport: { width: 1366, height: 900 }, locale, baseURL: s.base });
  const page = await context.newPage();
  const res = await page.request.post(`${s.base}/apis/auth/login`, { data: { email: 'manager@demo.test', password: 'demo1234' } });
  expect(res.status()).toBe(200);
  await page.goto(`${s.base}${path}`);
  return page;
}

/** Text that looks like one of our catalog keys left untranslated (manager.offers.title, candidates.share...). */
const RAW_KEY = /\b(manager|candidates|resources|ra|console)\.[a-z_]+(\.[a-z_]+)*\b/;

describe('the manager console in Dutch and English', () => {
  const pages = ['/manager/', '/manager/offers', '/manager/templates', '/manager/shops', '/manager/offer-create', '/manager/subscriptions'];
  const menus = {
    'nl-BE': ['Start', 'Vacatures', 'Sjablonen', 'Winkels', 'Abonnementen'],
    'en-GB': ['Home', 'Offers', 'Templates', 'Shops', 'Subscriptions'],
  };
  for (const [locale, menu] of Object.entries(menus)) {
    it(`speaks ${locale}: the menu, and no page shows a raw key`, async () => {
      const page = await pageIn(locale, pages[0]);
      for (const name of menu) await page.getByRole('menuitem', { name }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Annonces' }).count()).toBe(0);
      for (const path of pages) {
        await page.goto(`${s.base}${path}`);
        await page.getByRole('menuitem', { name: menu[1] }).waitFor();
        await page.waitForLoadState('networkidle');
        const text = await page.locator('body').innerText();
        expect(text, `${locale} ${path}`).not.toMatch(RAW_KEY);
      }
      await page.context().close();
    });
  }
});

describe('bulk creation of 50 offers', () => {
  it('shows the progress, keeps the page drawing, and ends with 50 offers ok', async () => {
    const have = await Shop.count({ where: { manager_id: manager.id } });
    for (let i = have; i < 50; i++) await makeShop(manager, { shopname: `Point de vente ${String(i + 1).padStart(2, '0')}` });
    expect(await Shop.count({ where: { manager_id: manager.id } })).toBe(50);
    const offersBefore = await Offer.count();

    const { page } = await newPage(s);
    await signIn(page, s.base, 'manager@demo.test');
    await page.getByRole('menuitem', { name: 'Accueil' }).waitFor();
    await page.goto(`${s.base}/manager/offer-create`);
    await page.getByTestId('bulk-template').click();
    await page.getByRole('option').first().click();
    await page.getByRole('checkbox', { name: 'Tous les magasins' }).check();
    await expect.poll(() => page.getByTestId('bulk-shops').locator('tbody input[type="checkbox"]:checked').count()).toBe(50);

    // The longest gap between two drawn frames while the 50 creations run.
    await page.evaluate(() => {
      const w = window as unknown as { maxGap: number; last: number };
      w.maxGap = 0;
      w.last = performance.now();
      const tick = (t: number) => {
        w.maxGap = Math.max(w.maxGap, t - w.last);
        w.last = t;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.getByTestId('bulk-create').click();
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const text =
            (await page
              .getByTestId('bulk-progress')
              .textContent()
              .catch(() => null)) ?? '';
          seen.add(text);
          return page.getByTestId('bulk-ok').count();
        },
        { timeout: 180_000, interval: 100 },
      )
      .toBe(50);
    // Progress was shown as it went: counts between 0 and 50 of 50, in French.
    const partial = [...seen].filter((t) => /^\d+ sur 50$/.test(t) && !['0 sur 50', '50 sur 50'].includes(t));
    expect(partial.length).toBeGreaterThan(0);
    expect(await page.getByTestId('bulk-progress').textContent()).toBe('50 sur 50');
    // The page kept drawing while the calls were in flight (no long task froze it).
    expect(await page.evaluate(() => (window as unknown as { maxGap: number }).maxGap)).toBeLessThan(3000);
    expect(await Offer.count()).toBe(offersBefore + 50);
    const states = await page.locator('[data-testid^="bulk-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
    expect(states.filter((x) => x === 'ok')).toHaveLength(50);
    await page.context().close();
  });
});

describe("the recruiter's last connection", () => {
  it('shows as elapsed time, and as "unknown date" when never known', async () => {
    const team = await ManagerRecruiter.findAll({ where: { manager_id: manager.id } });
    const withOffers: string[] = [];
    for (const m of team) if (await Offer.count({ where: { recruiter_id: m.recruiter_id } })) withOffers.push(m.recruiter_id);
    expect(withOffers.length).toBeGreaterThanOrEqual(2);
    const [known, unknown] = withOffers;
    await User.update({ last_co: new Date(Date.now() - (3 * 24 + 5) * 3600_000) }, { where: { id: known } });
    await User.update({ last_co: null }, { where: { id: unknown } });
    const knownOffer = (await Offer.findOne({ where: { recruiter_id: known } }))!;
    const unknownOffer = (await Offer.findOne({ where: { recruiter_id: unknown } }))!;

    const { page } = await newPage(s);
    await signIn(page, s.base, 'manager@demo.test');
    await page.getByRole('menuitem', { name: 'Accueil' }).waitFor();
    const rowOf = async (jobCode: string) => {
      await page.goto(`${s.base}/manager/offers`);
      await page.getByTestId('search').fill(jobCode);
      const row = page.getByTestId('offers-table').locator('tbody tr');
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      await row.getByText(jobCode).waitFor();
      return row.innerText();
    };
    expect(await rowOf(knownOffer.job_code)).toMatch(/\b3 j\b/);
    expect(await rowOf(unknownOffer.job_code)).toContain('unknown date');
    await page.context().close();
  });
});
