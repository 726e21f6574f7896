// The manager's webhooks page in Chromium (issue 28, decision 480), in French and English: add an
// endpoint pointing to a receiver on loopback (allowed by WEBHOOKS_ALLOW_LOOPBACK for tests), see
// its secret once, close an offer and see the delivery in the log with its attempt, send it again
// and the receiver gets the same webhook-id twice.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../helpers/browser.js';
import { WebhookDelivery } from '../../../models/index.js';
import { startReceiver, type Receiver } from '../../helpers/webhook-receiver.js';
import { startManagerServer, type ManagerServer } from './setup.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/hooks-shots';
fs.mkdirSync(SHOTS, { recursive: true });

let s: ManagerServer;
let receiver: Receiver;
beforeAll(async () => {
  s = await startManagerServer({ WEBHOOKS_ALLOW_LOOPBACK: '1', JOBS_POLL_MS: '100' }, { jobs: true });
  receiver = await startReceiver();
}, 240_000);
afterAll(async () => {
  await s?.close();
  await receiver?.stop();
});

async function pageIn(locale: string, path: string): Promise<Page> {
  const context = await s.browser.newContext({ viewport: { width: 1366, height: 900 }, locale, baseURL: s.base });
  const page = await context.newPage();
  const res = await page.request.post(`${s.base}/apis/auth/login`, { data: { email: 'manager@demo.test', password: 'demo1234' } });
  expect(res.status()).toBe(200);
  await page.goto(`${s.base}${path}`);
  return page;
}

const TEXTS = {
  'fr-FR': {
    menu: 'Webhooks',
    add: 'Ajouter un webhook',
    url: 'Adresse (URL)',
    create: 'Créer',
    done: 'J’ai copié le secret',
    event: 'Annonce fermée',
    state: 'livré (HTTP 200)',
    replay: 'Renvoyer',
    refresh: 'Actualiser',
    private: 'Cette adresse mène à un réseau privé : choisissez une adresse publique.',
  },
  'en-GB': {
    menu: 'Webhooks',
    add: 'Add a webhook',
    url: 'Address (URL)',
    create: 'Create',
    done: 'I have copied the secret',
    event: 'Offer closed',
    state: 'delivered (HTTP 200)',
    replay: 'Send again',
    refresh: 'Refresh',
    private: 'This address leads to a private network: choose a public address.',
  },
};

describe('the manager webhooks page', () => {
  for (const [locale, t] of Object.entries(TEXTS)) {
    it(`${locale}: creates an endpoint, shows its secret once, logs a delivery and replays it`, async () => {
      const page = await pageIn(locale, '/manager/webhooks');
      await page.getByRole('menuitem', { name: t.menu }).waitFor();
      await page.getByRole('button', { name: t.add }).click();
      // A private address is refused with the server's reason, under the field.
      await page.getByLabel(t.url).fill('https://10.0.0.8/hooks');
      await page.getByRole('button', { name: t.create }).click();
      await page.getByText(t.private).waitFor();
      await page.getByLabel(t.url).fill(receiver.url(`/${locale}`));
      await page.getByRole('button', { name: t.create }).click();
      const secret = page.getByTestId('webhook-secret');
      await secret.waitFor();
      const value = (await secret.textContent()) ?? '';
      expect(value).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/manager-webhooks-secret-${locale}.png` });
      await page.getByRole('button', { name: t.done }).click();
      await secret.waitFor({ state: 'detached' });
      expect(await page.locator('body').innerText()).not.toContain(value);
      await page
        .getByTestId('webhook-endpoint')
        .filter({ hasText: receiver.url(`/${locale}`) })
        .waitFor();

      // An event: the manager closes then reopens an offer (the real route); the receiver gets it.
      const before = receiver.hooks.filter((h) => h.path === `/${locale}`).length;
      for (const active of [false, true]) expect((await page.request.post(`${s.base}/apis/offer/CAFE75`, { data: { active }, headers: { origin: s.base } })).status()).toBe(200);
      await expect.poll(() => receiver.hooks.filter((h) => h.path === `/${locale}`).length, { timeout: 15_000 }).toBe(before + 2);
      const first = receiver.hooks.filter((h) => h.path === `/${locale}`)[before];

      await page.getByRole('button', { name: t.refresh }).click();
      const row = page.getByTestId('webhook-delivery').filter({ hasText: t.event }).first();
      await expect.poll(async () => (await row.count()) && (await row.innerText()), { timeout: 10_000 }).toContain(t.state);
      await row.click();
      await page.getByTestId('webhook-attempt').first().waitFor();
      expect(await page.getByTestId('webhook-attempt').first().innerText()).toMatch(/#1 · .* · HTTP 200 · \d+ ms/);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/manager-webhooks-log-${locale}.png`, fullPage: true });

      await row.getByRole('button', { name: t.replay }).click();
      await expect.poll(() => receiver.hooks.filter((h) => h.headers['webhook-id'] === first.headers['webhook-id']).length, { timeout: 15_000 }).toBe(2);
      await page.context().close();
    }, 120_000);
  }

  it('staff see every company’s endpoints and deliveries in the console, in words', async () => {
    const context = await s.browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR', baseURL: s.base });
    const page = await context.newPage();
    expect((await page.request.post(`${s.base}/apis/auth/login`, { data: { email: 'admin@demo.test', password: 'demo1234' } })).status()).toBe(200);
    const delivery = (await WebhookDelivery.findOne({ where: { event_type: 'offer.closed' } }))!;
    const RAW = /\b(resources|ra|console|manager)\.[a-z_-]+(\.[a-z_-]+)+\b|offer\.closed|application\.completed/;
    for (const [hash, seen] of [
      ['/webhook-endpoints', 'Annonce fermée'],
      ['/webhook-deliveries', 'Annonce fermée'],
      [`/webhook-deliveries/${delivery.id}/show`, delivery.msg_id],
    ] as const) {
      await page.goto(`${s.base}/admin/#${hash}`);
      await page.getByText(seen).first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      // The show page draws the payload as sent (its "type" is the event's stored name, on purpose):
      // only the lists must show every event in words.
      const text = (await page.locator('main').innerText()).replace(/\{[^\n]*\}/g, '');
      expect(text, hash).not.toMatch(RAW);
      await page.screenshot({ path: `${SHOTS}/admin${hash.replace(/\//g, '-')}.png`, fullPage: true });
    }
    await context.close();
  }, 120_000);
});
