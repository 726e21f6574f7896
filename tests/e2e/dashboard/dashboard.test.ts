// The recruiter dashboard (/dashboard) in Chromium against the real server with the demo data:
// the anonymous message; a recruiter's tiles, offers and columns equal what GET /apis/application
// gives them, computed with the same shared rules; the date filter; the tag search; a story that
// plays and a CV that opens in the side panel; a manager's recruiters with their shortlist
// counts; another company's candidates never shown; axe and a 360 px phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectAccessible, expectNoHorizontalScroll, launch, phonePage } from '../helpers/browser.js';
import { dashboardColumn, dashboardTiles, type DashboardColumn } from '../../../models/rules/recruiter-states.js';
import { DASHBOARD_EPOCH, DASHBOARD_RANGES, inDashboardRange, type DashboardRange } from '../../../models/rules/dates.js';

interface Item {
  id: number;
  job_code: string;
  recruiter_id: string;
  state: string;
  recruiter_state: string;
  submit_date: string | null;
  start_date: string | null;
  cv_url: string | null;
  questions: Array<{ state: string | null }>;
  candidate: { sub: string; name: string | null };
  offer: { tags?: string[] | null } | null;
}
interface Answer {
  recruiters: Array<{ sub: string; name: string | null }>;
  Items: Item[];
}

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function desktopPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR', baseURL: baseUrl() });
  return context.newPage();
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/dashboard');
  await page.getByTestId('sign-in-form').waitFor();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByTestId('sign-in').click();
  await page.getByTestId('tile-total').waitFor();
}

