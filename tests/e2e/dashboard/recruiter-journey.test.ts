// The recruiter's journey on /dashboard (issue 24, "Recruiter (not a manager)"), in French and in
// English, in Chromium on the real server with the demo data: the sign-in form without the
// "no access" message; the offer wizard started from the dashboard; an offer's row opening its
// candidates; a candidate moved from its card and from its panel (the manager panel's moves, the
// server's state checked after each); the panel in the console's Roboto, not the browser's serif;
// the new-candidate e-mail's /dashboard?application={id} opening that candidate's panel, before
// and after signing in; another company's application not opened.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectAccessible, launch } from '../helpers/browser.js';
import { DASHBOARD_EPOCH } from '../../../models/rules/dates.js';
import { dashboardColumn } from '../../../models/rules/recruiter-states.js';

interface Item {
  id: number;
  job_code: string;
  state: string;
  recruiter_state: string;
  cv_url: string | null;
  questions: Array<{ state: string | null }>;
  candidate: { sub: string; name: string | null };
}

const SHOTS = '/tmp/shots-recruiter';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const LANGS = {
  fr: {
    locale: 'fr-FR',
    signInTitle: 'Connexion à votre espace recruteur',
    newOffer: 'Nouvelle annonce',
    states: { shortlist: 'Shortlist', wait_reject: 'En attente de rejet', view: 'Vu' } as Record<string, string>,
    reject: 'Rejeter',
    shortlist: 'Shortlister',
    missing: "Cette candidature n'est pas parmi les vôtres, ou n'existe plus.",
  },
  en: {
    locale: 'en-US',
    signInTitle: 'Sign in to your recruiter space',
    newOffer: 'New offer',
    states: { shortlist: 'Shortlist', wait_reject: 'Waiting for rejection', view: 'Seen' } as Record<string, string>,
    reject: 'Reject',
    shortlist: 'Shortlist',
    missing: 'This application is not one of yours, or no longer exists.',
  },
} as const;

async function desktop(locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale, baseURL: baseUrl() });
  return context.newPage();
}

async function signIn(page: Page, email: string) {
  await page.getByTestId('sign-in-form').waitFor();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByTestId('sign-in').click();
}

