import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { migrate } from '../../models/migrator.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('server foundation', () => {
  it('answers health on the real database', async () => {
    const res = await request(ctx.app).get('/apis/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('answers an unknown /apis path with a JSON 404', async () => {
    const res = await request(ctx.app).get('/apis/nope/nothing');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('route_not_found');
    expect(res.body.message).toBe('Cette adresse n’existe pas.');
  });

  it('refuses malformed JSON with 400 and oversized JSON with 413', async () => {
    const bad = await request(ctx.app).post('/apis/health').set('content-type', 'application/json').send('{"a":');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_json');
    const big = await request(ctx.app)
      .post('/apis/health')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(1_100_000) }));
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('payload_too_large');
  });

  it('sets security headers', async () => {
    const res = await request(ctx.app).get('/apis/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('runs migrations again without change (idempotent)', async () => {
    expect(await migrate(ctx.db.sequelize)).toEqual([]);
  });

  it('speaks the caller language: ?lang, then Accept-Language, then French', async () => {
    const en = await request(ctx.app).get('/apis/nope').set('accept-language', 'en-GB,en;q=0.9');
    expect(en.body.message).toBe('This address does not exist.');
    const nl = await request(ctx.app).get('/apis/nope?lang=nl').set('accept-language', 'en');
    expect(nl.body.message).toBe('Dit adres bestaat niet.');
    const es = await request(ctx.app).get('/apis/nope?lang=es');
    expect(es.body.message).toBe('This address does not exist.');
  });
});
