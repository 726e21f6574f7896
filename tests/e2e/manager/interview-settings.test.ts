// The template form's interview settings (decision 405) in the manager area, French and English, at
// 360 px: labelled, with named choices (no raw key, no raw value), saved into the template.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { Template } from '../../../models/index.js';
import { demoManagerServer } from './setup.js';

const demo = demoManagerServer();
const shots = process.env.SHOTS_DIR ?? fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'vrp-template-shots-'));
/** A catalog key, or a setting's stored value, shown as it is. */
const RAW = /\b(manager|resources|ra|console)\.[a-z_]+(\.[a-z_0-9]+)*\b|\bunlimited\b|\bpress\b/;

async function pageIn(locale: string, at: string): Promise<Page> {
  const context = await demo.s.browser.newContext({ viewport: { width: 360, height: 740 }, locale, baseURL: demo.s.base });
  const page = await context.newPage();
  const res = await page.request.post(`${demo.s.base}/apis/auth/login`, { data: { email: 'manager@demo.test', password: 'demo1234' } });
  expect(res.status()).toBe(200);
  await page.goto(`${demo.s.base}${at}`);
  return page;
}

describe('the template form', () => {
  it('shows the settings in French and English and saves them', async () => {
    const template = (await Template.findOne({ where: { owner_id: demo.manager.id } }))!;
    // English first: the French pass then changes the template and saves it.
    for (const [locale, names] of [
      ['en-GB', { think: 'Thinking time', answer: 'Answer length', retakes: 'Retakes', press: 'As long as they like', unlimited: 'Unlimited', save: 'Save' }],
      [
        'fr-FR',
        {
          think: 'Temps de réflexion',
          answer: 'Durée de chaque réponse',
          retakes: 'Nouvelles prises',
          press: 'Au choix du candidat',
          unlimited: 'Illimitées',
          save: 'Enregistrer',
        },
      ],
    ] as const) {
      const page = await pageIn(locale, `/manager/template/${template.id}`);
      const think = page.getByRole('combobox', { name: names.think });
      await think.waitFor({ timeout: 30_000 });
      expect(await think.textContent()).toBe(names.press);
      expect(await page.getByRole('combobox', { name: names.answer }).textContent()).toBe('1 min');
      expect(await page.getByRole('combobox', { name: names.retakes }).textContent()).toBe(names.unlimited);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('form').innerText()).not.toMatch(RAW);
      await think.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `template-settings-${locale.slice(0, 2)}.png`) });
      if (locale === 'fr-FR') {
        await page.getByRole('combobox', { name: names.answer }).click();
        await page.getByRole('option', { name: '15 s', exact: true }).click();
        await page.getByRole('combobox', { name: names.retakes }).click();
        await page.getByRole('option', { name: '1', exact: true }).click();
        await page.getByRole('combobox', { name: names.think }).click();
        await page.getByRole('option', { name: '30 s', exact: true }).click();
        await page.getByRole('button', { name: names.save }).click();
        await expect.poll(async () => (await Template.findByPk(template.id))!.content, { timeout: 15_000 }).toMatchObject({ think_seconds: 30, answer_seconds: 15, retakes: 1 });
      }
      await page.context().close();
    }
  }, 180_000);
});
