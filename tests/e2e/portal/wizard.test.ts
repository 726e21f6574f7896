// The offer wizard, /draft/offer/{token}[/{step}] (issue 13, decisions 171-174), on the real server
// in Chromium on a 360 px phone: a recruiter's draft (POST /apis/draft-offer), then all 12 steps
// with JavaScript (the address through the autocomplete), the welcome-back menu with its ticks,
// the same link read on "another device", validation messages, and publication with the redirect
// to the public offer. Without JavaScript: the steps with special inputs as plain forms, the
// missing-steps message, publication. axe on two steps; the page's JavaScript ≤ 100 KB gzipped.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { baseUrl, expectAccessible, expectNoHorizontalScroll, launch, phonePage, portalHydrated } from '../helpers/browser.js';
import { newDraft } from '../helpers/drafts.js';
import { encodePng } from '../../helpers/png.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const hydrated = (page: Page) => portalHydrated(page);
const next = async (page: Page, n: number) => {
  await page.click('[data-testid="wizard-next"]');
  await page.waitForURL(new RegExp(`/${n}$`));
};
const ticks = (page: Page) => page.$$eval('.wizard-menu li', (lis) => lis.map((li) => li.getAttribute('data-filled') === 'true'));

describe('the offer wizard with JavaScript', () => {
  it('walks the 12 steps, saves each one, shows ticks, and publishes to the public offer', async () => {
    const token = await newDraft();
    const page = await phonePage(browser);
    const scripts: Array<Promise<number>> = [];
    // The first page's scripts only: the listener goes once they are counted (a chunk fetched later
    // may still be in flight when the page closes).
    const countScripts = (r: Response) => {
      if (r.request().resourceType() === 'script') scripts.push(r.body().then((b) => gzipSync(b).length));
    };
    page.on('response', countScripts);

    // The welcome menu of a new draft: nothing ticked, "start" leads to step 1.
    expect((await page.goto(`/draft/offer/${token}`))?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    page.off('response', countScripts);
    const jsBytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    expect(jsBytes).toBeGreaterThan(10_000);
    expect(jsBytes).toBeLessThanOrEqual(100 * 1024);
    expect(await page.locator('h1').textContent()).toBe('Créez votre annonce en 12 étapes');
    // Only the company step is ticked: the demo recruiter's company filled it (decision 271).
    expect(await ticks(page)).toEqual(Array.from({ length: 12 }, (_, i) => i === 1));
    expect(await page.locator('[data-testid="wizard-start"]').textContent()).toBe('Commencer');
    await hydrated(page);
    await page.click('[data-testid="wizard-start"]');
    await page.waitForURL(/\/1$/);

    // 1: title and the offer's own language.
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    expect(await page.locator('#w-lang option').allTextContents()).toHaveLength(2);
    await page.fill('#w-title', 'Vendeur en boulangerie (H/F)');
    await page.selectOption('#w-lang', 'fr');
    await next(page, 2);

    // 2: a file that is not an image is refused by its content, then a real PNG is kept.
    await page.setInputFiles('#w-logo', { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await page.click('button[value="logo"]');
    await expect.poll(() => page.locator('#w-logo-error').textContent()).toBe('image mime type error');
    await page.setInputFiles('#w-logo', { name: 'logo.png', mimeType: 'image/png', buffer: encodePng(8, 8, () => [91, 42, 134]) });
    await page.click('button[value="logo"]');
    await page.locator('img.wizard-logo').waitFor();
    const logo = await page.locator('img.wizard-logo').getAttribute('src');
    expect((await fetch(`${baseUrl()}${logo}`)).headers.get('content-type')).toBe('image/png');
    await page.fill('#w-company_name', 'Maison Demo');
    await page.fill('#w-company_description', 'Boulangerie artisanale depuis 1990.');
    await next(page, 3);

    await page.fill('#w-description', 'Accueil des clients, vente et mise en place.');
    await next(page, 4);

    // 4: the address through the autocomplete (offline provider), the street typed after.
    await page.fill('#w-address-search', '69002');
    await page.locator('#w-address-list li').first().waitFor();
    await page.locator('#w-address-list li').first().click();
    await page.locator('#w-address-list').waitFor({ state: 'hidden' });
    expect(await page.inputValue('#w-city')).toBe('Lyon');
    expect(await page.inputValue('#w-zip_code')).toBe('69002');
    await page.fill('#w-street', '12 rue de la République');
    await next(page, 5);

    await page.click('label.choice-card:has-text("CDI")');
    await next(page, 6);
    await page.click('label.chip:has-text("Boulangerie")');
    await next(page, 7);

    // 7: dd/MM/yyyy; a date that does not exist is refused.
    await page.fill('#w-start_date', '31/02/2031');
    await page.click('[data-testid="wizard-next"]');
    await expect.poll(() => page.locator('#w-start_date-error').textContent()).toBe('La date saisie n’est pas valide.');
    await page.fill('#w-start_date', '15/03/2031');
    await next(page, 8);
    await page.click('label.choice-card:has-text("6 mois à 2 ans")');
    await next(page, 9);
    await page.click('label.choice-card:has-text("CAP")');
    await next(page, 10);
    await page.fill('#w-candidate_qualification', 'Le sens du contact.');
    await next(page, 11);

    // 11: step 100; a minimum above the maximum is refused.
    expect(await page.getAttribute('#w-pay_min', 'step')).toBe('100');
    await page.fill('#w-pay_min', '2000');
    await page.fill('#w-pay_max', '1800');
    await page.click('[data-testid="wizard-next"]');
    await expect.poll(() => page.locator('#w-pay_max-error').textContent()).toBe('Le salaire minimum ne peut pas dépasser le salaire maximum.');
    await page.fill('#w-pay_min', '1800');
    await page.fill('#w-pay_max', '2100');
    await page.selectOption('#w-pay_period', 'month');
    await next(page, 12);

    // 12: three questions by default; add up to 5 (then no more), delete only the last down to 3.
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    expect(await page.locator('textarea[name="question"]').count()).toBe(3);
    await page.selectOption('#w-template', { index: 1 });
    await page.click('button[value="template"]');
    await expect.poll(() => page.inputValue('#w-q1')).toBe('Présentez-vous en une minute.');
    await page.fill('#w-q2', 'Pourquoi la boulangerie ?');
    await page.click('button[value="add_question"]');
    await expect.poll(() => page.locator('textarea[name="question"]').count()).toBe(4);
    await page.click('button[value="add_question"]');
    await expect.poll(() => page.locator('textarea[name="question"]').count()).toBe(5);
    expect(await page.locator('button[value="add_question"]').count()).toBe(0);
    await page.click('button[value="delete_question"]');
    await expect.poll(() => page.locator('textarea[name="question"]').count()).toBe(4);
    await page.click('button[value="delete_question"]');
    await expect.poll(() => page.locator('textarea[name="question"]').count()).toBe(3);
    expect(await page.locator('button[value="delete_question"]').count()).toBe(0);
    expect(await page.inputValue('#w-q2')).toBe('Pourquoi la boulangerie ?');
    await page.fill('#w-q3', 'Quelles sont vos disponibilités ?');

    // Another device with the same link: the welcome-back menu ticks every step and continues at 12.
    await page.click('button[value="add_question"]');
    await expect.poll(() => page.locator('textarea[name="question"]').count()).toBe(4);
    const other = await phonePage(browser, { locale: 'en-GB' });
    await other.goto(`/draft/offer/${token}`);
    expect(await other.locator('h1').textContent()).toBe('Welcome back!');
    expect(await ticks(other)).toEqual(Array(12).fill(true));
    expect(await other.locator('[data-testid="wizard-start"]').getAttribute('href')).toBe(`/draft/offer/${token}/12`);
    await other.goto(`/draft/offer/${token}/4`);
    expect(await other.inputValue('#w-street')).toBe('12 rue de la République');
    await other.context().close();
    const saved = (await (await fetch(`${baseUrl()}/apis/draft-offer/${token}`)).json()) as { offer_json: Record<string, unknown> };
    expect(saved.offer_json).toMatchObject({
      title: 'Vendeur en boulangerie (H/F)',
      location: { street: '12 rue de la République', city: 'Lyon', zip_code: '69002', country_iso: 'FR' },
      contract_type: 'cdi',
      tags: ['boulangerie'],
      start_date: '2031-03-15',
      pay_min: 1800,
      pay_max: 2100,
    });
    expect((saved.offer_json.location as { lat: number }).lat).toBeCloseTo(45.75, 0);

    // Finish: the empty fourth question is dropped; published message, form locked, then the offer.
    await page.click('[data-testid="wizard-finish"]');
    await page.locator('[data-testid="wizard-published"]').waitFor();
    expect(await page.locator('[data-testid="wizard-published"] p').first().textContent()).toBe('Votre annonce est publiée !');
    expect(await page.locator('#w-q1').isDisabled()).toBe(true);
    expect(await page.locator('[data-testid="wizard-finish"]').isDisabled()).toBe(true);
    await page.waitForURL(/\/candidate\/offer\/[0-9A-Z]{6}\?lang=fr$/);
    expect(await page.locator('h1').first().textContent()).toContain('Vendeur en boulangerie');
    const jobCode = new URL(page.url()).pathname.split('/').pop()!;
    const pub = (await (await fetch(`${baseUrl()}/apis/list-offers/${jobCode}`)).json()) as { questions: unknown[]; city: string };
    expect(pub.questions).toHaveLength(3);
    await page.context().close();
  }, 180_000);

  it('names the steps to complete, speaks Dutch with ?lang=nl, and says offer_not_found for an unknown token', async () => {
    const token = await newDraft();
    const page = await phonePage(browser);
    await page.goto(`/draft/offer/${token}/12`);
    await hydrated(page);
    await page.fill('#w-q1', 'Une question');
    await page.click('[data-testid="wizard-finish"]');
    const missing = page.locator('[data-testid="wizard-missing"]');
    await missing.waitFor();
    expect(await missing.locator('p').first().textContent()).toBe('Merci de remplir tous les champs obligatoires.');
    expect(await missing.locator('li').allTextContents()).toEqual([
      '1. Intitulé du poste',
      // (2, the company, came filled from the recruiter's company: decision 271.)
      '3. Description du poste',
      '4. Lieu de travail',
      '5. Type de contrat',
      '7. Date de début',
      '8. Expérience',
      '9. Niveau d’études',
      '10. Qualifications',
      '11. Salaire',
      '12. Questions aux candidats',
    ]);

    await page.goto(`/draft/offer/${token}/5?lang=nl`);
    expect(await page.locator('h1').textContent()).toBe('Type contract');
    expect(await page.locator('label.choice-card').first().textContent()).toBe('Vast contract (onbepaalde duur)');

    const unknown = await page.goto(`/draft/offer/${'x'.repeat(32)}`);
    expect(unknown?.status()).toBe(404);
    expect(await page.locator('[data-testid="wizard-not-found"] h1').textContent()).toBe('Aucune offre ne correspond');
    expect((await page.goto(`/draft/offer/${token}/13`))?.status()).toBe(404);
    await page.context().close();
  });
});

describe('the offer wizard without JavaScript', () => {
  it('works as plain forms: logo, free-text address, cards, chips, date, salary, questions, publication', async () => {
    const token = await newDraft();
    const page = await phonePage(browser, { javaScriptEnabled: false });
    const go = async (n: number) => {
      await page.click('[data-testid="wizard-next"]');
      await page.waitForURL(new RegExp(`/${n}$`));
    };
    await page.goto(`/draft/offer/${token}/1`);
    await page.fill('#w-title', 'Caissier (H/F)');
    await page.selectOption('#w-lang', 'nl');
    await go(2);
    await page.setInputFiles('#w-logo', { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4 not an image') });
    await page.click('button[value="logo"]');
    await page.waitForLoadState();
    expect(await page.locator('#w-logo-error').textContent()).toBe('image mime type error');
    await page.fill('#w-company_name', 'Maison Demo');
    await page.fill('#w-company_description', 'Épicerie fine.');
    await go(3);
    await page.fill('#w-description', 'Tenue de caisse.');
    await go(4);
    // No autocomplete without JavaScript: the address is typed.
    // Sent with the page (so it does not move when scripts hydrate it), hidden without them.
    expect(await page.locator('#w-address-search').count()).toBe(1);
    expect(await page.locator('#w-address-search').isHidden()).toBe(true);
    await page.fill('#w-street', '3 rue Neuve');
    await page.fill('#w-zip_code', '1000');
    await page.fill('#w-city', 'Bruxelles');
    await page.selectOption('#w-country_iso', 'BE');
    await go(5);
    await page.check('input[name="contract_type"][value="cdd"]');
    await go(6);
    await page.check('input[name="tags"][value="caisse"]');
    await page.check('input[name="tags"][value="vente"]');
    await go(7);
    await page.fill('#w-start_date', '2031-03-15');
    await page.click('[data-testid="wizard-next"]');
    await page.waitForLoadState();
    expect(await page.locator('#w-start_date-error').textContent()).toBe('La date saisie n’est pas valide.');
    await page.fill('#w-start_date', '1/9/2031');
    await go(8);
    await page.check('input[name="candidate_experience"][value="none"]');
    await go(9);
    await page.check('input[name="candidate_graduation"][value="no_care"]');
    await go(10);
    await page.fill('#w-candidate_qualification', 'Rigueur.');
    await go(11);
    await page.fill('#w-pay_min', '1700');
    await page.fill('#w-pay_max', '1900');
    await page.selectOption('#w-pay_currency', 'EUR');
    await go(12);
    await page.click('button[value="add_question"]');
    await page.waitForLoadState();
    expect(await page.locator('textarea[name="question"]').count()).toBe(4);
    await page.click('button[value="delete_question"]');
    await page.waitForLoadState();
    expect(await page.locator('textarea[name="question"]').count()).toBe(3);
    for (const i of [1, 2, 3]) await page.fill(`#w-q${i}`, `Question ${i} ?`);
    // The published page (message, locked form), whose meta refresh opens the offer after 0.5 s:
    // its HTML is read as it passes, since the page leaves it at once.
    let html = '';
    await page.route(`**/draft/offer/${token}/12`, async (route) => {
      const res = await route.fetch();
      if (route.request().method() === 'POST') html = await res.text();
      await route.fulfill({ response: res });
    });
    await page.click('[data-testid="wizard-finish"]');
    await page.waitForURL(/\/candidate\/offer\/[0-9A-Z]{6}\?lang=fr$/);
    expect(html).toContain('Votre annonce est publiée !');
    expect(html).toMatch(/<fieldset disabled="" class="plain">/);
    const offer = (await (await fetch(`${baseUrl()}/apis/list-offers/${new URL(page.url()).pathname.split('/').pop()}`)).json()) as Record<string, unknown>;
    expect(offer).toMatchObject({ title: 'Caissier (H/F)', city: 'Bruxelles', country_iso: 'BE', lang: 'nl', start_date: '2031-09-01' });
    await page.context().close();
  }, 180_000);
});

/** The whole form, as the wizard's finish sends it. */
const FORM = {
  title: 'Serveur (H/F)',
  company_name: 'Maison Demo',
  company_description: 'Brasserie de quartier.',
  description: 'Service en salle.',
  location: { street: '3 rue Neuve', city: 'Lille', zip_code: '59000', country_iso: 'FR' },
  contract_type: 'cdi',
  start_date: '2031-03-15',
  candidate_experience: 'none',
  candidate_graduation: 'no_care',
  candidate_qualification: 'Sourire.',
  pay_min: 1800,
  pay_max: 1900,
  pay_currency: 'EUR',
  pay_period: 'month',
  questions: [{ question: 'Présentez-vous.' }, { question: 'Pourquoi nous ?' }, { question: 'Vos disponibilités ?' }],
  lang: 'fr',
};

/** Publishes a draft as whoever holds its link, without signing in (issue 22). */
async function publishAnonymously(token: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/apis/draft-offer/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(FORM) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { Item: { job_code: string } }).Item.job_code;
}

describe("a published draft's link (issue 22, decision 190)", () => {
  it('shows the published page at every address, refuses a stale tab’s save with the message, and edits nothing', async () => {
    const token = await newDraft();
    const page = await phonePage(browser);
    // A tab opened before publication.
    await page.goto(`/draft/offer/${token}/1`);
    await hydrated(page);
    const jobCode = await publishAnonymously(token);

    await page.fill('#w-title', 'Titre détourné');
    await page.click('[data-testid="wizard-next"]');
    const refused = page.locator('[data-testid="wizard-refused"]');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('Cette annonce est déjà publiée : ce lien ne permet plus de la modifier. Son propriétaire la gère désormais depuis son compte.');
    expect(await page.locator('h1').textContent()).toBe('Annonce publiée');
    expect(await page.locator('[data-testid="wizard-published-page"] p').nth(1).textContent()).toBe(
      `Cette annonce est en ligne sous le code ${jobCode}. Ce lien a servi à la créer : il ne permet plus de la modifier.`,
    );
    // Nobody signed in: no management link, the owner is told to sign in.
    expect(await page.locator('[data-testid="wizard-manage"]').count()).toBe(0);
    expect(await page.locator('[data-testid="wizard-published-page"] .muted').textContent()).toBe('Vous en êtes le propriétaire ? Connectez-vous pour la gérer. Se connecter');
    const draft = (await (await fetch(`${baseUrl()}/apis/draft-offer/${token}`)).json()) as { offer_json: { title: string } };
    expect(draft.offer_json.title).toBe('Serveur (H/F)');

    // The welcome address and every step show the same page, on a phone.
    for (const path of [`/draft/offer/${token}`, `/draft/offer/${token}/12`]) {
      expect((await page.goto(path))?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe('Annonce publiée');
      expect(await page.locator('form').count()).toBe(0);
      await expectNoHorizontalScroll(page);
    }
    await expectAccessible(page);
    await page.click('[data-testid="wizard-public-offer"]');
    await page.waitForURL(new RegExp(`/candidate/offer/${jobCode}\\?lang=fr$`));
    expect(await page.locator('h1').first().textContent()).toContain('Serveur (H/F)');

    // Without JavaScript, the stale form's post answers the same page and the refusal (409).
    const plain = await phonePage(browser, { javaScriptEnabled: false });
    const other = await newDraft();
    await plain.goto(`/draft/offer/${other}/1`);
    await publishAnonymously(other);
    let status = 0;
    plain.on('response', (r) => {
      if (r.request().method() === 'POST') status = r.status();
    });
    await plain.click('[data-testid="wizard-next"]');
    await plain.locator('[data-testid="wizard-refused"]').waitFor();
    expect(status).toBe(409);
    expect(await plain.locator('h1').textContent()).toBe('Annonce publiée');
    await plain.context().close();
    await page.context().close();
  }, 120_000);

  it("links the owner, the owner's manager to where they manage it, and nobody else, in English on a desktop", async () => {
    const token = await newDraft();
    const jobCode = await publishAnonymously(token);
    const signedIn = async (email: string) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', baseURL: baseUrl() });
      const login = await context.request.post('/apis/auth/login', { data: { email, password: 'demo1234' }, headers: { origin: baseUrl() } });
      expect(login.status()).toBe(200);
      const page = await context.newPage();
      await page.goto(`/draft/offer/${token}?lang=en`);
      return page;
    };

    const manager = await signedIn('manager@demo.test');
    expect(await manager.locator('h1').textContent()).toBe('Offer published');
    const manage = manager.locator('[data-testid="wizard-manage"]');
    expect([await manage.textContent(), await manage.getAttribute('href')]).toEqual(['Manage the offer in the manager area', `/manager/offer/${jobCode}`]);
    await expectAccessible(manager);
    await manage.click();
    await manager.waitForURL(new RegExp(`/manager/#/offer/${jobCode}$`));
    await manager.getByText('Serveur (H/F)').first().waitFor();
    await manager.context().close();

    const owner = await signedIn('recruiter@demo.test');
    const dashboard = owner.locator('[data-testid="wizard-manage"]');
    expect([await dashboard.textContent(), await dashboard.getAttribute('href')]).toEqual(['Follow its candidates in your dashboard', '/dashboard']);
    await owner.context().close();

    // Another company's manager who holds the link: the public offer only.
    const outsider = await signedIn('manager.lyon@demo.test');
    expect(await outsider.locator('[data-testid="wizard-manage"]').count()).toBe(0);
    expect(await outsider.locator('[data-testid="wizard-published-page"] .muted').textContent()).toBe('Its owner manages it from their account.');
    expect(await outsider.locator('[data-testid="wizard-public-offer"]').textContent()).toBe('See the offer');
    await outsider.context().close();
  }, 120_000);
});
