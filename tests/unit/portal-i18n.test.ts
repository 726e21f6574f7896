// The portal's three catalogs hold the same keys, no empty text, and the same placeholders; the
// texts of a page family's own catalog (pages/, decision 380) are drawn by that family's files only.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fr from '../../portal/app/i18n/fr.js';
import nl from '../../portal/app/i18n/nl.js';
import en from '../../portal/app/i18n/en.js';
import { messagesFor, pageTexts } from '../../portal/app/i18n/catalogs.server.js';
import { makeT } from '../../portal/app/i18n/index.js';
import type { TextPart } from '../../portal/app/i18n/registry.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const APP = path.resolve(import.meta.dirname, '../../portal/app');

/** Each language's texts, per catalog: the common one and each page family's. */
const catalogs = (['fr', 'nl', 'en'] as const).map((lang) => ({ lang, parts: { common: { fr, nl, en }[lang] as Record<string, string>, ...pageTexts[lang] } }));

/** The files of each page family: only they may draw its own texts. */
const FAMILY_FILES: Record<TextPart, RegExp[]> = {
  wizard: [/^components\/wizard\//, /^routes\/draft\.offer\./],
  subscription: [/^routes\/subscription\./],
  feedback: [/^routes\/feedback\./, /^components\/StoryPlayer\./],
  home: [/^routes\/_index\./, /^routes\/presentation/, /^lib\/presentation\./],
  landing: [/^routes\/landing\./],
  interview: [/^components\/apply\//, /^routes\/candidate\.apply\./],
};
/** The routes that draw a family's texts in the browser, and so name it in handle.texts. */
const FAMILY_ROUTES: Record<TextPart, string[]> = {
  wizard: ['routes/draft.offer.$token.($step).tsx'],
  subscription: ['routes/subscription.tsx'],
  feedback: ['routes/feedback.$shareId.tsx'],
  home: ['routes/_index.tsx'],
  landing: ['routes/landing.$customer.tsx'],
  // The apply page loads the interview's texts with the recorder's code, not in its handle.
  interview: [],
};

function sources(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !/^i18n\//.test(path.relative(APP, p))) out.set(path.relative(APP, p), fs.readFileSync(p, 'utf8'));
    }
  };
  walk(APP);
  return out;
}

describe('portal catalogs', () => {
  it('have the same keys in fr, nl and en, each in one catalog', () => {
    for (const part of Object.keys(catalogs[0].parts) as Array<keyof (typeof catalogs)[0]['parts']>) {
      const keys = Object.keys(catalogs[0].parts[part]).sort();
      for (const { lang, parts } of catalogs) expect(Object.keys(parts[part]).sort(), `${lang} ${part}`).toEqual(keys);
    }
    const all = Object.values(catalogs[0].parts).flatMap((c) => Object.keys(c));
    expect(new Set(all).size).toBe(all.length);
  });

  it('have no empty text and the same placeholders in every language', () => {
    for (const [key, text] of Object.entries(messagesFor('fr'))) {
      for (const other of [messagesFor('nl'), messagesFor('en')] as Array<Record<string, string>>) {
        expect(other[key].trim(), key).not.toBe('');
        expect(placeholders(other[key]), key).toEqual(placeholders(text));
      }
    }
  });

  it('give Spanish visitors the English texts and fill placeholders, the page families’ texts included', () => {
    expect(messagesFor('es')).toBe(messagesFor('en'));
    expect(makeT(messagesFor('fr'))('landing_step', { n: 2 })).toBe('Étape 2/2');
    expect(makeT(messagesFor('nl'))('feedback_max_views')).toContain('Maximaal aantal weergaven');
    expect(makeT(messagesFor('en'))('feedback_max_views')).toBe('Maximum views reached. Contact the recruiter for a new link.');
    expect(makeT(messagesFor('fr'))('site_name')).toBe('Recrutement vidéo');
  });

  it('keep in a page family’s catalog only texts its own files draw, and its routes name it', () => {
    const src = sources();
    // Keys built from a prefix (`offer_fact_${…}`) count as used by the file that builds them.
    const prefixes = new Map([...src].map(([f, s]) => [f, [...s.matchAll(/`([a-z]+_[a-z_]*)\$\{/g)].map((m) => m[1])]));
    const users = (key: string) => [...src].filter(([f, s]) => new RegExp(`['"\`]${key}['"\`]`).test(s) || prefixes.get(f)!.some((p) => key.startsWith(p))).map(([f]) => f);
    for (const [part, texts] of Object.entries(pageTexts.fr) as Array<[TextPart, Record<string, string>]>) {
      for (const key of Object.keys(texts)) {
        const files = users(key);
        expect(files.length, `${part}: ${key} is drawn nowhere`).toBeGreaterThan(0);
        for (const f of files)
          expect(
            FAMILY_FILES[part].some((r) => r.test(f)),
            `${key} (${part}) drawn by ${f}`,
          ).toBe(true);
      }
      for (const route of FAMILY_ROUTES[part]) expect(src.get(route), route).toContain(`handle = { texts: ['${part}'] }`);
    }
    expect(src.get('routes/candidate.apply.$jobCode.tsx')).toContain("loadMessages(lang, ['interview'])");
  });
});
