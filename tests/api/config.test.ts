import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { referenceLists } from '../../config/reference/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const LISTS = ['job_cat', 'cont_type', 'candidate_experience', 'candidate_graduation', 'pay_currency', 'pay_period', 'q_template', 'languages'];
const values = (list: Array<{ value: string }>) => list.map((c) => c.value);

describe('GET /apis/config/{lang}', () => {
  it('answers every reference list, each choice a {name, value}', async () => {
    const res = await request(ctx.app).get('/apis/config/fr');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(Object.keys(res.body).sort()).toEqual([...LISTS].sort());
    for (const list of LISTS) {
      expect(res.body[list].length).toBeGreaterThan(0);
      for (const choice of res.body[list]) {
        expect(Object.keys(choice).sort()).toEqual(['name', 'value']);
        expect(typeof choice.name).toBe('string');
        expect(choice.name.length).toBeGreaterThan(0);
      }
    }
  });

  it('uses the spec enumerations exactly', async () => {
    const { body } = await request(ctx.app).get('/apis/config/fr');
    expect(values(body.cont_type).sort()).toEqual(['alternance', 'cdd', 'cdi', 'indep', 'interim', 'stage', 'vie']);
    expect(values(body.pay_period)).toEqual(['month', 'day', 'year', 'hour']);
    expect(values(body.pay_currency)).toEqual(['EUR', 'USD']);
    expect(values(body.candidate_graduation)).toEqual(['no_care', 'unqualified', 'cap', 'bep', 'bac', 'bac1', 'bac2', 'bac3', 'bac4', 'bac5', 'bac_5_plus']);
    expect(values(body.candidate_experience)).toEqual(['none', 'lt_6m', '6m_2y', '2y_5y', '5y_10y', 'gt_10y']);
    expect(values(body.languages)).toEqual(['fr', 'nl']);
    expect(body.job_cat.length).toBeGreaterThanOrEqual(18);
    expect(body.q_template.length).toBeGreaterThanOrEqual(10);
    expect(new Set(values(body.job_cat)).size).toBe(body.job_cat.length);
    expect(new Set(values(body.q_template)).size).toBe(body.q_template.length);
  });

  it('translates names into French, Dutch and English; values stay the same', async () => {
    const fr = (await request(ctx.app).get('/apis/config/fr')).body;
    const nl = (await request(ctx.app).get('/apis/config/nl')).body;
    const en = (await request(ctx.app).get('/apis/config/en')).body;
    expect(fr.q_template[0]).toEqual({ name: 'Présentez-vous en une minute.', value: 'pitch' });
    expect(nl.q_template[0]).toEqual({ name: 'Stel jezelf voor in één minuut.', value: 'pitch' });
    expect(en.q_template[0]).toEqual({ name: 'Introduce yourself in one minute.', value: 'pitch' });
    expect(fr.languages).toEqual([
      { name: 'Français', value: 'fr' },
      { name: 'Néerlandais', value: 'nl' },
    ]);
    expect(nl.languages[1]).toEqual({ name: 'Nederlands', value: 'nl' });
    expect(en.candidate_experience[1]).toEqual({ name: 'Less than 6 months', value: 'lt_6m' });
    for (const list of LISTS) {
      expect(values(nl[list])).toEqual(values(fr[list]));
      expect(values(en[list])).toEqual(values(fr[list]));
    }
    // every name is really translated somewhere: the lists differ between languages
    expect(nl.job_cat.map((c: { name: string }) => c.name)).not.toEqual(fr.job_cat.map((c: { name: string }) => c.name));
    expect(en.cont_type.map((c: { name: string }) => c.name)).not.toEqual(fr.cont_type.map((c: { name: string }) => c.name));
    expect(res(fr.pay_currency, 'EUR')).toBe('Euros (€)');
  });

  it('answers Spanish with the English names and an unknown language with the French ones', async () => {
    const en = await request(ctx.app).get('/apis/config/en');
    const es = await request(ctx.app).get('/apis/config/es');
    expect(es.status).toBe(200);
    expect(es.body).toEqual(en.body);
    const fr = await request(ctx.app).get('/apis/config/fr');
    for (const lang of ['de', 'xx', 'FR', 'zz-top']) {
      const other = await request(ctx.app).get(`/apis/config/${lang}`);
      expect(other.status).toBe(200);
      expect(other.body).toEqual(fr.body);
    }
    const nlBe = await request(ctx.app).get('/apis/config/nl-BE');
    expect(nlBe.body.languages[1].name).toBe('Nederlands');
    expect((await request(ctx.app).get('/apis/config')).body).toEqual(fr.body);
  });

  it('is cacheable: Cache-Control, a stable ETag per language, 304 on If-None-Match', async () => {
    const first = await request(ctx.app).get('/apis/config/nl');
    expect(first.headers['cache-control']).toMatch(/public/);
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await request(ctx.app).get('/apis/config/nl');
    expect(again.headers.etag).toBe(etag);
    const fr = await request(ctx.app).get('/apis/config/fr');
    expect(fr.headers.etag).not.toBe(etag);
    const cached = await request(ctx.app).get('/apis/config/nl').set('If-None-Match', etag);
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');
    const stale = await request(ctx.app).get('/apis/config/nl').set('If-None-Match', '"other"');
    expect(stale.status).toBe(200);
  });

  it('builds the lists once per language (the same frozen object every time)', () => {
    const a = referenceLists('fr');
    expect(referenceLists('fr')).toBe(a);
    expect(referenceLists('de')).toBe(a);
    expect(Object.isFrozen(a.job_cat[0])).toBe(true);
    expect(referenceLists('es')).toEqual(referenceLists('en'));
  });
});

function res(list: Array<{ name: string; value: string }>, value: string) {
  return list.find((c) => c.value === value)?.name;
}
