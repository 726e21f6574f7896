// The staff console in Chromium: sign in as the demo admin, filter the candidates list, open a
// recruiter and add boosters, create (with a logo) and delete a custom landing, start in Dutch
// for a Dutch browser. Runs the real server (built console, fresh SQLite database with the demo
// data) on 127.0.0.1.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';
import { pino } from 'pino';
import { loadSettings, ROOT_DIR } from '../../../config/settings.js';
import { openDatabase } from '../../../models/boot.js';
import { Op } from 'sequelize';
import { Application, CustomLanding, Shop, SubscriptionRecruiter, Template, Upload, User } from '../../../models/index.js';
import { LANDING_DEFAULTS } from '../../../models/resources/custom-landings/resource.js';
import { makeUser } from '../../helpers/fixtures.js';
import { encodePng } from '../../helpers/png.js';
import { CHROMIUM_ARGS } from '../../helpers/chromium.js';
import { seedDemo, DEMO_IDS } from '../../../seeders/demo.js';
import { createApp } from '../../../api/app.js';
import { adminConsole, ADMIN_BUILD_DIR } from '../../../api/admin-console.js';
import { LocalDiskStorage } from '../../../api/integrations/storage.js';
import { createMediaUrls } from '../../../api/integrations/media-urls.js';
import { createMailer } from '../../../api/integrations/mail.js';
import { hashPassword } from '../../../api/auth/passwords.js';

let server: http.Server;
let browser: BrowserContext;
let page: Page;
let base: string;
let tmp: string;
let recruiter: User;
let closeDb: () => Promise<void>;

function buildConsoleIfStale() {
  const index = path.join(ADMIN_BUILD_DIR, 'index.html');
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => Math.max(m, e.isDirectory() ? newest(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).mtimeMs), 0);
  const sources = Math.max(newest(path.join(ROOT_DIR, 'admin', 'src')), newest(path.join(ROOT_DIR, 'models', 'resources')));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs > sources) return;
  execFileSync(process.execPath, [path.join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'admin/vite.config.ts', '--logLevel', 'error'], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
  });
}

