// The recruiter dashboard never shows a translation key or a stored enum value (issue 24): in fr,
// nl and en, Chromium opens /dashboard signed out (the sign-in form), then signed in as the demo
// recruiter: the Dashboard tab with every date range, the language menu, "New offer", the
// Candidats tab with its cards and tag choices, a candidate's panel (story, CV, feedback, share
// link), its video-call dialog, a link to an application out of reach, and the demo manager's
// Dashboard tab (recruiters); it fails on any text that looks like a key or a raw value
// (tests/e2e/helpers/raw-text.ts, the staff console's check). Real server, built console, fresh
// SQLite demo database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ConsoleLocale } from '../../../admin/src/i18n/locales.js';
import { CATALOGS } from '../../../admin/src/i18n/catalogs.js';
import { DASHBOARD_RANGES } from '../../../models/rules/dates.js';
import { JOB_CAT } from '../../../config/reference/lists.js';
import { Offer } from '../../../models/index.js';
import { startManagerServer, type ManagerServer } from '../manager/setup.js';
import { addPlanIds, crawlLocales, pageProblems, settle } from '../helpers/raw-text.js';

let s: ManagerServer;

beforeAll(async () => {
  s = await startManagerServer();
  await addPlanIds();
  // The demo recruiter's offers carry categories that are also words ("restauration"): one of
  // them also gets a category whose value is only a code, so a tag shown as stored is seen.
  await Offer.update({ tags: ['restauration', CATEGORY.value] }, { where: { job_code: 'CAFE75' } });
}, 240_000);

const CATEGORY = JOB_CAT.find((c) => c.value === 'relation_client')!;

afterAll(async () => s?.close());

type Catalog = { candidates: { feedback: string }; ra: { action: { close: string } } };

/** Waits until every column of the Candidats tab has its cards. */
async function columnsLoaded(page: Page) {
  await page.locator('[data-testid^="column-"]').first().waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid^="column-"][data-loading]')].every((c) => c.getAttribute('data-loading') === 'false'));
  await settle(page);
}

describe('no raw key and no raw enum value on the recruiter dashboard', () => {
  for (const { locale, browser } of crawlLocales()) {
    it(`every tab, card, panel and dialog in ${locale}`, { timeout: 600_000 }, async () => {
      const t = CATALOGS[locale] as unknown as Catalog;
      const context = await s.browser.newContext({ locale: browser, viewport: { width: 1366, height: 900 }, baseURL: s.base });
      const page = await context.newPage();
      const problems: string[] = [];
      const reached: string[] = [];
      let cafeCard = '';
      const check = async (where: string) => {
        reached.push(where);
        problems.push(...(await pageProblems(page, locale as ConsoleLocale, where)));
      };
      const dialog = page.getByRole('dialog');
      const signIn = async (email: string, query = '') => {
        const res = await context.request.post(`${s.base}/apis/auth/login`, { data: { email, password: 'demo1234' } });
        expect(res.status()).toBe(200);
        await page.goto(`${s.base}/dashboard${query}`);
      };
      try {
        // Signed out: the sign-in form and its "forgotten password".
        await page.goto(`${s.base}/dashboard`);
        await page.getByTestId('sign-in-form').waitFor();
        await settle(page);
        await check('signed out');

        // The Dashboard tab: tiles, offers, each date range.
        await signIn('recruiter@demo.test');
        await page.getByTestId('tile-total').waitFor();
        await settle(page);
        await check('dashboard');
        for (const range of DASHBOARD_RANGES) {
          await page.getByTestId(`range-${range}`).click();
          await page.getByTestId('tile-total').waitFor();
          await settle(page);
          await check(`dashboard range ${range}`);
        }
        // The language menu and "New offer".
        await page.getByTestId('language').getByRole('combobox').click();
        await page.getByRole('listbox').waitFor();
        await check('language menu');
        await page.keyboard.press('Escape');
        await page.getByTestId('new-offer').click();
        await dialog.waitFor();
        await check('new offer');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // The Invitations tab (issue 27): an offer's invitations, the invite dialog with a file's bad rows.
        await page.getByTestId('tab-invitations').click();
        await page.getByTestId('offer-invitations').waitFor();
        await settle(page);
        await check('invitations');
        await page.getByTestId('invite-button').click();
        await page.getByTestId('invite-mode-file').click();
        await page.getByTestId('invite-file').setInputFiles({ name: 'x.csv', mimeType: 'text/csv', buffer: Buffer.from('Ana;Silva;not-an-address\nBob\n') });
        await page.getByTestId('invite-check').click();
        await page.getByTestId('invite-bad-rows').waitFor();
        await check('invite bad rows');
        await page.getByTestId('invite-cancel').click();
        await page.getByTestId('invite-dialog').waitFor({ state: 'detached' });

        // The Candidats tab: columns, cards (states, moves, categories), the tag choices.
        await page.getByTestId('tab-candidates').click();
        await columnsLoaded(page);
        expect(await page.getByTestId('candidate-card').count()).toBeGreaterThan(0);
        await check('candidates');
        cafeCard = await page.getByTestId('candidate-card').filter({ hasText: 'CAFE75' }).first().innerText();
        await page.getByTestId('tag-search').click();
        await page.getByRole('listbox').waitFor();
        await check('candidates tag choices');
        await page.keyboard.press('Escape');
        // Each load-more button once (more cards).
        for (const more of await page.getByTestId('load-more').all()) {
          await more.click();
          await columnsLoaded(page);
        }
        await check('candidates more');

        // A finished story's panel (state and moves), its feedback and share link, the video call.
        const panel = page.getByTestId('candidate-panel');
        await page.getByTestId('watch-story').first().click();
        await panel.waitFor();
        await settle(page);
        await check('panel story');
        await panel.getByRole('tab', { name: t.candidates.feedback }).click();
        await settle(page);
        await check('panel feedback');
        await panel.getByTestId('share-button').click();
        await panel.getByTestId('share-link').waitFor();
        await check('panel share link');
        await panel.getByTestId('video-call').click();
        await page.getByTestId('video-call-dialog').waitFor();
        await settle(page);
        await check('video call');
        await page.getByTestId('video-call-dialog').getByTestId('meeting-duration').getByRole('combobox').click();
        await page.getByRole('listbox').waitFor();
        await check('video call durations');
        await page.keyboard.press('Escape');
        await page.getByTestId('meeting-schedule').click();
        await page.getByTestId('video-call-done').or(page.getByTestId('video-call-error')).waitFor();
        await check('video call scheduled');
        await page.getByTestId('video-call-dialog').getByRole('button', { name: t.ra.action.close }).click();
        await page.getByTestId('video-call-dialog').waitFor({ state: 'detached' });
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'detached' });
        // A CV opened in the panel.
        await page.getByTestId('open-cv').first().click();
        await panel.waitFor();
        await settle(page);
        await check('panel cv');
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'detached' });

        // A link to an application the recruiter does not reach.
        await page.goto(`${s.base}/dashboard?application=999999999`);
        await page.getByTestId('link-missing').waitFor();
        await check('link to an application out of reach');

        // The demo manager's Dashboard tab: the recruiters and their shortlists.
        await signIn('manager@demo.test');
        await page.getByTestId('recruiters').waitFor();
        await settle(page);
        await check('manager dashboard');
        await page.getByTestId('tab-candidates').click();
        await columnsLoaded(page);
        await check('manager candidates');
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
      expect(reached.length).toBeGreaterThan(15);
      // The cards of CAFE75 name its category in the page's language.
      expect(cafeCard).toContain(CATEGORY[locale]);
    });
  }
});
