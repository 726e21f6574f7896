import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { ErrorRequestHandler } from 'express';
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
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('compresses large bodies for clients that accept gzip, and only for them', async () => {
    const gz = await request(ctx.app).get('/apis/config/fr').set('accept-encoding', 'gzip');
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await request(ctx.app).get('/apis/config/fr').set('accept-encoding', '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.job_cat.length).toBeGreaterThan(5);
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

describe('sessions', () => {
  it('turns a bearer token into the caller, and ignores unknown or expired ones', async () => {
    const { makeUser } = await import('../helpers/fixtures.js');
    const { bearer } = await import('../helpers/auth.js');
    const { requireUser } = await import('../../api/auth/guards.js');
    const express = (await import('express')).default;
    const { loadCaller } = await import('../../api/auth/sessions.js');
    const user = await makeUser({ profile: 'recruiter' });
    const app = express();
    let now = Date.now();
    app.use(loadCaller(() => new Date(now), 600));
    app.get('/me', requireUser, (req, res) => res.json({ id: req.caller!.user.id }));
    const onError: ErrorRequestHandler = (err, _req, res, _next) => {
      res.status(err.status).json({ error: err.code });
    };
    app.use(onError);
    const h = await bearer(user);
    expect((await request(app).get('/me').set(h)).body).toEqual({ id: user.id });
    expect((await request(app).get('/me').set({ Authorization: 'Bearer nope' })).status).toBe(401);
    now += 91 * 24 * 3600_000;
    expect((await request(app).get('/me').set(h)).status).toBe(401);
  });
});

describe('stored files', () => {
  it('serves the default pictures the spec names, and never the content-type sidecars', async () => {
    const company = await request(ctx.app).get('/files/avatar/icon_company.png');
    expect(company.status).toBe(200);
    expect(company.headers['content-type']).toBe('image/png');
    expect((await request(ctx.app).get('/files/avatar/icon_recruiter.png')).status).toBe(200);
    await ctx.deps.storage.put('picture/abcd1234.png', Buffer.from('\x89PNG x'), 'image/png');
    const png = await request(ctx.app).get('/files/picture/abcd1234.png');
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    expect((await request(ctx.app).get('/files/picture/abcd1234.png.type')).status).not.toBe(200);
    // CVs and stories are private, even under keys of the old short shape (decision 085).
    await ctx.deps.storage.put('picture/abcd1234.pdf', Buffer.from('%PDF-1.4 x'), 'application/pdf');
    expect((await request(ctx.app).get('/files/picture/abcd1234.pdf')).status).toBe(404);
    expect((await request(ctx.app).get('/files/picture/abcd1234.pdf.type')).status).not.toBe(200);
  });
});