beforeAll(async () => {
  buildConsoleIfStale();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-e2e-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: `sqlite:${path.join(tmp, 'db.sqlite')}`,
    STORAGE_DIR: path.join(tmp, 'files'),
    MAIL_DIR: path.join(tmp, 'mail'),
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const sequelize = await openDatabase(settings);
  closeDb = () => sequelize.close();
  // Listening first gives the port, so stored files get addresses the browser can load (logos).
  server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const storage = new LocalDiskStorage(settings.storageDir, `${base}/files`);
  await seedDemo({ storage });
  await makeUser({ profile: 'candidate', name: 'Zébulon Testeur', email: 'zebulon.testeur@example.test' });
  await makeUser({ profile: 'candidate', name: 'Autre Candidat', email: 'autre.candidat@example.test' });
  recruiter = await makeUser({ profile: 'recruiter', name: 'Rachida Recruteuse', email: 'rachida.recruteuse@example.test' });
  const deps = { settings, mailer: createMailer(settings), storage, logger: pino({ level: 'silent' }), clock: () => new Date(), media: createMediaUrls({ ...settings, publicUrl: base }) };
  server.on('request', createApp(deps, [adminConsole()]));
  // A fresh profile directory (playwright passes it as --user-data-dir).
  browser = await chromium.launchPersistentContext(path.join(tmp, 'chrome'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    locale: 'fr-FR',
    args: CHROMIUM_ARGS,
  });
  page = browser.pages()[0] ?? (await browser.newPage());
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
  await closeDb?.();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('staff console in the browser', () => {
  it('signs in as the demo admin and filters the candidates list', async () => {
    // Playwright's clock: time flows as usual until the search below pauses it.
    await page.clock.install();
    await page.goto(`${base}/admin/`);
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.locator('input[name="password"]').fill('demo1234');
    await page.getByRole('button', { name: /connexion/i }).click();
    await page.getByTestId('count-line').waitFor();
    // The demo candidates with no application plus the two made above.
    await expect.poll(() => page.getByTestId('user-card').count()).toBeGreaterThanOrEqual(2);
    const before = await page.getByTestId('user-card').count();
    // The search applies 1.5 s after typing: with the clock paused, a second passes and the list
    // is neither asked for nor changed; once time flows again, it is.
    const searches: string[] = [];
    const onRequest = (r: Request) => {
      if (/z.bulon/i.test(decodeURIComponent(r.url()))) searches.push(r.url());
    };
    page.on('request', onRequest);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10));
    await page.getByTestId('search').fill('zébulon');
    await page.clock.runFor(1000);
    expect(searches).toEqual([]);
    expect(await page.getByTestId('user-card').count()).toBe(before);
    await page.clock.resume();
    await expect.poll(() => page.getByTestId('user-card').count(), { timeout: 5000 }).toBe(1);
    expect(searches.length).toBeGreaterThan(0);
    page.off('request', onRequest);
    expect(await page.getByTestId('count-line').textContent()).toBe('1 trouvés');
    await expect.poll(() => page.getByTestId('user-card').first().textContent()).toContain('Zébulon Testeur');
  });

  it('opens a recruiter and adds boosters after confirming', async () => {
    await page.getByTestId('profile-selector').locator('..').click();
    await page.getByRole('option', { name: 'recruteur' }).click();
    await page.getByTestId('search').fill('rachida');
    await page.getByRole('link', { name: 'Rachida Recruteuse' }).click();
    await page.getByTestId('user-name').waitFor();
    expect(page.url()).toContain(`#/user/${recruiter.id}`);
    await page.getByTestId('boosters-input').fill('3');
    await page.getByRole('button', { name: 'Add boosters' }).click();
    await page.getByRole('dialog').getByText('Nouveau total disponible : 3').waitFor();
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect.poll(() => page.getByTestId('boosters').textContent()).toBe('Boosters: 3 / 3');
    expect((await User.findByPk(recruiter.id))!.av_boost).toBe(3);
  });

  it("plays a candidate's stories and opens their CV through signed addresses", async () => {
    const candidateId = (await Application.findOne({ where: { cv_key: { [Op.ne]: null } } }))!.candidate_id;
    await page.goto(`${base}/admin/#/user/${candidateId}`);
    await page.getByTestId('detail-application').first().waitFor();
    const story = await page.getByTestId('story-link').first().getAttribute('href');
    const cv = await page.getByTestId('cv-link').first().getAttribute('href');
    expect(story).toMatch(new RegExp(`^${base}/media/\\d+\\.u${DEMO_IDS.admin}\\.[A-Za-z0-9_-]{43}/story/[0-9a-f]{32}/q\\d/index\\.m3u8$`));
    expect(cv).toMatch(/\/media\/.+\/picture\/[0-9a-f]{32}\.pdf$/);
    // With the staff session the addresses answer; the same file under /files does not.
    const read = (u: string) =>
      page.evaluate(async (url) => {
        const res = await fetch(url);
        return { status: res.status, type: res.headers.get('content-type'), start: (await res.text()).slice(0, 7) };
      }, u);
    expect(await read(story!)).toMatchObject({ status: 200, start: '#EXTM3U' });
    expect(await read(cv!)).toMatchObject({ status: 200, type: 'application/pdf', start: '%PDF-1.' });
    expect((await read(`${base}/files/${cv!.slice(cv!.indexOf('/picture/') + 1)}`)).status).toBe(404);
  });

  it('shows the wishlist view, and an offer card leads to the candidates who saved that offer', async () => {
    await page.goto(`${base}/admin/#/users`);
    await page.getByTestId('profile-selector').locator('..').click();
    await page.getByRole('option', { name: 'Wishlist' }).click();
    // Enzo (two pending offers) and Jade (one), with their pending entries on the card.
    await expect.poll(() => page.getByTestId('card-wishlist').count()).toBe(2);
    const enzo = page.getByTestId('user-card').filter({ hasText: 'Enzo Rousseau' });
    await expect.poll(() => enzo.getByTestId('card-wishlist').textContent()).toMatch(/Wishlist en attente: .*PATS18.*VLRB69|Wishlist en attente: .*VLRB69.*PATS18/);
    await page.getByTestId('profile-selector').locator('..').click();
    await page.getByRole('option', { name: 'Annonces' }).click();
    await page.getByTestId('search').fill('PATS18');
    const offer = page.getByTestId('offer-card').filter({ hasText: 'PATS18' });
    await offer.getByRole('link', { name: 'Wishlist de cette annonce' }).click();
    await expect.poll(() => page.getByTestId('user-card').count()).toBe(1);
    expect(await page.getByTestId('user-card').textContent()).toContain('Enzo Rousseau');
    expect(await page.getByTestId('count-line').textContent()).toBe('1 trouvés');
  });

  it('creates a custom landing with a logo: live identifier rule, spec messages, section 9 defaults', async () => {
    const landingsBefore = await CustomLanding.count();
    await page.goto(`${base}/admin/#/custom-landings/create`);
    const identifier = page.getByLabel('Identifier');
    await identifier.waitFor();
    // Section 9 defaults, prefilled.
    expect(await page.locator('input[name="logo_width"]').inputValue()).toBe('300');
    expect(await page.locator('input[name="logo_height"]').inputValue()).toBe('120');
    expect(await page.locator('input[name="bg_color"]').inputValue()).toBe('#000000');
    expect(await page.locator('input[name="select_label"]').inputValue()).toBe('Magasin');
    expect(await page.locator('textarea[name="select_description"]').inputValue()).toBe(LANDING_DEFAULTS.select_description);
    expect(await page.locator('textarea[name="informations_description"]').inputValue()).toBe(LANDING_DEFAULTS.informations_description);

    // Fewer than 4 characters: the spec's message under the field, nothing saved.
    await identifier.pressSequentially('abc');
    await page.getByLabel('Company').fill('Ma Boutique SARL');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Identifier doit faire au moins 3 chars').waitFor();
    expect(await CustomLanding.count()).toBe(landingsBefore);

    // Typed key by key: lowercased, space to hyphen, '!' dropped with the spec's alert.
    await identifier.fill('');
    await identifier.pressSequentially('Ma Boutique!');
    expect(await identifier.inputValue()).toBe('ma-boutique');
    await page.getByText('Not allowed: ! , allowed characters are: abcdefghijklmnopqrstuvwxyz0123456789-_').waitFor();
    await expect.poll(() => page.getByText('Identifier doit faire au moins 3 chars').count()).toBe(0);

    const logo = encodePng(30, 12, (x) => [x * 8, 120, 255 - x * 8]);
    const logoFile = path.join(tmp, 'logo-boutique.png');
    fs.writeFileSync(logoFile, logo);
    await page.locator('input[type="file"]').setInputFiles(logoFile);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('cell', { name: 'ma-boutique', exact: true }).waitFor();

    const landing = await CustomLanding.findOne({ where: { identifier: 'ma-boutique' } });
    expect(landing).toMatchObject({ name: 'Ma Boutique SARL', bg_color: '#000000', select_label: 'Magasin', logo_width: 300, logo_height: 120 });
    const key = landing!.logo_src!.replace(`${base}/files/`, '');
    expect(key).toMatch(/^picture\/[0-9a-f]{32}\.png$/);
    expect(await Upload.findOne({ where: { key, kind: 'image' } })).not.toBeNull();
    const served = await fetch(landing!.logo_src!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), logo)).toBe(0);
    // The list's Banner column loads it.
    const banner = page.getByRole('row', { name: /ma-boutique/ }).locator(`img[src="${landing!.logo_src}"]`);
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(30);

    await page
      .getByRole('row', { name: /ma-boutique/ })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect.poll(() => CustomLanding.count({ where: { identifier: 'ma-boutique' } })).toBe(0);
    await expect.poll(() => page.getByRole('cell', { name: 'ma-boutique', exact: true }).count()).toBe(0);
  });

  it('creates a template, edits a shop and shows a subscription through the generated screens', async () => {
    // Template: the create form starts from the section 3 defaults; the manager is picked by name.
    await page.goto(`${base}/admin/#/templates/create`);
    await page.getByLabel('Intitulé du poste').waitFor();
    expect(await page.locator('input[name="pay_min"]').inputValue()).toBe('1');
    expect(await page.locator('input[name="pay_max"]').inputValue()).toBe('2');
    expect(await page.locator('input[name="questions.2.question"]').inputValue()).not.toBe('');
    await page.getByLabel('Manager').fill('Claire');
    await page.getByRole('option', { name: 'Claire Dubois' }).click();
    await page.getByLabel('Intitulé du poste').fill('Pâtissier (H/F)');
    await page.locator('input[name="company_name"]').fill('Maison Demo');
    await page.locator('textarea[name="company_description"]').fill('Cafés et boulangeries à Paris.');
    await page.locator('textarea[name="description"]').fill('Tartes, entremets et viennoiseries.');
    await page.locator('textarea[name="candidate_qualification"]').fill('CAP pâtissier');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('cell', { name: 'Pâtissier (H/F)' }).waitFor();
    const template = await Template.findOne({ where: { owner_id: (await User.findOne({ where: { email: 'manager@demo.test' } }))!.id }, order: [['id', 'DESC']] });
    expect(template!.content).toMatchObject({ title: 'Pâtissier (H/F)', contract_type: 'cdi', pay_currency: 'EUR', questions: [{ id: 'q1' }, { id: 'q2' }, { id: 'q3' }] });

    // Shop: the list searches by name; the edit form saves the new name.
    await page.goto(`${base}/admin/#/shops`);
    await page.getByRole('cell', { name: 'Maison Demo Boulogne' }).click();
    const name = page.getByLabel('Nom du magasin');
    await expect.poll(() => name.inputValue()).toBe('Maison Demo Boulogne');
    await name.fill('Maison Demo Boulogne Reine');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(async () => (await Shop.findByPk(4))!.shopname).toBe('Maison Demo Boulogne Reine');
    // The saved form goes back to the list: wait for it, or that redirect could land after the next page.
    await page.waitForURL(/#\/shops$/);

    // Subscription: read-only, with seats used and remaining.
    await page.goto(`${base}/admin/#/subscriptions`);
    // The plan by its name (a plan id is never shown).
    await page.getByRole('cell', { name: 'Franchise — mensuel' }).click();
    await page.getByText('Recruteurs restants').waitFor();
    expect(await page.getByRole('button', { name: 'Éditer' }).count()).toBe(0);
    // The seats action is a form: the recruiter to add or to remove (issue 23, decision 241).
    await page.getByRole('button', { name: 'Places de recruteurs' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Recruteur à retirer').waitFor();
    expect(await dialog.getByRole('button', { name: 'Confirmer' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Recruteur à ajouter').fill('Rachida');
    await page.getByRole('option', { name: /Rachida Recruteuse/ }).click();
    await page.screenshot({ path: '/tmp/shots-subscriptions/staff-seats-fr.png' });
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Action enregistrée').waitFor();
    expect(await SubscriptionRecruiter.count({ where: { recruiter_id: recruiter.id } })).toBe(1);
  });

  it('shows a non-admin the development message and loads no data', async () => {
    const staffless = await makeUser({ profile: 'recruiter', email: 'pas.admin@example.test' });
    await staffless.update({ password_hash: await hashPassword('motdepasse1') });
    await browser.clearCookies();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${base}/admin/`);
    await page.reload();
    await page.getByLabel('Email').fill('pas.admin@example.test');
    await page.locator('input[name="password"]').fill('motdepasse1');
    await page.getByRole('button', { name: /connexion/i }).click();
    await page.getByTestId('not-admin').waitFor();
    expect(await page.getByTestId('not-admin').textContent()).toBe('Le site est en cours de développement, merci de votre patience.');
    expect(requests.filter((u) => u.includes('/apis/console/'))).toEqual([]);
  });

  it('starts in Dutch for a Dutch browser and offers the other languages in the locale menu', async () => {
    const dutch = await chromium.launchPersistentContext(path.join(tmp, 'chrome-nl'), {
      executablePath: '/usr/bin/chromium',
      headless: true,
      locale: 'nl-BE',
      args: CHROMIUM_ARGS,
    });
    try {
      const nlPage = dutch.pages()[0] ?? (await dutch.newPage());
      await nlPage.goto(`${base}/admin/`);
      await nlPage.getByLabel('E-mail').fill('admin@demo.test');
      await nlPage.locator('input[name="password"]').fill('demo1234');
      await nlPage.getByRole('button', { name: 'Aanmelden' }).click();
      await nlPage.getByTestId('count-line').waitFor();
      await nlPage.getByRole('menuitem', { name: 'Eigen landingspagina’s' }).click();
      await nlPage.getByRole('link', { name: 'Aanmaken' }).click();
      await nlPage.getByRole('button', { name: 'Opslaan' }).waitFor();
      const identifier = nlPage.getByLabel('Identifier');
      await identifier.pressSequentially('Winkel Één');
      expect(await identifier.inputValue()).toBe('winkel-n');
      await nlPage.getByText('Niet toegestaan: é , toegestane tekens zijn: abcdefghijklmnopqrstuvwxyz0123456789-_').first().waitFor();
      await nlPage.getByRole('button', { name: 'Nederlands' }).click();
      expect(await nlPage.getByRole('menuitem').allTextContents()).toEqual(['Français', 'Nederlands', 'English']);
      await nlPage.getByRole('menuitem', { name: 'Français' }).click();
      await nlPage.getByRole('menuitem', { name: 'Landings personnalisées' }).waitFor();
      await nlPage.getByLabel('Identifier').waitFor();
      await nlPage.getByText('Libellé du choix').waitFor();
    } finally {
      await dutch.close();
    }
  });
});
