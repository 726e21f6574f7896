// The manager's journey of issue 24 ("Manager"), in French and in English, in Chromium on the real
// server with the demo data: bulk creation creates each offer once (the button is disabled while
// running and after success until the selection changes, "Create 0 offers" is disabled), the
// "Please select a template and store(s)" warning leaves once both are chosen, and a refused
// preferred-code character is said on its row, not in a passing toast. The offers table: a long shop
// name is not cut, the elapsed time under a recruiter says what it is, and dates have one format.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Offer, User } from '../../../models/index.js';
import { demoManagerServer } from './setup.js';

const demo = demoManagerServer();
const SHOTS = '/tmp/shots-recruiter';

const LANGS = {
  fr: {
    locale: 'fr-FR',
    create: (n: number) => `Créer ${n} ${n > 1 ? 'annonces' : 'annonce'}`,
    refused: 'Not allowed: I',
    lastCo: /^(Connecté il y a \d+ (j|h|min|s)|Dernière connexion : unknown date)$/,
  },
  en: {
    locale: 'en-GB',
    create: (n: number) => `Create ${n} ${n === 1 ? 'offer' : 'offers'}`,
    refused: 'Not allowed: I',
    lastCo: /^(Last signed in \d+ (d|h|min|s) ago|Last signed in: unknown date)$/,
  },
} as const;

/**
 * Signs in through the API (the form's labels are in the page's language) and opens `path`. With
 * `clock`, the page's timers are Playwright's (they run at real speed until a test moves them on).
 */
async function pageIn(locale: string, path: string, { clock = false } = {}): Promise<Page> {
  const context = await demo.s.browser.newContext({ viewport: { width: 1366, height: 900 }, locale, baseURL: demo.s.base });
  const page = await context.newPage();
  if (clock) await page.clock.install();
  const res = await page.request.post(`${demo.s.base}/apis/auth/login`, { data: { email: 'manager@demo.test', password: 'demo1234' } });
  expect(res.status()).toBe(200);
  await page.goto(`${demo.s.base}${path}`);
  return page;
}

