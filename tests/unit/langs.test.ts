// One language list and one Accept-Language negotiation for the API (req.acceptsLanguages) and
// the portal (langFromAcceptLanguage, the same Express code on a bare header).
import { describe, expect, it } from 'vitest';
import express from 'express';
import request from 'supertest';
import { detectLang } from '../../api/lib/http.js';
import { langFromAcceptLanguage } from '../../config/i18n/index.js';
import { catalogLang, normalizeLang } from '../../config/i18n/langs.js';

const HEADERS: Array<[string | undefined, string]> = [
  [undefined, 'fr'],
  ['', 'fr'],
  ['nl-BE,nl;q=0.9,en;q=0.8', 'nl'],
  ['de-DE, en;q=0.5', 'en'],
  ['de, nl;q=0.2, es;q=0.4', 'es'],
  ['de', 'fr'],
  ['*', 'fr'],
  ['en-GB;q=0.3, fr-BE;q=0.9', 'fr'],
];

describe('language negotiation', () => {
  it('picks the same language in the API and the portal', async () => {
    const app = express();
    app.use(detectLang);
    app.get('/', (req, res) => res.json({ lang: req.lang }));
    for (const [header, lang] of HEADERS) {
      expect(langFromAcceptLanguage(header), String(header)).toBe(lang);
      const req = request(app).get('/');
      if (header !== undefined) req.set('accept-language', header);
      expect((await req).body.lang, String(header)).toBe(lang);
    }
  });

  it('lets ?lang win in the API when it names one of ours', async () => {
    const app = express();
    app.use(detectLang);
    app.get('/', (req, res) => res.json({ lang: req.lang }));
    expect((await request(app).get('/?lang=nl-BE').set('accept-language', 'en')).body.lang).toBe('nl');
    expect((await request(app).get('/?lang=de').set('accept-language', 'en')).body.lang).toBe('en');
  });

  it('normalizes stored languages and reads Spanish from the English catalogue', () => {
    expect(normalizeLang('NL-be')).toBe('nl');
    expect(normalizeLang('de')).toBe('fr');
    expect(normalizeLang(null)).toBe('fr');
    expect(catalogLang('es')).toBe('en');
    expect(catalogLang('nl')).toBe('nl');
  });
});
