// The published offer page shows what the wizard collected and candidates look for first (issue 24):
// contract type, salary, experience and study level, named in the page's language (never the stored
// value), on a 360 px phone in French, English and Dutch.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible, expectNoHorizontalScroll, launch, phonePage } from '../helpers/browser.js';

const SHOTS = '/tmp/shots-recruiter';
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

// The demo's CAFE75: cdi, 1800 to 2000 EUR per month, less than 6 months, no requirement.
const WANT = {
  fr: { contract: ['Contrat', 'CDI'], salary: ['Salaire', /^1\s800\s€ – 2\s000\s€ par mois$/], experience: ['Expérience', 'Moins de 6 mois'], graduation: ["Niveau d'études", 'Peu importe'] },
  en: {
    contract: ['Contract', 'Permanent contract'],
    salary: ['Salary', '€1,800 – €2,000 per month'],
    experience: ['Experience', 'Less than 6 months'],
    graduation: ['Education level', 'No requirement'],
  },
  nl: {
    contract: ['Contract', 'Vast contract (onbepaalde duur)'],
    salary: ['Salaris', /^€\s1\.800 – €\s2\.000 per maand$/],
    experience: ['Ervaring', 'Minder dan 6 maanden'],
    graduation: ['Opleidingsniveau', 'Maakt niet uit'],
  },
} as const;

describe('the offer page shows contract, salary, experience and study level', () => {
  for (const [lang, facts] of Object.entries(WANT)) {
    it(`in ${lang}`, async () => {
      const page = await phonePage(browser);
      const res = await page.goto(`/candidate/offer/CAFE75?lang=${lang}`);
      expect(res?.status()).toBe(200);
      for (const [key, [label, value]] of Object.entries(facts)) {
        const fact = page.getByTestId(`offer-fact-${key}`);
        expect(await fact.locator('dt').textContent(), key).toBe(label);
        const text = (await fact.locator('dd').textContent())!;
        if (typeof value === 'string') expect(text, key).toBe(value);
        else expect(text, key).toMatch(value);
      }
      const shown = await page.getByTestId('offer-facts').textContent();
      for (const raw of ['cdi', 'lt_6m', 'no_care', 'month']) expect(shown).not.toMatch(new RegExp(`\\b${raw}\\b`));
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/offer-facts-${lang}.png` });
      await page.context().close();
    });
  }
});
