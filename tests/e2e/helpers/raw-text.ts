// The "no raw key, no raw enum value" check of issue 24, shared by the crawls of the staff console
// (tests/e2e/admin/no-raw-text.test.ts), the manager area and the recruiter dashboard: what a user
// reads on a page, and the texts in it that look like a translation key (a catalog root followed by
// a dot: "resources.shops.fields.q", "MANAGER.MENU.HOME") or like a stored value of one of the
// product's enumerations that the page's language never uses as a word ("payed", "wait_reject",
// "to_recruit", "aplan", a plan id, a job category's value such as "relation_client"), and dates
// written in another format than the consoles' one (models/rules/dates.ts listDate: yyyy/mm/dd and
// HH:mm in every language, decision 320): an ISO date, dd/mm/yyyy or mm/dd/yyyy as a browser's
// locale writes them, a month in words, seconds or AM/PM.
import type { Page } from 'playwright-core';
import type { ConsoleLocale } from '../../../admin/src/i18n/locales.js';
import { CATALOGS } from '../../../admin/src/i18n/catalogs.js';
import { Plan } from '../../../models/index.js';
import { APPLICATION_STATES, WISHLIST_STATES } from '../../../models/rules/application-states.js';
import { RECRUITER_STATES } from '../../../models/rules/recruiter-states.js';
import { SUBSCRIPTION_STATES } from '../../../models/rules/subscription.js';
import { JOB_STATES } from '../../../models/rules/jobs.js';
import { ANSWER_STATUSES } from '../../../models/rules/video.js';
import { OFFER_STATES } from '../../../models/rules/offer-states.js';
import { CONTACT_ACTIONS, PROFILES, USER_PLANS } from '../../../models/rules/accounts.js';
import { CANDIDATE_EXPERIENCE, CANDIDATE_GRADUATION, CONT_TYPE, JOB_CAT, PAY_PERIOD } from '../../../config/reference/lists.js';

/** The console's languages and a browser locale that selects each. */
export const CRAWL_LOCALES: { locale: ConsoleLocale; browser: string }[] = [
  { locale: 'fr', browser: 'fr-FR' },
  { locale: 'nl', browser: 'nl-BE' },
  { locale: 'en', browser: 'en-GB' },
];

/** The languages to crawl: all, or those CONSOLE_CRAWL_LOCALES names (e.g. "fr") while working on a screen. */
export function crawlLocales() {
  const only = process.env.CONSOLE_CRAWL_LOCALES?.split(',');
  return CRAWL_LOCALES.filter((l) => !only || only.includes(l.locale));
}

/** Every string of a catalog (react-admin's and ours), flattened. */
function strings(o: unknown): string[] {
  if (typeof o === 'string') return [o];
  if (o && typeof o === 'object') return Object.values(o).flatMap(strings);
  return [];
}

const KEY_ROOTS = Object.keys(CATALOGS.en);
/** A catalog root, a dot and a word: how a missing translation shows (buttons upper-case it). */
const KEY_LIKE = new RegExp(`(?<![\\w@/.-])(?:${KEY_ROOTS.join('|')})\\.[A-Za-z_][\\w-]*(?:\\.[\\w-]+)*(?![\\w.-]*@)`, 'gi');

const REFERENCE_LISTS = [CONT_TYPE, PAY_PERIOD, CANDIDATE_GRADUATION, CANDIDATE_EXPERIENCE, JOB_CAT];

/**
 * The job categories' values that are not a word of their own names ("relation_client",
 * "proprete" for "Propreté"): those are only ever stored values. The others ("boulangerie",
 * "cuisine") are also ordinary words of offers' titles and texts, which are data.
 */
const JOB_CAT_CODES = JOB_CAT.filter(
  (c) =>
    ![c.fr, c.nl, c.en].some((n) =>
      n
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .includes(c.value),
    ),
).map((c) => c.value);

/** Stored values of the product's enumerations (plan ids are added by addPlanIds once the database is seeded). */
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
  ...JOB_CAT_CODES,
]);

/** Adds the seeded plans' ids to the values that must not show (call once the server has seeded its database). */
export async function addPlanIds(): Promise<void> {
  for (const p of await Plan.findAll()) ENUM_VALUES.add(String(p.id));
}

/** The words a language's catalog and reference lists use (a stored value equal to one of them may be a label). */
// A catalog word also counts with its first letter lowered: react-admin writes labels so inside
// sentences ("Sort by %{field_lower_first}": the English "Sort by shortlist ascending" on a
// sortable column's header is the label "Shortlist", not the stored value).
const lowerFirst = (w: string) => w.charAt(0).toLowerCase() + w.slice(1);
const WORDS: Record<ConsoleLocale, Set<string>> = Object.fromEntries(
  CRAWL_LOCALES.map(({ locale }) => [
    locale,
    new Set([...strings(CATALOGS[locale]), ...REFERENCE_LISTS.flatMap((l) => l.map((c) => c[locale]))].flatMap((t) => t.split(/[^\p{L}\p{N}_]+/u)).flatMap((w) => [w, lowerFirst(w)])),
  ]),
) as Record<ConsoleLocale, Set<string>>;

