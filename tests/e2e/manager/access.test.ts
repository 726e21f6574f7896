// Who may use /manager: a recruiter who is not a manager reads 'Access to the control tower is
// reserved for subscribers' with a link to the plans; a candidate and staff who is not a manager
// see 'manager access not allowed'; a manager opening another company's offer sees 'not allowed to access this
// page'; a path that names no page answers a real 404; sign-out works. axe on every manager page,
// and the pages fit a 360 px phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../helpers/browser.js';
import { newPage, signIn, startManagerServer, type ManagerServer } from './setup.js';

let s: ManagerServer;

beforeAll(async () => {
  s = await startManagerServer();
}, 240_000);
afterAll(async () => s?.close());

describe('/manager access', () => {
  it.each([
    ['recruiter@demo.test', 'Access to the control tower is reserved for subscribers'],
    ['candidate@demo.test', 'manager access not allowed'],
    ['admin@demo.test', 'manager access not allowed'],
  ])('%s reads "%s" and no data is asked for', async (email, message) => {
    const { context, page } = await newPage(s);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/apis\/(console|manager|application)/.test(r.url())) asked.push(r.url());
    });
    await signIn(page, s.base, email, '/manager/offers');
    await page.getByTestId('not-allowed').waitFor();
    expect(await page.getByTestId('not-allowed').textContent()).toBe(message);
    // Whoever could subscribe gets a link to the plans.
    expect(await page.getByTestId('see-plans').count()).toBe(email.startsWith('recruiter') ? 1 : 0);
    if (email.startsWith('recruiter')) expect(await page.getByTestId('see-plans').getAttribute('href')).toBe('/portal/franchise_demo?lang=fr');
    await page.goto(`${s.base}/manager/#/offer/CAFE75`);
    await page.getByTestId('not-allowed').waitFor();
    expect(await page.getByTestId('not-allowed').textContent()).toBe(message);
    expect(asked).toEqual([]);
    await context.close();
  });

  it('another company\'s offer shows "not allowed to access this page"', async () => {
    const { context, page } = await newPage(s);
    await signIn(page, s.base, 'manager.lyon@demo.test', '/manager/offer/CAFE75');
    await page.getByTestId('not-allowed').waitFor();
    expect(await page.getByTestId('not-allowed').textContent()).toBe('not allowed to access this page');
    await context.close();
  });

  it('any other path answers 404 with the not-found page; sign-out goes back to the sign-in form', async () => {
    const { context, page } = await newPage(s);
    const res = await page.goto(`${s.base}/manager/anything-else`);
    expect(res!.status()).toBe(404);
    await page.getByLabel('Email').fill('manager@demo.test');
    await page.locator('input[name="password"]').fill('demo1234');
    await page.getByRole('button', { name: /connexion/i }).click();
    await page.getByRole('menuitem', { name: 'Annonces' }).waitFor();
    await page.goto(`${s.base}/manager/anything-else`);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page introuvable');
    await expectAccessible(page);
    for (const p of ['offers', 'templates', 'shops', 'home']) expect((await page.request.get(`${s.base}/manager/${p}`)).status(), p).toBe(200);
    // Sign out from the user menu.
    await page.getByRole('button', { name: /Claire Dubois/ }).click();
    await page.getByRole('menuitem', { name: /déconnexion/i }).click();
    await page.getByLabel('Email').waitFor();
    expect((await page.request.get(`${s.base}/apis/auth/me`)).status()).toBe(401);
    await context.close();
  });
});
