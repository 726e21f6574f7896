// The staff console never shows a translation key or a stored enum value (issue 24): in fr, nl and
// en, Chromium opens every list, show, edit and create screen of every resource, the user detail
// page of each profile, and every confirmation dialog on them, and fails on any text that looks like
// a key (a catalog root followed by a dot: "resources.shops.fields.q", "RESOURCES.APPLICATIONS...")
// or a stored value of an enumeration that the page's language never uses as a word ("payed",
// "wait_reject", "aplan", a plan id...): tests/e2e/helpers/raw-text.ts, shared with the crawls of
// the manager area and the recruiter dashboard. Real server, built console, fresh SQLite demo database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { RESOURCES, screensOf } from '../../../models/resources/index.js';
import type { ConsoleLocale } from '../../../admin/src/i18n/locales.js';
import { CATALOGS } from '../../../admin/src/i18n/catalogs.js';
import { Application, User } from '../../../models/index.js';
import { startManagerServer, type ManagerServer } from '../manager/setup.js';
import { addPlanIds, crawlLocales, dialogProblems as openDialogs, pageProblems, settle } from '../helpers/raw-text.js';

let s: ManagerServer;

/** The labels of the confirmations opened so far (the test checks the crawl reached the action dialogs). */
const opened: string[] = [];

/** Opens each confirmation of the page (staff actions, deletes), reads it and cancels it. */
const dialogProblems = (page: Page, locale: ConsoleLocale, where: string) => openDialogs(page, locale, where, '[data-confirm="true"]:not([disabled]), .ra-delete-button:not([disabled])', opened);

async function signedIn(locale: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await s.browser.newContext({ locale, viewport: { width: 1366, height: 900 }, baseURL: s.base });
  const res = await context.request.post(`${s.base}/apis/auth/login`, { data: { email: 'admin@demo.test', password: 'demo1234' } });
  expect(res.status()).toBe(200);
  return { context, page: await context.newPage() };
}

/** The id of one record of a resource, as staff list it (none: the resource is empty). */
async function someId(context: BrowserContext, resource: string): Promise<string | null> {
  const res = await context.request.get(`${s.base}/apis/console/${resource}?range=${encodeURIComponent('[0,0]')}`);
  if (res.status() !== 200) return null;
  const rows = (await res.json()) as { id: string | number }[];
  return rows.length ? String(rows[0].id) : null;
}

beforeAll(async () => {
  s = await startManagerServer();
  await addPlanIds();
}, 240_000);

afterAll(async () => s?.close());

describe('no raw key and no raw enum value in the staff console', () => {
  // CONSOLE_CRAWL_LOCALES=fr limits the run to some languages while working on a screen.
  for (const { locale, browser } of crawlLocales()) {
    it(`every screen and dialog in ${locale}`, { timeout: 600_000 }, async () => {
      const { context, page } = await signedIn(browser);
      const problems: string[] = [];
      const visit = async (hash: string, dialogs = true) => {
        await page.goto(`${s.base}/admin/#${hash}`);
        await settle(page);
        problems.push(...(await pageProblems(page, locale, hash)));
        if (dialogs) problems.push(...(await dialogProblems(page, locale, hash)));
      };
      try {
        for (const decl of RESOURCES) {
          const screens = screensOf(decl);
          const id = await someId(context, decl.name);
          if (screens.includes('list')) await visit(`/${decl.name}`);
          if (screens.includes('create')) await visit(`/${decl.name}/create`, false);
          if (id !== null && screens.includes('show')) await visit(`/${decl.name}/${encodeURIComponent(id)}/show`);
          if (id !== null && screens.includes('edit')) await visit(`/${decl.name}/${encodeURIComponent(id)}`);
        }
        // The users list's other views and the user detail page of each profile.
        for (const profile of ['recruiter', 'manager']) {
          await visit(`/users?filter=${encodeURIComponent(JSON.stringify({ profile }))}`);
        }
        const detail = [
          await User.findOne({ where: { email: 'manager@demo.test' } }),
          await User.findOne({ where: { profile: 'recruiter' } }),
          await User.findByPk((await Application.findOne({ where: { state: 'complete' } }))!.candidate_id as string),
          await User.findByPk((await Application.findOne({ where: { state: 'applying' } }))!.candidate_id as string),
        ];
        for (const u of detail) await visit(`/user/${u!.id}`);
        // The staff dashboard.
        await visit('/today');
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
      // The crawl did open the staff actions' confirmations (labels as buttons show them, upper-cased).
      const actions = (CATALOGS[locale] as unknown as { resources: { applications: { actions: Record<string, string> } } }).resources.applications.actions;
      for (const label of [actions.reset, actions['force-send']]) expect(opened.map((o) => o.toLowerCase())).toContain(label.toLowerCase());
    });
  }
});
