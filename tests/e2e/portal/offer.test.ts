// The public offer page in Chromium: the application form with and without JavaScript, the
// CV, the server's errors, the no-offer page, the Dutch variant and /dla.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, expectNoHorizontalScroll, launch, phonePage, portalHydrated } from '../helpers/browser.js';
import { query } from '../helpers/db.js';
import { PDF } from '../../helpers/files.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const unique = (name: string) => `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.fr`;

async function fill(page: Page, v: { email: string; phone: string; firstname?: string; lastname?: string }) {
  await page.fill('#f-email', v.email);
  await page.fill('#f-firstname', v.firstname ?? 'Léa');
  await page.fill('#f-lastname', v.lastname ?? 'Martin');
  await page.fill('#f-phone', v.phone);
}

describe('offer page with JavaScript', () => {
  it('shows the offer, checks fields as the visitor types, uploads the CV and thanks', async () => {
    const page = await phonePage(browser);
    const res = await page.goto('/candidate/offer/CAFE75');
    expect(res?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBeTruthy();
    expect(await page.title()).toContain('Maison');
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toMatch(/\/candidate\/offer\/CAFE75$/);
    expect(await page.locator('select[name="phone_prefix"]').inputValue()).toBe('+33');
    expect(await page.locator('details.details').getAttribute('open')).not.toBeNull();
    expect(await page.locator('details.details address a').getAttribute('target')).toBe('_blank');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await portalHydrated(page);

    await page.fill('#f-email', 'lea@');
    await page.locator('#f-firstname').focus();
    expect(await page.locator('#e-email').textContent()).toBe('Saisissez une adresse e-mail valide.');
    expect(await page.locator('button[type="submit"]').isDisabled()).toBe(true);

    const email = unique('lea');
    await fill(page, { email, phone: '06 12 34 56 78' });
    expect(await page.locator('#f-phone').inputValue()).toBe('0612345678');
    await page.locator('#f-cv').setInputFiles({ name: 'cv-lea.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByText('CV joint : cv-lea.pdf').waitFor();
    await page.check('#f-accept_cgu');
    expect(await page.locator('button[type="submit"]').isDisabled()).toBe(false);
    await page.click('button[type="submit"]');
    await page.locator('[data-testid="thx-panel"]').waitFor();
    expect(await page.locator('[data-testid="thx-panel"] h2').textContent()).toBe('Merci pour votre candidature !');

    const rows = await query<{ cv_key: string | null; phone_number: string; cgu_from: string }>('SELECT cv_key, phone_number, cgu_from FROM landing_interests WHERE email = ? AND job_code = ?', [
      email,
      'CAFE75',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].cv_key).toMatch(/^picture\/[0-9a-f]{32}\.pdf$/);
    expect(rows[0].phone_number).toBe('+33612345678');
    await page.context().close();
  });

  it('refuses a CV that is not a PDF, and shows the error panel for a second application', async () => {
    const page = await phonePage(browser);
    await page.goto('/candidate/offer/CAFE75');
    await portalHydrated(page);
    await page.locator('#f-cv').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a pdf') });
    expect(await page.getByText('Le CV doit être un fichier PDF.').count()).toBe(1);

    const email = unique('twice');
    for (let i = 0; i < 2; i++) {
      if (i === 1) {
        await page.goto('/candidate/offer/CAFE75');
        await portalHydrated(page);
      }
      await fill(page, { email, phone: '0612345678' });
      await page.check('#f-accept_cgu');
      await page.click('button[type="submit"]');
      await page.locator(i === 0 ? '[data-testid="thx-panel"]' : '[data-testid="error-panel"]').waitFor();
    }
    expect(await page.locator('[data-testid="error-panel"] h2').textContent()).toBe('Votre candidature n’a pas pu être envoyée');
    expect(await page.locator('[data-testid="error-panel"] p').textContent()).toContain('déjà enregistré une candidature');
    await expectAccessible(page);
    await page.context().close();
  });
});

describe('offer page without JavaScript', () => {
  it('validates on the server, then stores the application with its CV', async () => {
    const page = await phonePage(browser, { javaScriptEnabled: false });
    await page.goto('/candidate/offer/CAFE75');
    await page.fill('#f-email', 'pas-un-email');
    await page.fill('#f-phone', '0612');
    const [bad] = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    expect(bad?.status()).toBe(400);
    expect(await page.locator('#e-email').textContent()).toBe('Saisissez une adresse e-mail valide.');
    expect(await page.locator('#e-firstname').textContent()).toBe('Le prénom est obligatoire.');
    expect(await page.locator('#e-phone').textContent()).toBe('Le numéro doit comporter 10 chiffres.');
    expect(await page.locator('#e-accept_cgu').textContent()).toBe('Vous devez accepter les conditions générales pour postuler.');

    const email = unique('nojs');
    await fill(page, { email, phone: '06-98-76-54-32', firstname: 'Hugo', lastname: 'Petit' });
    await page.locator('input[name="cv"]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.check('#f-accept_cgu');
    const [ok] = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    expect(ok?.status()).toBe(200);
    expect(await page.locator('[data-testid="thx-panel"] h2').textContent()).toBe('Merci pour votre candidature !');
    const rows = await query<{ cv_key: string | null; firstname: string }>('SELECT cv_key, firstname FROM landing_interests WHERE email = ?', [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0].firstname).toBe('Hugo');
    expect(rows[0].cv_key).toMatch(/\.pdf$/);
    await page.context().close();
  });
});

describe('offer page variants and errors', () => {
  it('says no offer matches for an unknown or closed code, with status 404', async () => {
    const page = await phonePage(browser);
    for (const code of ['NOPE99', 'CHEF75']) {
      const res = await page.goto(`/candidate/offer/${code}`);
      expect(res?.status()).toBe(404);
      expect(await page.locator('[data-testid="no-offer"] h1').textContent()).toBe('Aucune offre ne correspond');
    }
    await expectAccessible(page);
    await page.context().close();
  });

  it('in Dutch shows the offer code with the app instructions', async () => {
    const page = await phonePage(browser);
    await page.goto('/candidate/offer/CAFE75?lang=nl');
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    expect(await page.locator('[data-testid="offer-code"]').textContent()).toBe('CAFE75');
    expect(await page.locator('label[for="f-firstname"]').textContent()).toContain('Voornaam');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.context().close();
  });

  it('/dla puts the form first with the details folded', async () => {
    const page = await phonePage(browser);
    const res = await page.goto('/dla/CAFE75');
    expect(res?.status()).toBe(200);
    expect(await page.locator('details.details').getAttribute('open')).toBeNull();
    expect(await page.locator('form #f-email').count()).toBe(1);
    await page.context().close();
  });
});
