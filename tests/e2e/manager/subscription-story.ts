// Issue 23, the whole story in Chromium on a clean database (no demo data), on SQLite
// (subscription-story.test.ts) and on MariaDB (subscription-story-mariadb.test.ts, when
// TEST_MYSQL_URL is set; one database binding per test process): a free recruiter is refused the control tower with the
// subscribers' message; follows the link to the plans, subscribes and pays (the Stripe double's
// hosted page, whose payment delivers a signed checkout.session.completed); opens the control
// tower on the subscription's page; adds a recruiter to a seat (the spec's "Invalid address" first);
// that recruiter signs in and sees the subscriber's shop; Stripe cancels the subscription (a signed
// customer.subscription.deleted); the control tower is refused again, to both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashPassword } from '../../../api/auth/passwords.js';
import { Subscription, User } from '../../../models/index.js';
import { startStripeDouble, type StripeDouble } from '../../helpers/stripe-double.js';
import { expectAccessible } from '../helpers/browser.js';
import { newPage, startManagerServer, type ManagerServer } from './setup.js';

const SHOTS = '/tmp/shots-subscriptions';
const SUBSCRIBERS_ONLY = 'Access to the control tower is reserved for subscribers';

async function signIn(page: Page, base: string, email: string, password: string, at = '/manager/') {
  await page.goto(`${base}${at}`);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: /connexion|sign in/i }).click();
}

export function subscriptionStory(mariadb: boolean) {
  describe(`a paid subscription, on ${mariadb ? 'MariaDB' : 'SQLite'}`, () => {
    let s: ManagerServer;
    let stripe: StripeDouble;
    const run = !mariadb || !!process.env.TEST_MYSQL_URL;

    beforeAll(async () => {
      if (!run) return;
      stripe = await startStripeDouble();
      s = await startManagerServer({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.base }, { demo: false, mariadb, portal: true });
      stripe.webhookUrl = `${s.base}/apis/stripe/webhook`;
      await User.create({
        id: crypto.randomUUID(),
        email: 'paul.gerant@example.fr',
        name: 'Paul Gérant',
        profile: 'recruiter',
        user_plan: 'free',
        password_hash: await hashPassword('motdepasse1'),
        is_admin: false,
      });
    }, 240_000);
    afterAll(async () => {
      await s?.close();
      await stripe?.close();
    });

    it.skipIf(!run)('refused, subscribes and pays, assigns a seat, the seat holder sees the shop, canceled: refused again', async () => {
      expect(await User.count()).toBe(1); // a clean database: only the free recruiter
      const { context, page } = await newPage(s);
      await signIn(page, s.base, 'paul.gerant@example.fr', 'motdepasse1');
      const refused = page.getByTestId('not-allowed');
      await refused.waitFor();
      expect(await refused.textContent()).toBe(SUBSCRIBERS_ONLY);
      if (!mariadb) await page.screenshot({ path: `${SHOTS}/not-allowed-fr.png` });

      // The link to the plans: the subscription page, already signed in, at the points of sale.
      await page.getByTestId('see-plans').click();
      await page.locator('#r-quantity').waitFor();
      await page.fill('#r-quantity', '2');
      await page.click('[data-testid="recruiters-step"] button[type="submit"]');
      await page.waitForURL(new RegExp(`^${stripe.base}/pay/cs_test_`));
      expect(await page.locator('[data-testid="quantity"]').textContent()).toBe('2');
      await page.click('button:has-text("Payer")');
      await page.locator('[data-testid="checkout-success"]').waitFor();
      const sub = (await Subscription.findOne({ where: {} }))!;
      expect(sub.state).toBe('payed');

      // The success page's link opens the control tower on the subscription's page.
      await page.click(`a[href="/manager/subscription/${sub.id}"]`);
      const seats = page.getByTestId('subscription-seats');
      await seats.waitFor();
      expect(await page.getByTestId('seats-count').textContent()).toBe('0 recruteur(s) sur 2 · 2 place(s) restante(s)');
      await page.getByRole('menuitem', { name: 'Annonces' }).waitFor();

      // The new recruiter form: the spec's rule first ("Invalid address"), nothing stored.
      const form = page.getByTestId('new-recruiter-form');
      await form.locator('input[name="name"]').fill('Nadia Vendeuse');
      await form.locator('input[name="email"]').fill('nadia.vendeuse@example.fr');
      await form.locator('input[name="password"]').fill('motdepasse2');
      await form.locator('input[name="shopname"]').fill('Boutique Lille');
      await form.locator('input[name="zip_code"]').fill('59000');
      await form.locator('input[name="city"]').fill('Lille');
      await page.getByTestId('add-recruiter').click();
      expect(await page.getByTestId('seats-error').textContent()).toBe('Invalid address');
      expect(await User.count({ where: { email: 'nadia.vendeuse@example.fr' } })).toBe(0);
      await form.locator('input[name="street"]').fill('3 rue Nationale');
      await page.getByTestId('add-recruiter').click();
      await page.getByTestId('seat-holders').getByText('nadia.vendeuse@example.fr').waitFor();
      expect(await page.getByTestId('seats-count').textContent()).toBe('1 recruteur(s) sur 2 · 1 place(s) restante(s)');
      // Billing self-service: the paid invoice with its PDF.
      await page.getByTestId('invoices').getByRole('link').waitFor();
      expect(await page.getByTestId('invoices').getByRole('link').getAttribute('href')).toMatch(new RegExp(`^${stripe.base}/invoice/in_.*\\.pdf$`));
      if (!mariadb) {
        await expectAccessible(page);
        await page.screenshot({ path: `${SHOTS}/subscription-fr.png`, fullPage: true });
      }
      // "Gérer la facturation" opens Stripe's Billing Portal for the subscription's customer.
      await page.getByTestId('manage-billing').click();
      await page.waitForURL(new RegExp(`^${stripe.base}/billing/bps_`));
      expect(await page.getByTestId('portal-customer').textContent()).toBe((await sub.reload()).stripe_customer_id);

      // The seat holder signs in and sees the subscriber's shop.
      const nadia = await newPage(s);
      await signIn(nadia.page, s.base, 'nadia.vendeuse@example.fr', 'motdepasse2', '/manager/shops');
      await nadia.page.getByText('Boutique Lille').first().waitFor();

      // Stripe ends the subscription (as its Billing Portal's cancel does): signed webhook.
      await stripe.deliver(stripe.cancel(sub.stripe_subscription_id!));
      expect((await sub.reload()).state).toBe('canceled');
      for (const p of [page, nadia.page]) {
        await p.goto(`${s.base}/manager/`);
        await p.getByTestId('not-allowed').waitFor();
        expect(await p.getByTestId('not-allowed').textContent()).toBe(SUBSCRIBERS_ONLY);
      }
      await nadia.context.close();
      await context.close();
    });

    it.skipIf(!run || mariadb)('reads the same in English (screenshots)', async () => {
      const context = await s.browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US', baseURL: s.base });
      const page = await context.newPage();
      await signIn(page, s.base, 'paul.gerant@example.fr', 'motdepasse1');
      await page.getByTestId('not-allowed').waitFor();
      expect(await page.getByTestId('see-plans').textContent()).toBe('See the plans');
      await page.screenshot({ path: `${SHOTS}/not-allowed-en.png` });
      await context.close();
    });
  });
}
