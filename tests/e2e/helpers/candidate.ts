// What the candidate's browser tests share: the identity form proved with the code the real SMTP
// server received, and a count of the bytes the page's real MediaRecorder hands over (under
// page.clock a busy machine can take seconds before the first one).
import type { Page } from 'playwright-core';
import type { TestSmtp } from '../../helpers/smtp.js';
import { portalHydrated } from './browser.js';

/** The page is hydrated and its identity form can be sent. */
export async function identityReady(page: Page): Promise<void> {
  await portalHydrated(page);
  await page.locator('[data-testid="identity"] button[type="submit"]:not([disabled])').waitFor();
}

/** Fills the identity form (Léa Martin) and asks for the code. */
export async function askCode(page: Page, email: string): Promise<void> {
  await identityReady(page);
  await page.fill('#ap-email', email);
  await page.fill('#ap-firstname', 'Léa');
  await page.fill('#ap-lastname', 'Martin');
  await page.click('[data-testid="identity"] button[type="submit"]');
  await page.locator('[data-testid="code-sent"]').waitFor();
}

/** Asks for the code, types the one the mail brought and sends it (the caller waits for what follows). */
export async function proveEmail(page: Page, smtp: TestSmtp, email: string): Promise<void> {
  await askCode(page, email);
  const mail = await smtp.next(email, 10_000);
  await page.fill('#ap-code', /code=(\d{6})/.exec(mail.text)![1]);
  await page.click('[data-testid="identity"] button[type="submit"]');
}

/** From the next page load on, counts the bytes the page's MediaRecorder hands over (recordedBytes). */
export async function countRecordedBytes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __recorded: number; MediaRecorder: typeof MediaRecorder };
    w.__recorded = 0;
    const Real = w.MediaRecorder;
    w.MediaRecorder = class extends Real {
      constructor(stream: MediaStream, options?: MediaRecorderOptions) {
        super(stream, options);
        this.addEventListener('dataavailable', (e) => (w.__recorded += (e as BlobEvent).data.size));
      }
    };
  });
}

/** The bytes counted since the page loaded (countRecordedBytes). */
export const recordedBytes = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __recorded: number }).__recorded);

/** Goes past the device check before the first question without using it (decision 445). */
export async function skipDeviceCheck(page: Page): Promise<void> {
  await page.locator('[data-testid="dc-continue"]').click({ timeout: 30_000 });
}