describe.each(Object.entries(LANGS))('bulk creation once (%s)', (lang, t) => {
  it('creates each ticked offer once, says what is missing and a refused code on its row', { timeout: 180_000 }, async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const page = await pageIn(t.locale, '/manager/offer-create', { clock: true });
    const button = page.getByTestId('bulk-create');
    await button.waitFor();
    // Nothing ticked: "Create 0 offers", disabled.
    await expect.poll(() => button.textContent()).toBe(t.create(0));
    expect(await button.isDisabled()).toBe(true);

    const rows = page.locator('[data-testid^="bulk-row-"]');
    await expect.poll(() => rows.count()).toBeGreaterThan(2);
    const ids = (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('bulk-row-'.length)))).slice(lang === 'fr' ? 0 : 2);
    const [a, b] = ids;
    await page.getByTestId(`bulk-row-${a}`).getByRole('checkbox').check();
    expect(await button.textContent()).toBe(t.create(1));

    // No template yet: the spec's warning, gone once a template is chosen.
    await button.click();
    await expect.poll(() => page.getByTestId('bulk-missing').textContent()).toBe('Please select a template and store(s)');
    await page.getByTestId('bulk-template').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('bulk-missing').waitFor({ state: 'detached' });

    // A refused character (the letter I) is said on the row and stays there.
    const code = `BAR${lang === 'fr' ? 'F' : 'E'}S${Date.now()
      .toString(36)
      .toUpperCase()
      .replace(/[^0-9A-Z]|[IOU]/g, '')
      .slice(-3)}`;
    await page.getByTestId(`bulk-code-${a}`).fill(`${code.slice(0, 3)}I${code.slice(3)}`);
    expect(await page.getByTestId(`bulk-code-${a}`).inputValue()).toBe(code);
    const note = page.getByTestId(`bulk-code-note-${a}`);
    expect(await note.textContent()).toContain(t.refused);
    expect(await page.locator('.MuiSnackbar-root').count()).toBe(0);
    // Well past a toast's life (react-admin hides one after 4 s), the note is still on its row.
    await page.clock.runFor(10_000);
    expect(await note.textContent()).toContain(t.refused);
    expect(await page.locator('.MuiSnackbar-root').count()).toBe(0);
    // A too-short code is said on its row too, and nothing is created.
    const before = await Offer.count();
    await page.getByTestId(`bulk-row-${b}`).getByRole('checkbox').check();
    await page.getByTestId(`bulk-code-${b}`).fill('AB');
    await button.click();
    await expect.poll(() => page.getByTestId(`bulk-code-note-${b}`).textContent()).toBe('job codes must have at least 5 characters');
    expect(await Offer.count()).toBe(before);
    await page.screenshot({ path: `${SHOTS}/manager-bulk-notes-${lang}.png`, fullPage: true });
    // Unticked, the second row leaves the batch.
    await page.getByTestId(`bulk-row-${b}`).getByRole('checkbox').uncheck();

    // Created once: the row is ok with its code, the button goes to 0 and stays disabled.
    await button.click();
    const row = page.getByTestId(`bulk-row-${a}`);
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('ok');
    expect(await row.getByTestId('bulk-ok').textContent()).toContain(code);
    expect(await Offer.count()).toBe(before + 1);
    await expect.poll(() => button.textContent()).toBe(t.create(0));
    expect(await button.isDisabled()).toBe(true);
    await button.click({ force: true }).catch(() => undefined);
    await page.waitForLoadState('networkidle');
    expect(await Offer.count()).toBe(before + 1);

    // Another shop ticked: only that one is created.
    await page.getByTestId(`bulk-row-${b}`).getByRole('checkbox').check();
    await page.getByTestId(`bulk-code-${b}`).fill('');
    expect(await button.textContent()).toBe(t.create(1));
    await button.click();
    await expect.poll(() => page.getByTestId(`bulk-row-${b}`).getAttribute('data-state'), { timeout: 30_000 }).toBe('ok');
    expect(await row.getAttribute('data-state')).toBe('ok');
    expect(await Offer.count()).toBe(before + 2);
    expect(await button.isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/manager-bulk-done-${lang}.png`, fullPage: true });
    await page.context().close();
  });
});

describe.each(Object.entries(LANGS))('the offers table (%s)', (lang, t) => {
  it('shows a long shop name whole, labels the last connection, and writes every date one way', { timeout: 180_000 }, async () => {
    const offer = (await Offer.findOne({ where: { recruiter_id: demo.manager.id }, order: [['id', 'ASC']] })) ?? (await Offer.findOne({ where: { job_code: 'CAFE75' } }))!;
    const long = 'Maison Demo Croix-Rousse, angle de la place et de la rue Duviard (entrée côté marché)';
    await Offer.update({ shopname: long }, { where: { id: offer.id } });
    await User.update({ last_co: new Date(Date.now() - 2 * 60_000) }, { where: { id: offer.recruiter_id! } });
    const page = await pageIn(t.locale, '/manager/offers');
    await page.getByTestId('search').fill(offer.job_code);
    const table = page.getByTestId('offers-table');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    const shop = page.getByTestId(`shopname-${offer.job_code}`);
    expect(await shop.inputValue()).toBe(long);
    // Nothing of the name hidden: it wraps inside its cell.
    const box = await shop.evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth, sh: el.scrollHeight, ch: el.clientHeight }));
    expect(box.sw).toBeLessThanOrEqual(box.cw);
    expect(box.sh).toBeLessThanOrEqual(box.ch + 1);
    // The elapsed time says it is the last connection.
    const lastCo = (await table.getByTestId('last-co').first().textContent())!;
    expect(lastCo).toMatch(t.lastCo);
    expect(lastCo).toMatch(/\b2 min\b/);
    await page.screenshot({ path: `${SHOTS}/manager-offers-${lang}.png`, fullPage: true });
    // Dates: yyyy/mm/dd on every list of the area, never the browser's own format.
    for (const path of ['/manager/offers', '/manager/shops', '/manager/templates', '/manager/subscriptions', '/manager/']) {
      await page.goto(`${demo.s.base}${path}`);
      await page.waitForLoadState('networkidle');
      const text = await page.locator('main, #main-content, body').first().innerText();
      expect(text, path).not.toMatch(/\b\d{1,2}[/.-]\d{1,2}[/.-]\d{4}\b/);
    }
    await page.context().close();
  });
});
