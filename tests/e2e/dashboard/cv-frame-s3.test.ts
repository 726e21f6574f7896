// The recruiter dashboard's CV frame with the storage on S3 (s3rver on loopback): the frame's
// /media address redirects to a presigned GET on the bucket, which the console's CSP must let it
// frame (docs/decisions/181-s3-cv-frames.md). The real compiled server, its own demo data in the
// bucket; the PDF must arrive in the frame, with no CSP refusal.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Response } from 'playwright-core';
import { launch } from '../helpers/browser.js';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { startFakeS3, type FakeS3 } from '../../helpers/s3.js';
import { createStorage } from '../../../api/integrations/storage.js';
import { loadSettings } from '../../../config/settings.js';
import { dashboardColumn } from '../../../models/rules/recruiter-states.js';
import { DASHBOARD_EPOCH } from '../../../models/rules/dates.js';

const PREFIX = 'e2e-dashboard';
let tmp: string;
let s3: FakeS3;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-cv-s3-'));
  s3 = await startFakeS3(tmp);
  server = await startServer(s3.env(PREFIX));
  browser = await launch();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await s3?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

interface Item {
  id: number;
  state: string;
  recruiter_state: string;
  cv_url: string | null;
}

describe('the dashboard on S3 storage', () => {
  it('shows a CV in its side panel: the frame follows /media to the bucket and receives the PDF', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR', baseURL: server.baseUrl });
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to frame/i.test(m.text())) refusals.push(m.text());
    });

    await page.goto('/dashboard');
    await page.getByTestId('sign-in-form').waitFor();
    await page.locator('input[name="email"]').fill('recruiter@demo.test');
    await page.locator('input[name="password"]').fill('demo1234');
    await page.getByTestId('sign-in').click();
    await page.getByTestId('tile-total').waitFor();

    const q = new URLSearchParams({ state: 'all', from: DASHBOARD_EPOCH.toISOString(), limit: '500' });
    const items = ((await (await page.request.get(`/apis/application?${q.toString()}`)).json()) as { Items: Item[] }).Items;
    const withCv = items.find((i) => i.cv_url && dashboardColumn({ state: i.state, recruiter_state: i.recruiter_state, has_cv: true }));
    expect(withCv).toBeTruthy();
    // /media/<token>/<key>: the object the frame must end up showing, read from the bucket itself.
    const key = new URL(withCv!.cv_url!, server.baseUrl).pathname.split('/').slice(3).map(decodeURIComponent).join('/');
    const stored = await createStorage(loadSettings(s3.env(PREFIX))).get(key);
    expect(stored?.contentType).toBe('application/pdf');

    await page.getByTestId('tab-candidates').click();
    const fromBucket = page.waitForResponse((r: Response) => r.url().startsWith(`${s3.endpoint}/`) && r.frame() !== page.mainFrame(), { timeout: 20_000 });
    await page.locator(`[data-testid="candidate-card"][data-application="${withCv!.id}"] [data-testid="open-cv"]`).click();
    const frame = page.getByTestId('candidate-panel').locator('iframe[data-testid="cv"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/\/media\//);

    const res = await fromBucket;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/application\/pdf/);
    // Chromium hands a PDF's stream to its viewer, so the protocol shows only part of the body: the
    // length and the ETag (the MD5 S3 computes over the object it serves) identify the bytes.
    expect(Number(res.headers()['content-length'])).toBe(stored!.body.length);
    expect(res.headers().etag).toBe(`"${crypto.createHash('md5').update(stored!.body).digest('hex')}"`);
    // The frame commits its navigation after the response has arrived.
    await expect.poll(() => page.frames().some((f) => f.url().startsWith(`${s3.endpoint}/`)), { timeout: 10_000 }).toBe(true);
    expect(refusals).toEqual([]);
    await context.close();
  });
});
