// Per-address limits on anonymous writes (docs/decisions/095-anonymous-write-limits.md) and the
// TRUST_PROXY setting that decides what "address" means (docs/decisions/096-trust-proxy.md).
// The outside probe's cases: 20 × 1 MB CVs and 60 applications from one address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { makeApplication, makeOffer, makeShareLink, makeUser } from '../helpers/fixtures.js';
import type { Express } from 'express';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { createApp } from '../../api/app.js';
import { loadSettings } from '../../config/settings.js';
import { LIMITS } from '../../api/auth/throttle.js';
import { AuthAttempt, LandingInterest, Upload, type Offer } from '../../models/index.js';

let ctx: TestContext;
let offer: Offer;
beforeAll(async () => {
  ctx = await createTestContext();
  offer = await makeOffer(await makeUser({ profile: 'recruiter' }));
});
afterAll(async () => ctx?.close());

const megabytePdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024 - 9, 0x20)]);
let n = 0;
const application = () => ({
  job_code: offer.job_code,
  email: `probe+${++n}@example.fr`,
  phone_number: '+33 6 12 34 56 78',
  firstname: 'Léa',
  lastname: 'Dupont',
  accept_cgu: true,
  use_cv: false,
});

describe('anonymous write limits, per address', () => {
  it('limits 20 × 1 MB CVs from one address to 10 in 10 minutes; another address still uploads', async () => {
    const ip = '203.0.113.20';
    const before = await Upload.count();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await request(ctx.app).post('/apis/upload/cv').set('X-Forwarded-For', ip).attach('file', megabytePdf(), { filename: 'cv.pdf', contentType: 'application/pdf' });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toEqual({ error: 'too_many_requests', message: 'Trop de demandes depuis votre connexion. Merci de réessayer dans quelques minutes.' });
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await Upload.count()).toBe(before + 10);
    const other = await request(ctx.app).post('/apis/upload/cv').set('X-Forwarded-For', '203.0.113.21').attach('file', megabytePdf(), { filename: 'cv.pdf', contentType: 'application/pdf' });
    expect(other.status).toBe(201);
  });

  it('limits 60 concurrent applications from one address to 10, answered in the form of submit-interest', async () => {
    const ip = '203.0.113.60';
    const before = await LandingInterest.count();
    const results = await Promise.all(Array.from({ length: 60 }, () => request(ctx.app).post('/apis/submit-interest').set('X-Forwarded-For', ip).set('accept-language', 'en').send(application())));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    expect(results.find((r) => r.status === 429)!.body).toEqual({
      success: false,
      error: 'too_many_requests',
      message: 'Too many requests from your connection. Please try again in a few minutes.',
    });
    expect(await LandingInterest.count()).toBe(before + 10);
    const other = await request(ctx.app).post('/apis/submit-interest').set('X-Forwarded-For', '203.0.113.61').send(application());
    expect(other.status).toBe(201);
  });

  it('opens again once the window has passed', async () => {
    const ip = '203.0.113.62';
    const t0 = Date.parse('2030-03-01T10:00:00Z');
    ctx.setNow(t0);
    try {
      for (let i = 0; i < 10; i++) expect((await request(ctx.app).post('/apis/submit-interest').set('X-Forwarded-For', ip).send(application())).status).toBe(201);
      expect((await request(ctx.app).post('/apis/submit-interest').set('X-Forwarded-For', ip).send(application())).status).toBe(429);
      ctx.setNow(t0 + LIMITS.apply(ip).windowMs + 1);
      expect((await request(ctx.app).post('/apis/submit-interest').set('X-Forwarded-For', ip).send(application())).status).toBe(201);
    } finally {
      ctx.setNow(undefined);
    }
  });

  it('limits share views (60) and feedback (10) per address', async () => {
    const recruiter = await makeUser({ profile: 'recruiter' });
    const app = await makeApplication(await makeUser({ profile: 'candidate' }), await makeOffer(recruiter));
    const ip = '203.0.113.70';
    // Views: spread over two links (each link also has its own 50-view cap).
    const links = [await makeShareLink(app, recruiter), await makeShareLink(app, recruiter)];
    const viewIds: string[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await request(ctx.app)
        .get(`/apis/share-apply/${links[i % 2].share_id}`)
        .set('X-Forwarded-For', ip);
      expect(res.status).toBe(200);
      viewIds.push(res.body.viewId);
    }
    const view61 = await request(ctx.app).get(`/apis/share-apply/${links[0].share_id}`).set('X-Forwarded-For', ip);
    expect(view61.status).toBe(429);
    expect(view61.body.error).toBe('too_many_requests');
    expect((await request(ctx.app).get(`/apis/share-apply/${links[0].share_id}`).set('X-Forwarded-For', '203.0.113.71')).status).toBe(200);
    const feedback = (i: number, from: string) =>
      request(ctx.app)
        .post('/apis/share-apply')
        .set('X-Forwarded-For', from)
        .send({ share_id: links[i % 2].share_id, view_id: viewIds[i], name: 'Marc Leroy', feedback: 1 });
    for (let i = 0; i < 10; i++) expect((await feedback(i, ip)).status).toBe(200);
    expect((await feedback(10, ip)).status).toBe(429);
    expect((await feedback(11, '203.0.113.72')).status).toBe(200);
  });

  it('counts in the database, so the limit holds across processes', async () => {
    const ip = '203.0.113.80';
    await AuthAttempt.bulkCreate(Array.from({ length: 10 }, () => ({ bucket: LIMITS.upload(`ip:${ip}`).bucket, at: new Date() })));
    const res = await request(ctx.app).post('/apis/upload/cv').set('X-Forwarded-For', ip).attach('file', megabytePdf(), { filename: 'cv.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  // The same app and database, with TRUST_PROXY read by the one settings reader.
  const appWith = (env: Record<string, string>) => createApp({ ...ctx.deps, settings: { ...ctx.settings, trustProxy: loadSettings(env).trustProxy } });
  const tryFrom = (app: Express, job: string, i: number) =>
    request(app)
      .post('/apis/submit-interest')
      .set('X-Forwarded-For', `198.51.100.${i + 1}`)
      .send({ ...application(), job_code: job });

  it('is off by default: X-Forwarded-For does not change the address the limits count', async () => {
    const plain = appWith({});
    const o = await makeOffer(await makeUser({ profile: 'recruiter' }));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await tryFrom(plain, o.job_code, i)).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('with TRUST_PROXY=loopback, the address is the one the proxy on loopback forwards', async () => {
    const proxied = appWith({ TRUST_PROXY: 'loopback' });
    const o = await makeOffer(await makeUser({ profile: 'recruiter' }));
    for (let i = 0; i < 15; i++) expect((await tryFrom(proxied, o.job_code, i + 100)).status).toBe(201);
  });
});