/** Every application of the signed-in page's user, from the API (same cookies). */
async function items(page: Page): Promise<Item[]> {
  const q = new URLSearchParams({ state: 'all', from: DASHBOARD_EPOCH.toISOString(), limit: '500' });
  const res = await page.request.get(`/apis/application?${q.toString()}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { Items: Item[] }).Items;
}

async function stateOf(page: Page, id: number): Promise<string> {
  return (await items(page)).find((i) => i.id === id)!.recruiter_state;
}

const columnOf = (i: Pick<Item, 'state' | 'recruiter_state' | 'cv_url'>) => dashboardColumn({ state: i.state, recruiter_state: i.recruiter_state, has_cv: Boolean(i.cv_url) });
const hasStory = (i: Item) => i.state === 'complete' && i.questions.some((q) => q.state === 'done');

describe.each(Object.entries(LANGS))('recruiter journey on /dashboard (%s)', (lang, t) => {
  it('signs in without being told they have no access, starts an offer, opens an offer, moves a candidate from its card and its panel', async () => {
    const page = await desktop(t.locale);
    await page.goto('/dashboard');
    await page.getByTestId('sign-in-form').waitFor();
    expect(await page.getByTestId('sign-in-form').locator('h2').textContent()).toBe(t.signInTitle);
    expect(await page.getByTestId('no-access').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/dashboard-sign-in-${lang}.png` });
    await signIn(page, 'recruiter@demo.test');
    await page.getByTestId('tile-total').waitFor();

    // A recruiter who is not a manager starts the offer wizard from here.
    const me = (await (await page.request.get('/apis/auth/me')).json()) as { is_manager?: boolean };
    expect(me.is_manager).toBeFalsy();
    await page.getByTestId('new-offer').click();
    expect(await page.getByTestId('new-offer').textContent()).toBe(t.newOffer);
    const link = await page.getByTestId('new-offer-link').inputValue();
    expect(link).toMatch(/\/draft\/offer\/[^/]+$/);
    expect((await page.request.get(new URL(link).pathname)).status()).toBe(200);
    await page.keyboard.press('Escape');
    await page.getByTestId('new-offer-link').waitFor({ state: 'detached' });

    // An offer's row opens its candidates on the Candidats tab.
    const all = await items(page);
    const row = page.getByTestId('offers-row').first();
    const code = (await row.getAttribute('data-key'))!;
    await row.click();
    await page.getByTestId('column-todo').waitFor();
    await expect.poll(() => page.getByTestId('candidate-card').count()).toBe(all.filter((i) => i.job_code === code && columnOf(i)).length);
    const codes = await page.getByTestId('candidate-card').evaluateAll((cards) => cards.map((c) => c.textContent ?? ''));
    for (const text of codes) expect(text).toContain(code);
    await page.screenshot({ path: `${SHOTS}/dashboard-offer-${lang}.png`, fullPage: true });
    // Back to every offer.
    await page.getByTestId('tag-search').press('Backspace');

    // A candidate with a finished story, moved from its card.
    const target = all.find((i) => hasStory(i) && ['new', 'view', 'shortlist', 'wait_reject'].includes(i.recruiter_state));
    expect(target).toBeTruthy();
    const card = page.locator(`[data-testid="candidate-card"][data-application="${target!.id}"]`);
    await card.waitFor();
    const first = target!.recruiter_state === 'wait_reject' ? 'shortlist' : 'wait_reject';
    const second = first === 'shortlist' ? 'wait_reject' : 'shortlist';
    const button = (to: string) => (to === 'shortlist' ? 'shortlist-button' : 'reject-button');
    expect(await card.getByTestId(button(first)).textContent()).toBe(first === 'shortlist' ? t.shortlist : t.reject);
    await card.getByTestId(button(first)).click();
    await expect.poll(() => stateOf(page, target!.id)).toBe(first);
    const firstColumn = first === 'shortlist' ? 'column-shortlist' : 'column-rejected';
    const moved = page.getByTestId(firstColumn).locator(`[data-testid="candidate-card"][data-application="${target!.id}"]`);
    await moved.waitFor();
    expect(await moved.getByTestId('state-chip').textContent()).toBe(t.states[first]);

    // And from its panel, written in the console's font (Roboto), not the browser's serif.
    await moved.getByTestId('watch-story').click();
    const panel = page.getByTestId('candidate-panel');
    await panel.waitFor();
    await panel.locator('[data-testid="player"]').waitFor();
    const fonts = await page.evaluate(() => ({
      player: getComputedStyle(document.querySelector('[data-testid="candidate-panel"] [data-testid="player"]')!).fontFamily,
      body: getComputedStyle(document.body).fontFamily,
    }));
    expect(fonts.player).toMatch(/^"?Roboto/);
    expect(fonts.body).toMatch(/^"?Roboto/);
    expect(await panel.getByTestId('state-chip').textContent()).toBe(t.states[first]);
    await panel.getByTestId(button(second)).click();
    await expect.poll(() => stateOf(page, target!.id)).toBe(second);
    await expect.poll(() => panel.getByTestId('state-chip').textContent()).toBe(t.states[second]);
    const secondColumn = second === 'shortlist' ? 'column-shortlist' : 'column-rejected';
    await page.getByTestId(secondColumn).locator(`[data-testid="candidate-card"][data-application="${target!.id}"]`).waitFor({ state: 'attached' });
    await page.screenshot({ path: `${SHOTS}/dashboard-panel-${lang}.png` });
    await expectAccessible(page);
    await page.context().close();
  });

  it("opens the candidate named by the new-candidate e-mail's link, before and after signing in", async () => {
    const page = await desktop(t.locale);
    await page.goto('/dashboard');
    await signIn(page, 'recruiter@demo.test');
    await page.getByTestId('tile-total').waitFor();
    const target = (await items(page)).find((i) => i.state === 'complete')!;
    await page.context().clearCookies();

    // Signed out: the form first, then that candidate's panel.
    await page.goto(`/dashboard?application=${target.id}`);
    await signIn(page, 'recruiter@demo.test');
    const panel = page.getByTestId('candidate-panel');
    await panel.waitFor();
    expect(await panel.locator('h2').first().textContent()).toBe(target.candidate.name);
    expect(await page.getByTestId('tab-candidates').getAttribute('aria-selected')).toBe('true');
    // Opened, a new candidate is seen.
    if (target.recruiter_state === 'new') await expect.poll(() => stateOf(page, target.id)).toBe('view');
    // Closing forgets the link: a reload shows the board as usual.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('application')).toBe(false);

    // Signed in: straight to the panel.
    await page.goto(`/dashboard?application=${target.id}`);
    await panel.waitFor();
    expect(await panel.locator('h2').first().textContent()).toBe(target.candidate.name);
    await page.context().close();

    // Another company's application is not opened: a message says so.
    const lyon = await desktop(t.locale);
    await lyon.goto(`/dashboard?application=${target.id}`);
    await signIn(lyon, 'manager.lyon@demo.test');
    await expect.poll(() => lyon.getByTestId('link-missing').textContent()).toBe(t.missing);
    expect(await lyon.getByTestId('candidate-panel').count()).toBe(0);
    await lyon.context().close();
  });
});
