// The staff console never shows a translation key or a stored enum value (issue 24): in fr, nl and
// en, Chromium opens every list, show, edit and create screen of every resource, the user detail
// page of each profile, and every confirmation dialog on them, and fails on any text that looks like
// a key (a catalog root followed by a dot: "resources.shops.fields.q", "RESOURCES.APPLICATIONS...")
// or a stored value of an enumeration that the page's language never uses as a word ("payed",
// "wait_reject", "aplan", a plan id...). Real server, built console, fresh SQLite demo database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { RESOURCES, screensOf } from '../../../models/resources/index.js';
import { CATALOGS, type ConsoleLocale } from '../../../admin/src/i18n/locales.js';
import { Application, Plan, User } from '../../../models/index.js';
import { APPLICATION_STATES, WISHLIST_STATES } from '../../../models/application.model.js';
import { RECRUITER_STATES } from '../../../models/rules/recruiter-states.js';
import { SUBSCRIPTION_STATES } from '../../../models/rules/subscription.js';
import { JOB_STATES } from '../../../models/rules/jobs.js';
import { ANSWER_STATUSES } from '../../../models/rules/video.js';
import { OFFER_STATES } from '../../../models/offer.model.js';
import { CONTACT_ACTIONS, PROFILES, USER_PLANS } from '../../../models/user.model.js';
import { CANDIDATE_EXPERIENCE, CANDIDATE_GRADUATION, CONT_TYPE, JOB_CAT, PAY_PERIOD } from '../../../config/reference/lists.js';
import { startManagerServer, type ManagerServer } from '../manager/setup.js';

let s: ManagerServer;
const LOCALES: { locale: ConsoleLocale; browser: string }[] = [
  { locale: 'fr', browser: 'fr-FR' },
  { locale: 'nl', browser: 'nl-BE' },
  { locale: 'en', browser: 'en-GB' },
];

/** Every string of a catalog (react-admin's and ours), flattened. */
function strings(o: unknown): string[] {
  if (typeof o === 'string') return [o];
  if (o && typeof o === 'object') return Object.values(o).flatMap(strings);
  return [];
}

const KEY_ROOTS = Object.keys(CATALOGS.en);
/** A catalog root, a dot and a word: how a missing translation shows (buttons upper-case it). */
const KEY_LIKE = new RegExp(`(?<![\\w@/.-])(?:${KEY_ROOTS.join('|')})\\.[A-Za-z_][\\w-]*(?:\\.[\\w-]+)*(?![\\w.-]*@)`, 'gi');

/** Stored values of the product's enumerations (a plan id is added once the database is seeded). */
const ENUM_VALUES = new Set<string>([
  ...APPLICATION_STATES,
  ...WISHLIST_STATES,
  ...RECRUITER_STATES,
  ...SUBSCRIPTION_STATES,
  ...JOB_STATES,
  ...ANSWER_STATUSES,
  ...OFFER_STATES,
  ...CONTACT_ACTIONS,
  ...PROFILES,
  ...USER_PLANS,
  ...[CONT_TYPE, PAY_PERIOD, CANDIDATE_GRADUATION, CANDIDATE_EXPERIENCE].flatMap((l) => l.map((c) => c.value)),
]);

const REFERENCE_LISTS = [CONT_TYPE, PAY_PERIOD, CANDIDATE_GRADUATION, CANDIDATE_EXPERIENCE, JOB_CAT];

/** The words a language's catalog and reference lists use (a stored value equal to one of them may be a label). */
const WORDS: Record<ConsoleLocale, Set<string>> = Object.fromEntries(
  LOCALES.map(({ locale }) => [locale, new Set([...strings(CATALOGS[locale]), ...REFERENCE_LISTS.flatMap((l) => l.map((c) => c[locale]))].flatMap((t) => t.split(/[^\p{L}\p{N}_]+/u)))]),
) as Record<ConsoleLocale, Set<string>>;

/**
 * What a user reads on the page: its text, the fields' labels, placeholders, titles and the tab
 * title. Stored records shown verbatim for diagnosis (the audit log's before and after, a job's
 * payload: [data-raw]) are data, not wording, and are left out.
 */
async function visibleTexts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = [...document.querySelectorAll<HTMLElement>('[data-raw]')];
    raw.forEach((e) => (e.style.display = 'none'));
    const attrs = [...document.querySelectorAll('[placeholder],[aria-label],[title]')].flatMap((e) => ['placeholder', 'aria-label', 'title'].map((a) => e.getAttribute(a) ?? ''));
    const text = [document.title, document.body.innerText, ...attrs].join('\n');
    raw.forEach((e) => (e.style.display = ''));
    return text;
  });
}

/** The problems of a page's text: key-looking texts and raw enum values, each with where it was seen and its surroundings. */
function problemsIn(text: string, locale: ConsoleLocale, where: string): string[] {
  const out = new Set<string>();
  const around = (i: number, length: number) => JSON.stringify(text.slice(Math.max(0, i - 30), i + length + 30));
  for (const m of text.matchAll(KEY_LIKE)) out.add(`${where}: key ${m[0]} in ${around(m.index, m[0].length)}`);
  // Addresses and e-mails are data (a landing's URL holds "/landing/").
  const words = /[^\s/@]*[/@][^\s]*|[\p{L}\p{N}_-]+/gu;
  for (const m of text.matchAll(words)) {
    const word = m[0];
    if (ENUM_VALUES.has(word) && !WORDS[locale].has(word)) out.add(`${where}: enum ${word} in ${around(m.index, word.length)}`);
  }
  return [...out];
}

/** Waits until react-admin has loaded what the screen asks for (no request running, no spinner). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('.MuiLinearProgress-root, .MuiCircularProgress-root, .ra-loading'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}

/** The labels of the confirmations opened so far (the test checks the crawl reached the action dialogs). */
const opened: string[] = [];

/** Opens each confirmation of the page (staff actions, deletes), reads it and cancels it. */
async function dialogProblems(page: Page, locale: ConsoleLocale, where: string): Promise<string[]> {
  const out: string[] = [];
  const buttons = page.locator('[data-confirm="true"]:not([disabled]), .ra-delete-button:not([disabled])');
  const n = await buttons.count();
  for (let i = 0; i < n; i++) {
    const button = buttons.nth(i);
    if (!(await button.isVisible())) continue;
    const label = (await button.innerText()).trim();
    opened.push(label);
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.waitForTimeout(100);
    out.push(...problemsIn(await dialog.innerText(), locale, `${where} dialog "${label}"`));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
  return out;
}

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
  for (const p of await Plan.findAll()) ENUM_VALUES.add(String(p.id));
}, 240_000);

afterAll(async () => s?.close());

describe('no raw key and no raw enum value in the staff console', () => {
  // CONSOLE_CRAWL_LOCALES=fr limits the run to some languages while working on a screen.
  const only = process.env.CONSOLE_CRAWL_LOCALES?.split(',');
  for (const { locale, browser } of LOCALES.filter((l) => !only || only.includes(l.locale))) {
    it(`every screen and dialog in ${locale}`, { timeout: 600_000 }, async () => {
      const { context, page } = await signedIn(browser);
      const problems: string[] = [];
      const visit = async (hash: string, dialogs = true) => {
        await page.goto(`${s.base}/admin/#${hash}`);
        await settle(page);
        problems.push(...problemsIn(await visibleTexts(page), locale, hash));
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