/** Every application the API gives the signed-in page's user (same cookies), all pages, all states. */
async function api(page: Page): Promise<Answer> {
  const all: Answer = { recruiters: [], Items: [] };
  let after: string | null = null;
  do {
    const q = new URLSearchParams({ state: 'all', from: DASHBOARD_EPOCH.toISOString(), limit: '500' });
    if (after) q.set('after', after);
    const res = await page.request.get(`/apis/application?${q.toString()}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as Answer & { next: string | null };
    all.recruiters = body.recruiters;
    all.Items.push(...body.Items);
    after = body.next;
  } while (after);
  return all;
}

const hasCv = (i: Item) => Boolean(i.cv_url);
const dateOf = (i: Item) => i.submit_date ?? i.start_date;
const grouped = (i: Item) => ({ state: i.state, recruiter_state: i.recruiter_state, has_cv: hasCv(i) });
const expectedTiles = (items: Item[], range: DashboardRange) => dashboardTiles(items.filter((i) => inDashboardRange(dateOf(i), range)).map(grouped));

async function tileValues(page: Page) {
  const read = async (k: string) => Number(await page.getByTestId(`tile-${k}`).getByTestId('tile-value').textContent());
  return { total: await read('total'), rejected: await read('rejected'), shortlist: await read('shortlist'), untreated: await read('untreated') };
}

describe('recruiter dashboard', () => {
  it('greets a visitor without a session with the sign-in form, and a signed-in candidate with the no-access message', async () => {
    const page = await desktopPage();
    const res = await page.goto('/dashboard');
    expect(res?.status()).toBe(200);
    await page.getByTestId('sign-in-form').waitFor();
    // Not yet signed in: no "no access" message (issue 24), only the form.
    expect(await page.getByTestId('no-access').count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toContain('accès');
    expect(await page.getByTestId('tile-total').count()).toBe(0);
    expect((await page.request.get('/apis/application')).status()).toBe(401);
    await expectAccessible(page);
    // Signed in without the right (a candidate): the spec's message, and sign-out.
    await page.locator('input[name="email"]').fill('candidate@demo.test');
    await page.locator('input[name="password"]').fill('demo1234');
    await page.getByTestId('sign-in').click();
    await expect.poll(() => page.getByTestId('no-access').textContent()).toBe("Vous n'avez pas accès à cette partie du site.");
    expect(await page.getByTestId('tile-total').count()).toBe(0);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByTestId('sign-in-form').waitFor();
    expect(await page.getByTestId('no-access').count()).toBe(0);
    await page.context().close();
  });

  it('shows a recruiter the tiles and offer counts of their own applications, by date range', async () => {
    const page = await desktopPage();
    await signIn(page, 'recruiter@demo.test');
    const answer = await api(page);
    expect(answer.Items.length).toBeGreaterThan(3);
    const all = expectedTiles(answer.Items, 'all');
    expect(all.total).toBeGreaterThan(0);
    expect(await tileValues(page)).toEqual(all);

    // Offers with their application counts: every shown application counted once on its offer.
    const shown = answer.Items.filter((i) => dashboardColumn(grouped(i)));
    const perOffer = new Map<string, number>();
    for (const i of shown) perOffer.set(i.job_code, (perOffer.get(i.job_code) ?? 0) + 1);
    const rows = page.getByTestId('offers-row');
    await expect.poll(() => rows.count()).toBe(perOffer.size);
    for (const [code, n] of perOffer) expect(await page.locator(`[data-testid="offers-row"][data-key="${code}"] [data-testid="count"]`).textContent()).toBe(String(n));
    // A recruiter alone sees no recruiters table.
    expect(await page.getByTestId('recruiters').count()).toBe(0);

    // Every range gives the counts of its own dates; some range leaves something out.
    let narrower = false;
    for (const range of DASHBOARD_RANGES) {
      await page.getByTestId(`range-${range}`).click();
      const want = expectedTiles(answer.Items, range);
      await expect.poll(() => tileValues(page)).toEqual(want);
      if (want.total < all.total) narrower = true;
    }
    expect(narrower).toBe(true);
    await page.getByTestId('range-all').click();
    await expectAccessible(page);
    await page.context().close();
  });

  it('lists the candidates in four columns, searches a tag, plays a story and opens a CV', async () => {
    const page = await desktopPage();
    await signIn(page, 'recruiter@demo.test');
    const answer = await api(page);
    await page.getByTestId('tab-candidates').click();
    const counts = (items: Item[]) => {
      const c: Record<DashboardColumn, number> = { cv_only: 0, rejected: 0, todo: 0, shortlist: 0 };
      for (const i of items) {
        const col = dashboardColumn(grouped(i));
        if (col) c[col] += 1;
      }
      return c;
    };
    const columnCards = async () => ({
      cv_only: await page.getByTestId('column-cv_only').getByTestId('candidate-card').count(),
      rejected: await page.getByTestId('column-rejected').getByTestId('candidate-card').count(),
      todo: await page.getByTestId('column-todo').getByTestId('candidate-card').count(),
      shortlist: await page.getByTestId('column-shortlist').getByTestId('candidate-card').count(),
    });
    await expect.poll(columnCards).toEqual(counts(answer.Items));
    await expectAccessible(page);

    // A tag: only the candidates of offers carrying it.
    const tag = answer.Items.flatMap((i) => i.offer?.tags ?? []).find((t) => answer.Items.some((i) => !(i.offer?.tags ?? []).includes(t) && dashboardColumn(grouped(i))));
    expect(tag).toBeTruthy();
    await page.getByTestId('tag-search').fill(tag!);
    await page.getByTestId('tag-search').press('Enter');
    const tagged = answer.Items.filter((i) => (i.offer?.tags ?? []).includes(tag!));
    await expect.poll(columnCards).toEqual(counts(tagged));
    await page.getByTestId('tag-search').press('Backspace');
    await expect.poll(columnCards).toEqual(counts(answer.Items));

    // A story plays in the side panel (hls.js through signed /media addresses).
    const withStory = answer.Items.find((i) => i.state === 'complete' && i.questions.some((q) => q.state === 'done'));
    expect(withStory).toBeTruthy();
    await page.locator(`[data-testid="candidate-card"][data-application="${withStory!.id}"] [data-testid="watch-story"]`).click();
    const panel = page.getByTestId('candidate-panel');
    await panel.waitFor();
    // "Video call" opens its dialog, whose room link opens the meeting room with this candidate, as the
    // signed-in recruiter: its join call lets the recruiter in.
    await panel.getByTestId('video-call').click();
    const dialog = page.getByTestId('video-call-dialog');
    const call = await dialog.getByTestId('meeting-open').getAttribute('href');
    await dialog.getByRole('button', { name: /fermer|close/i }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(call).toMatch(/^\/meeting-web-app\/[^/]+\/[^/]+\/[^/]+$/);
    const joined = await page.evaluate(async (path) => {
      const me = (await (await fetch('/apis/auth/me')).json()) as { id: string | number };
      const res = await fetch(`/apis/meeting-flight/${path.split('/').slice(2).join('/')}`);
      return { me: String(me.id), current: path.split('/')[4], status: res.status };
    }, call!);
    expect(joined.current).toBe(joined.me);
    expect(joined.status).toBe(200);
    const video = panel.locator('video').first();
    await video.waitFor();
    // The player starts on its play button (nothing is downloaded before).
    await panel.locator('[data-testid="player"] button.playpause').click();
    await page.waitForFunction(() => ((document.querySelector('[data-testid="candidate-panel"] video') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.5, null, { timeout: 20_000 });
    const t0 = await video.evaluate((v) => (v as HTMLVideoElement).currentTime);
    await page.waitForFunction((t) => (document.querySelector('[data-testid="candidate-panel"] video') as HTMLVideoElement).currentTime > t + 0.3, t0, { timeout: 15_000 });
    // The speed switch of the player, with the console's texts (decision 472).
    await panel.getByRole('group', { name: 'Vitesse de lecture' }).getByRole('button', { name: '2×' }).click();
    expect(await video.evaluate((v) => (v as HTMLVideoElement).playbackRate)).toBe(2);
    // "Question 1 sur 3" is for screen readers: read, never drawn (the console has no portal stylesheet).
    const spoken = panel.locator('[data-testid="player"] .question .visually-hidden');
    await expect.poll(async () => (await spoken.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    expect(await spoken.textContent()).toMatch(/Question 1 sur \d/);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // A CV opens in the side panel from a signed address that answers with the PDF.
    const withCv = answer.Items.find((i) => hasCv(i) && dashboardColumn(grouped(i)));
    expect(withCv).toBeTruthy();
    await page.locator(`[data-testid="candidate-card"][data-application="${withCv!.id}"] [data-testid="open-cv"]`).click();
    await panel.waitFor();
    const cv = panel.locator('[data-testid="cv"]').first();
    await cv.waitFor();
    const src = (await cv.getAttribute('src')) ?? (await cv.getAttribute('data')) ?? (await cv.getAttribute('href'));
    expect(src).toMatch(/\/media\//);
    const pdf = await page.request.get(src!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toMatch(/pdf/);
    await page.context().close();
  });

  it('keeps the language chosen in its menu on the next visit', async () => {
    const page = await desktopPage();
    await signIn(page, 'recruiter@demo.test');
    const tab = page.getByTestId('tab-candidates');
    expect(await tab.textContent()).toBe('Candidats');
    await page.getByTestId('language').getByRole('combobox').click();
    await page.getByRole('option', { name: 'English' }).click();
    await expect.poll(() => tab.textContent()).toBe('Candidates');
    // A later visit in the same browser (a French one) opens in English.
    await page.goto('/dashboard');
    await page.getByTestId('tile-total').waitFor();
    expect(await page.getByTestId('tab-candidates').textContent()).toBe('Candidates');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.context().close();
  });

  it("shows a manager the recruiters' shortlist counts", async () => {
    const page = await desktopPage();
    await signIn(page, 'manager@demo.test');
    const answer = await api(page);
    expect(answer.recruiters.length).toBeGreaterThan(1);
    await page.getByTestId('recruiters').waitFor();
    for (const r of answer.recruiters) {
      const n = answer.Items.filter((i) => i.recruiter_id === r.sub && dashboardColumn(grouped(i)) === 'shortlist').length;
      expect(await page.locator(`[data-testid="recruiters-row"][data-key="${r.sub}"] [data-testid="count"]`).textContent()).toBe(String(n));
    }
    expect(await tileValues(page)).toEqual(expectedTiles(answer.Items, 'all'));
    await expectAccessible(page);
    await page.context().close();
  });

  it("never shows another company's candidates", async () => {
    const lyon = await desktopPage();
    await signIn(lyon, 'manager.lyon@demo.test');
    const lyonCodes = new Set((await api(lyon)).Items.map((i) => i.job_code));
    expect(lyonCodes.size).toBeGreaterThan(0);
    const page = await desktopPage();
    await signIn(page, 'manager@demo.test');
    const answer = await api(page);
    expect(answer.Items.some((i) => lyonCodes.has(i.job_code))).toBe(false);
    await page.getByTestId('tab-candidates').click();
    await page.getByTestId('candidate-card').first().waitFor();
    const shown = await page.getByTestId('candidate-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-application')));
    const mine = new Set(answer.Items.map((i) => String(i.id)));
    for (const id of shown) expect(mine.has(id!)).toBe(true);
    const text = await page.locator('main').textContent();
    for (const code of lyonCodes) expect(text).not.toContain(code);
    await lyon.context().close();
    await page.context().close();
  });

  it('fits a 360 px phone, in Dutch for a Dutch browser', async () => {
    const page = await phonePage(browser, { locale: 'nl-NL' });
    await page.goto('/dashboard');
    await page.getByTestId('sign-in-form').waitFor();
    expect(await page.getByTestId('sign-in-form').locator('h2').textContent()).toBe('Aanmelden bij uw recruiterruimte');
    await page.locator('input[name="email"]').fill('recruiter@demo.test');
    await page.locator('input[name="password"]').fill('demo1234');
    await page.getByTestId('sign-in').click();
    await page.getByTestId('tile-total').waitFor();
    expect(await page.getByTestId('tile-untreated').textContent()).toContain('Niet behandeld');
    await expectNoHorizontalScroll(page);
    await page.getByTestId('tab-candidates').click();
    await page.getByTestId('candidate-card').first().waitFor();
    expect(await page.getByTestId('column-cv_only').locator('h2').textContent()).toBe('Cv ontvangen zonder story');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    // Signing out comes back to the form.
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await page.getByTestId('sign-in-form').waitFor();
    await page.context().close();
  });
});