/**
 * What a user reads on the page: its text, the fields' labels, placeholders, titles and the tab
 * title. Stored records shown verbatim for diagnosis (the audit log's before and after, a job's
 * payload: [data-raw]) are data, not wording, and are left out.
 */
export async function visibleTexts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = [...document.querySelectorAll<HTMLElement>('[data-raw]')];
    raw.forEach((e) => (e.style.display = 'none'));
    const attrs = [...document.querySelectorAll('[placeholder],[aria-label],[title]')].flatMap((e) => ['placeholder', 'aria-label', 'title'].map((a) => e.getAttribute(a) ?? ''));
    const text = [document.title, document.body.innerText, ...attrs].join('\n');
    raw.forEach((e) => (e.style.display = ''));
    return text;
  });
}

/** Month names and abbreviations of the consoles' languages, as browsers' locales write dates in words. */
const MONTHS = [
  ...new Set(
    ['fr-FR', 'nl-BE', 'en-GB', 'en-US'].flatMap((l) =>
      (['long', 'short'] as const).flatMap((month) =>
        Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat(l, { month, timeZone: 'UTC' }).format(new Date(Date.UTC(2026, m, 15))).replace(/\.$/, '')),
      ),
    ),
  ),
].filter((m) => m.length >= 3);
const MONTH = `(?:${MONTHS.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\.?`;

/**
 * Dates and times in another format than the consoles' one (yyyy/mm/dd, HH:mm). The form format
 * dd/MM/yyyy lives in inputs' values, which are not the page's text.
 */
const OTHER_DATE_FORMATS: { name: string; re: RegExp }[] = [
  { name: 'ISO date', re: /(?<![\w/.-])\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?Z?)?(?![\w/-])/g },
  { name: 'day and month first', re: /(?<![\w/.,-])\d{1,2}[/.-]\d{1,2}[/.-]\d{4}(?![\w/-])/g },
  { name: 'month in words', re: new RegExp(`(?<![\\p{L}])(?:\\d{1,2}\\.? ${MONTH},? \\d{4}|${MONTH} \\d{1,2},? \\d{4})(?![\\p{L}\\d])`, 'giu') },
  { name: 'time with seconds', re: /(?<![\d:])\d{1,2}:\d{2}:\d{2}(?![\d:])/g },
  { name: '12-hour time', re: /(?<![\d:])\d{1,2}:\d{2}\s?[AaPp]\.?[Mm]\.?(?![\p{L}])/gu },
];

/** The problems of a page's text: key-looking texts, raw enum values and dates in another format, each with where it was seen and its surroundings. */
export function problemsIn(text: string, locale: ConsoleLocale, where: string): string[] {
  const out = new Set<string>();
  const around = (i: number, length: number) => JSON.stringify(text.slice(Math.max(0, i - 30), i + length + 30));
  for (const { name, re } of OTHER_DATE_FORMATS) for (const m of text.matchAll(re)) out.add(`${where}: date (${name}) ${m[0]} in ${around(m.index, m[0].length)}`);
  for (const m of text.matchAll(KEY_LIKE)) out.add(`${where}: key ${m[0]} in ${around(m.index, m[0].length)}`);
  // Addresses and e-mails are data (a landing's URL holds "/landing/").
  const words = /[^\s/@]*[/@][^\s]*|[\p{L}\p{N}_-]+/gu;
  for (const m of text.matchAll(words)) {
    const word = m[0];
    if (ENUM_VALUES.has(word) && !WORDS[locale].has(word)) out.add(`${where}: enum ${word} in ${around(m.index, word.length)}`);
  }
  return [...out];
}

/** The problems of what the page shows now (its text, labels, titles). */
export async function pageProblems(page: Page, locale: ConsoleLocale, where: string): Promise<string[]> {
  return problemsIn(await visibleTexts(page), locale, where);
}

/** Waits until the page has loaded what it asks for (no request running, no spinner). */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('.MuiLinearProgress-root, .MuiCircularProgress-root, .ra-loading'), undefined, { timeout: 10_000 }).catch(() => undefined);
}

/**
 * Opens each visible, enabled button matching `selector` (confirmations, deletes), reads the
 * dialog it opens and closes it with Escape. `opened` collects the buttons' labels.
 */
export async function dialogProblems(page: Page, locale: ConsoleLocale, where: string, selector: string, opened: string[] = []): Promise<string[]> {
  const out: string[] = [];
  const buttons = page.locator(selector);
  const n = await buttons.count();
  for (let i = 0; i < n; i++) {
    const button = buttons.nth(i);
    if (!(await button.isVisible())) continue;
    const label = (await button.innerText()).trim();
    opened.push(label);
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Its text drawn (a dialog opens before its content is laid out).
    await page.waitForFunction(() => (document.querySelector('[role="dialog"]') as HTMLElement | null)?.innerText.trim(), undefined, { timeout: 5_000 }).catch(() => undefined);
    out.push(...problemsIn(await dialog.innerText(), locale, `${where} dialog "${label}"`));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
  return out;
}
