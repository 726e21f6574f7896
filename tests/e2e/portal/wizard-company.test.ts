// The offer wizard for a signed-in company user (issue 24, "Manager"), in French and in English:
// the template questions it offers are in the offer's language, not the page's, and the company's
// name and description are already filled in from the manager's company.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch } from '../helpers/browser.js';
import { Q_TEMPLATE } from '../../../config/reference/lists.js';

const SHOTS = '/tmp/shots-recruiter';
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(locale: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale, baseURL: baseUrl() });
  const page = await context.newPage();
  expect((await page.request.post('/apis/auth/login', { data: { email, password: 'demo1234' } })).status()).toBe(200);
  return page;
}

async function newDraft(page: Page, body: object): Promise<string> {
  const res = await page.request.post('/apis/draft-offer', { data: body, headers: { Origin: baseUrl() } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { edition_token: string }).edition_token;
}

const templateOptions = (page: Page) => page.locator('#w-template option:not([value=""])').allTextContents();

describe.each([
  ['fr', 'fr-FR', 'nl'],
  ['en', 'en-GB', 'fr'],
] as const)('the wizard for a manager, page in %s', (pageLang, locale, offerLang) => {
  it(`offers the template questions in the offer's language (${offerLang})`, async () => {
    const page = await signedIn(locale, 'manager@demo.test');
    const token = await newDraft(page, { lang: offerLang });
    await page.goto(`/draft/offer/${token}/12?lang=${pageLang}`);
    expect(await page.locator('html').getAttribute('lang')).toBe(pageLang);
    expect(await templateOptions(page)).toEqual(Q_TEMPLATE.map((q) => q[offerLang]));
    // Added, the question is the offer's language's.
    await page.locator('#w-template').selectOption({ index: 1 });
    // The draft is read once the action has answered (network idle can come before the POST leaves).
    await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.locator('button[name="intent"][value="template"]').click()]);
    const draft = (await (await page.request.get(`/apis/draft-offer/${token}`)).json()) as { offer_json: { questions: Array<{ question: string }> } };
    expect(draft.offer_json.questions.map((q) => q.question)).toContain(Q_TEMPLATE[0][offerLang]);
    await page.screenshot({ path: `${SHOTS}/wizard-questions-${pageLang}.png`, fullPage: true });
    await page.context().close();
  });

  it("starts with the manager's company name and description filled in", async () => {
    const page = await signedIn(locale, 'manager@demo.test');
    const token = await newDraft(page, {});
    await page.goto(`/draft/offer/${token}/2?lang=${pageLang}`);
    const name = await page.locator('#w-company_name').inputValue();
    const description = await page.locator('#w-company_description').inputValue();
    expect(name).toBe('Maison Demo');
    expect(description.length).toBeGreaterThan(10);
    await page.screenshot({ path: `${SHOTS}/wizard-company-${pageLang}.png`, fullPage: true });
    await page.context().close();
  });
});
