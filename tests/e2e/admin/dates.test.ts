// One date format on the staff console (issue 24, decision 320), in French and in English, in
// Chromium on the real server with the demo data: a generated list and show page (shops) write their
// dates yyyy/mm/dd HH:mm under their label, not in the browser's locale (react-admin's DateField
// wrote 02/03/2026 10:00:00 in a French browser and 3/2/2026, 10:00:00 AM in an American one); the
// date filters are typed and shown dd/mm/yyyy (the form format) whatever the browser's language (a
// native date input shows mm/dd/yyyy in an American browser), and their chips in the list format;
// the staff dashboard's "today" opens a list filtered from the viewer's own today; the page's lang
// is the console's. Nothing on these screens is in another date format (tests/e2e/helpers/raw-text.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Shop } from '../../../models/index.js';
import { startManagerServer, type ManagerServer } from '../manager/setup.js';
import { pageProblems, settle } from '../helpers/raw-text.js';

let s: ManagerServer;

beforeAll(async () => {
  s = await startManagerServer();
}, 240_000);

afterAll(async () => s?.close());

const ZONE = 'Europe/Paris';

/** A moment as the console lists it, in the browser's zone: yyyy/mm/dd HH:mm. */
function listed(d: Date, withTime = true): string {
  const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, ...o }).format(d).padStart(2, '0');
  const day = `${part({ year: 'numeric' })}/${part({ month: '2-digit' })}/${part({ day: '2-digit' })}`;
  return withTime ? `${day} ${part({ hour: '2-digit', hourCycle: 'h23' })}:${part({ minute: '2-digit' })}` : day;
}

/** Today in the browser's zone, as forms write it (dd/mm/yyyy) and as lists do (yyyy/mm/dd). */
function today(): { form: string; list: string } {
  const list = listed(new Date(), false);
  const [y, m, d] = list.split('/');
  return { form: `${d}/${m}/${y}`, list };
}

const LANGS = {
  // A French browser, and an American one: the console is in English, the browser's own date format is mm/dd/yyyy.
  fr: { browser: 'fr-FR', created: 'Création', since: 'Selection date', placeholder: 'jj/mm/aaaa', pick: 'Choisir dans le calendrier' },
  en: { browser: 'en-US', created: 'Created', since: 'Select date', placeholder: 'dd/mm/yyyy', pick: 'Pick from the calendar' },
} as const;

async function staffPage(browserLocale: string): Promise<Page> {
  const context = await s.browser.newContext({ locale: browserLocale, timezoneId: ZONE, viewport: { width: 1366, height: 900 }, baseURL: s.base });
  const res = await context.request.post(`${s.base}/apis/auth/login`, { data: { email: 'admin@demo.test', password: 'demo1234' } });
  expect(res.status()).toBe(200);
  return context.newPage();
}

describe.each(Object.entries(LANGS))('dates on the staff console (%s)', (lang, t) => {
  it('lists, shows, filters and the dashboard write one date format, with labels', { timeout: 240_000 }, async () => {
    const page = await staffPage(t.browser);
    const problems: string[] = [];
    const check = async (where: string) => problems.push(...(await pageProblems(page, lang as 'fr' | 'en', where)));
    try {
      // A generated list: the newest shop's creation in the list format, in its labelled column.
      const shop = (await Shop.findOne({ order: [['created_at', 'DESC']] }))!;
      await page.goto(`${s.base}/admin/#/shops`);
      await settle(page);
      const header = page.locator('thead th').filter({ hasText: t.created });
      await header.first().waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      const column = await page.locator('thead th').evaluateAll((ths, label) => ths.findIndex((th) => th.textContent?.trim() === label), t.created);
      expect(column).toBeGreaterThanOrEqual(0);
      const cells = await page.locator(`tbody tr td:nth-child(${column + 1})`).allInnerTexts();
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells) expect(cell.trim()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
      expect(cells.map((c) => c.trim())).toContain(listed(shop.created_at as Date));
      await check('/shops');

      // Its show page: the label, then the date in the same format.
      await page.goto(`${s.base}/admin/#/shops/${shop.id}/show`);
      await settle(page);
      const field = page.locator('.ra-field-created_at');
      await field.waitFor();
      expect((await field.innerText()).replace(/\s+/g, ' ').trim()).toBe(`${t.created} ${listed(shop.created_at as Date)}`);
      await check(`/shops/${shop.id}/show`);

      // The users list: its "since" filter is dd/mm/yyyy (3 months ago by default), typed the same way;
      // its chip says the day in the list format.
      await page.goto(`${s.base}/admin/#/users`);
      await settle(page);
      const since = page.getByTestId('filter-created_gte');
      await since.waitFor();
      expect(await since.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(await since.getAttribute('placeholder')).toBe(t.placeholder);
      expect(await since.getAttribute('type')).not.toBe('date');
      await page.getByRole('button', { name: t.pick }).first().waitFor();
      await since.fill('05/01/2026');
      await expect.poll(() => decodeURIComponent(page.url())).toContain('"created_gte":"2026-01-05"');
      await expect.poll(() => page.getByTestId('chip-created_gte').innerText()).toMatch(new RegExp(`^${t.since}\\s?: 2026/01/05$`));
      // Not a date yet: said under the field, nothing applied.
      await since.fill('31/02/2026');
      await page.getByText(lang === 'fr' ? 'Date attendue : jour/mois/année' : 'Expected a date as day/month/year', { exact: false }).waitFor();
      expect(decodeURIComponent(page.url())).toContain('"created_gte":"2026-01-05"');
      await since.fill('');
      await expect.poll(() => decodeURIComponent(page.url())).not.toContain('created_gte');
      await page.getByTestId('chip-created_gte').waitFor({ state: 'detached' });
      await check('/users');

      // The staff dashboard, and its "new candidates" tile: the list is filtered from the viewer's
      // local midnight, shown as today's day, not as yesterday in UTC nor as an ISO moment.
      await page.goto(`${s.base}/admin/#/today`);
      await settle(page);
      await check('/today');
      await page.getByTestId('tile-candidates').getByRole('link').click();
      await page.getByTestId('filter-created_gte').waitFor();
      await settle(page);
      const day = today();
      expect(await page.getByTestId('filter-created_gte').inputValue()).toBe(day.form);
      expect(await page.getByTestId('chip-created_gte').innerText()).toMatch(new RegExp(`: ${day.list}$`));
      await check('/users from /today');
    } finally {
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
});
