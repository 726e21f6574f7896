// The staff console's lead cards in Chromium (issue 14, docs/decisions/165-lead-resend.md): the
// "resend" button of one card and "resend to the selection" for the filtered list, on the real
// server (built console, fresh SQLite database with the demo data) with its job worker; SMS are
// written as files under SMS_DIR (no Twilio settings), which the test reads.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LandingInterest, type Offer } from '../../../models/index.js';
import { makeLead, makeOffer, makeUser } from '../../helpers/fixtures.js';
import { startManagerServer, type ManagerServer } from '../manager/setup.js';

let s: ManagerServer;
let page: Page;
let base: string;
let smsDir: string;
let offer: Offer;

/** The SMS files written for a number. */
const smsFilesTo = (to: string) =>
  fs.existsSync(smsDir)
    ? fs
        .readdirSync(smsDir)
        .map((f) => fs.readFileSync(path.join(smsDir, f), 'utf8'))
        .filter((text) => text.startsWith(`To: ${to}\n`))
    : [];

beforeAll(async () => {
  s = await startManagerServer({ JOBS_POLL_MS: '100' }, { jobs: true });
  base = s.base;
  smsDir = path.join(s.tmp, 'sms');
  offer = await makeOffer(await makeUser({ profile: 'recruiter' }), { job_code: 'RELANCE7', title: 'Fleuriste' });
  page = await (await s.browser.newContext({ locale: 'fr-FR' })).newPage();
}, 240_000);

afterAll(async () => s?.close());

describe('lead cards in the staff console', () => {
  it('resends one lead from its card, then every lead of the filtered list', async () => {
    const lead = (n: number) =>
      makeLead({ email: `relance${n}@example.test`, firstname: `Relance${n}`, lastname: 'Test', job_code: offer.job_code, offer_id: offer.id, phone_number: `+3361000000${n}`, notif: 0 });
    const [one, two, three] = [await lead(1), await lead(2), await lead(3)];

    await page.goto(`${base}/admin/`);
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.locator('input[name="password"]').fill('demo1234');
    await page.getByRole('button', { name: /connexion/i }).click();
    await page.getByTestId('count-line').waitFor();
    await page.goto(`${base}/admin/#/landings`);
    await page.getByRole('button', { name: 'Non-Notifié' }).click();
    await page.getByTestId('search').fill(offer.job_code);
    await expect.poll(() => page.getByTestId('count-line').textContent(), { timeout: 10_000 }).toBe('3 trouvés');

    // One card: confirm, then the state follows the queue (in progress, then sent).
    const card = page.getByTestId('lead-card').filter({ hasText: 'relance1@example.test' });
    await expect.poll(() => card.getByTestId('resend-state').textContent()).toBe('Aucun renvoi');
    await card.getByRole('button', { name: 'Renvoyer' }).click();
    await page.getByRole('dialog').getByText('Renvoyer le message à ce contact').waitFor();
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Renvoi programmé').waitFor();
    await expect.poll(async () => (await one.reload()).notif_resend, { timeout: 10_000, interval: 100 }).toBe(2);
    expect(one.notif).toBe(2);
    const [sms] = smsFilesTo('+33610000001');
    expect(sms).toContain(`saisissez le code ${offer.job_code}`);
    expect(smsFilesTo('+33610000001')).toHaveLength(1);

    // Now notified by SMS: two leads left in "Non-Notifié"; resend to the whole selection.
    await page.reload();
    await expect.poll(() => page.getByTestId('count-line').textContent(), { timeout: 10_000 }).toBe('2 trouvés');
    await page.getByRole('button', { name: 'Renvoyer à la sélection' }).click();
    await page.getByRole('dialog').getByText('Renvoyer le message aux 2 contacts de la sélection').waitFor();
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('2 message(s) vont être renvoyés, 0 contact(s) ignoré(s)').waitFor();
    for (const l of [two, three]) await expect.poll(async () => (await l.reload()).notif_resend, { timeout: 10_000, interval: 100 }).toBe(2);
    expect(smsFilesTo('+33610000002')).toHaveLength(1);
    expect(smsFilesTo('+33610000003')).toHaveLength(1);
    expect(smsFilesTo('+33610000001')).toHaveLength(1);

    // The SMS-Notifié view shows them as resent.
    await page.getByRole('button', { name: 'SMS-Notifié' }).click();
    await expect.poll(() => page.getByTestId('count-line').textContent(), { timeout: 10_000 }).toBe('3 trouvés');
    await expect.poll(() => page.getByTestId('resend-state').allTextContents()).toEqual(['Renvoyé', 'Renvoyé', 'Renvoyé']);
    expect(await LandingInterest.count({ where: { job_code: offer.job_code, notif: 2, notif_resend: 2 } })).toBe(3);
  });
});
