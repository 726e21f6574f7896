// The pages load pictures at the spec's sizes (decision 310), in Chromium: an offer published with
// a large logo shows it from /files/100x100/..., and the browser downloads that copy (a few
// kilobytes), not the uploaded original; so do the candidate's own applications page (the offers'
// logos) and the feedback page (the candidate's picture), whose pictures come from a browser-side
// API call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { baseUrl, launch, phonePage } from '../helpers/browser.js';
import { newDraft } from '../helpers/drafts.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A draft of the demo recruiter, published anonymously through its link with `logo` as its company picture. */
async function publishWithLogo(logo: Buffer): Promise<{ jobCode: string; key: string }> {
  const editionToken = await newDraft();

  const form = new FormData();
  form.append('edition_token', editionToken);
  form.append('file', new Blob([new Uint8Array(logo)], { type: 'image/jpeg' }), 'logo.jpg');
  const upload = await fetch(`${baseUrl()}/apis/upload/image`, { method: 'POST', headers: { origin: baseUrl() }, body: form });
  expect(upload.status).toBe(201);
  const { key } = (await upload.json()) as { key: string };

  const published = await fetch(`${baseUrl()}/apis/draft-offer/${editionToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({
      title: 'Pâtissier (H/F)',
      company_name: 'Maison Logo',
      company_picture: key,
      company_description: 'Pâtisserie de quartier.',
      description: 'Tartes et entremets.',
      location: { street: '3 rue Neuve', city: 'Lille', zip_code: '59000', country_iso: 'FR' },
      contract_type: 'cdi',
      start_date: '2031-03-15',
      candidate_experience: 'none',
      candidate_graduation: 'no_care',
      candidate_qualification: 'Précision.',
      pay_min: 1800,
      pay_max: 1900,
      pay_currency: 'EUR',
      pay_period: 'month',
      questions: [{ question: 'Présentez-vous.' }, { question: 'Pourquoi nous ?' }, { question: 'Vos disponibilités ?' }],
      lang: 'fr',
    }),
  });
  expect(published.status).toBe(200);
  return { jobCode: ((await published.json()) as { Item: { job_code: string } }).Item.job_code, key };
}

/** A photo-like picture (noise compresses badly): a few hundred kilobytes at 1600 × 1000. */
const photo = (width = 1600, height = 1000, background = '#7a3') =>
  sharp({ create: { width, height, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

/** Image requests of the page, by path. */
function imageRequests(page: Page): string[] {
  const downloaded: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'image') downloaded.push(new URL(r.url()).pathname);
  });
  return downloaded;
}

/** The first image matching `selector` once loaded: the address the browser chose and its pixels. */
async function loadedImage(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const img = document.querySelector<HTMLImageElement>(sel);
    return !!img && img.complete && img.naturalWidth > 0;
  }, selector);
  return page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => ({
      src: new URL(img.currentSrc).pathname,
      natural: [img.naturalWidth, img.naturalHeight],
      shown: [img.width, img.height],
    }));
}

/** Signs the page's context in (its session cookie) and answers the signed-in person's id. */
async function signIn(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/apis/auth/login', { data: { email, password: 'demo1234' }, headers: { origin: baseUrl() } });
  expect(login.status()).toBe(200);
  return ((await (await request.get('/apis/auth/me')).json()) as { id: string }).id;
}

describe('picture sizes in the pages', () => {
  it('the public offer page shows the logo from its 100x100 copy, and the browser downloads that copy only', async () => {
    // A 1600 × 1000 photo-like logo (noise compresses badly): a few hundred kilobytes.
    const original = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#7a3', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const { jobCode, key } = await publishWithLogo(original);
    expect((await fetch(`${baseUrl()}/files/${key}`)).headers.get('content-length')).toBe(String(original.length));

    const page = await phonePage(browser);
    const downloaded: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image') downloaded.push(new URL(r.url()).pathname);
    });
    expect((await page.goto(`/candidate/offer/${jobCode}`))?.status()).toBe(200);
    const logo = page.locator('.offer-head img');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.offer-head img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    const shown = await logo.evaluate((img: HTMLImageElement) => {
      const entry = performance.getEntriesByName(img.currentSrc)[0] as PerformanceResourceTiming | undefined;
      return { src: new URL(img.currentSrc).pathname, natural: [img.naturalWidth, img.naturalHeight], shown: [img.width, img.height], bytes: entry?.encodedBodySize ?? -1 };
    });
    expect(shown.src).toBe(`/files/100x100/${key}`);
    expect(shown.natural).toEqual([100, 100]);
    // Drawn in a box of at most 64 CSS pixels (the page's style may take a border off it).
    expect(Math.max(...shown.shown)).toBeLessThanOrEqual(64);
    // The copy the browser received: a few kilobytes, against the original's hundreds.
    expect(shown.bytes).toBeGreaterThan(0);
    expect(shown.bytes).toBeLessThan(15_000);
    expect(original.length).toBeGreaterThan(20 * shown.bytes);
    // The original was never asked for.
    expect(downloaded).not.toContain(`/files/${key}`);
    expect(downloaded).toContain(`/files/100x100/${key}`);
  });

  it("the candidate's own applications page shows each offer's logo from its 100x100 copy, never the original", async () => {
    const original = await photo(1200, 900, '#a37');
    const { jobCode, key } = await publishWithLogo(original);
    const page = await phonePage(browser);
    const downloaded = imageRequests(page);
    await signIn(page.context().request, 'candidate@demo.test');
    const started = await page.context().request.post('/apis/candidate/applications', { data: { job_code: jobCode }, headers: { origin: baseUrl() } });
    expect(started.status(), await started.text()).toBe(201);
    expect((await page.goto('/candidate'))?.status()).toBe(200);
    const logo = await loadedImage(page, `[data-testid="own-application"] img[src*="${key}"]`);
    expect(logo.src).toBe(`/files/100x100/${key}`);
    expect(logo.natural).toEqual([100, 100]);
    // Drawn in the offer head's box of 64 CSS pixels (a border taken off it).
    expect(Math.max(...logo.shown)).toBeLessThanOrEqual(64);
    expect(downloaded).toContain(`/files/100x100/${key}`);
    expect(downloaded).not.toContain(`/files/${key}`);
    await page.context().close();
  });

  it("the feedback page shows the candidate's picture from its 100x100 copy, never the original", async () => {
    // The demo candidate's picture for this test, put back afterwards.
    const candidate = await browser.newContext({ baseURL: baseUrl() });
    const candidateId = await signIn(candidate.request, 'candidate@demo.test');
    const before = ((await (await candidate.request.get('/apis/auth/me')).json()) as { picture: string | null }).picture;
    const original = await photo(1000, 1000, '#37a');
    const upload = await candidate.request.post('/apis/upload/image', { multipart: { file: { name: 'moi.jpg', mimeType: 'image/jpeg', buffer: original } }, headers: { origin: baseUrl() } });
    expect(upload.status(), await upload.text()).toBe(201);
    const { key, url } = (await upload.json()) as { key: string; url: string };
    const setPicture = (picture: string | null) => candidate.request.patch('/apis/auth/me', { data: { picture }, headers: { origin: baseUrl() } });
    expect((await setPicture(url)).status()).toBe(200);
    try {
      const { jobCode } = await publishWithLogo(await photo(200, 200));
      const started = await candidate.request.post('/apis/candidate/applications', { data: { job_code: jobCode }, headers: { origin: baseUrl() } });
      expect(started.status(), await started.text()).toBe(201);
      const recruiter = await browser.newContext({ baseURL: baseUrl() });
      const recruiterId = await signIn(recruiter.request, 'recruiter@demo.test');
      const share = await recruiter.request.post('/apis/share-apply', { data: { recruiter_id: recruiterId, job_code: jobCode, candidate_id: candidateId }, headers: { origin: baseUrl() } });
      expect(share.ok(), await share.text()).toBe(true);
      const shareUrl = ((await share.json()) as { shareURL: string }).shareURL;
      await recruiter.close();

      const page = await phonePage(browser);
      const downloaded = imageRequests(page);
      expect((await page.goto(new URL(shareUrl).pathname))?.status()).toBe(200);
      const picture = await loadedImage(page, '[data-testid="candidate"] img');
      expect(picture.src).toBe(`/files/100x100/${key}`);
      expect(picture.natural).toEqual([100, 100]);
      expect(Math.max(...picture.shown)).toBeLessThanOrEqual(64);
      expect(downloaded).toContain(`/files/100x100/${key}`);
      expect(downloaded).not.toContain(`/files/${key}`);
      await page.context().close();
    } finally {
      await setPicture(before);
      await candidate.close();
    }
  });
});
