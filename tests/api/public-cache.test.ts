// The public read cache (api/lib/public-cache.ts, decision 151): anonymous reads of the public offer
// and of the reference lists come from memory for PUBLIC_CACHE_MS, before the app, through the HTTP
// server as scripts/server.ts builds it; they answer with the same headers and bytes (compressed as the
// app compressed them), their own request ids, log lines, metrics and 304s; a signed-in caller, a
// successful write or the end of the TTL reads the database again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import http from 'node:http';
import { Offer } from '../../models/index.js';
import { createHttpServer, HTTP_TIMEOUTS } from '../../api/http-server.js';
import { earlyAnswers } from '../../api/app.js';
import { registry } from '../../api/lib/metrics.js';

let ctx: TestContext;
let server: http.Server;
const T0 = Date.UTC(2031, 0, 6, 9, 0, 0);
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_CACHE_MS: '5000' });
  server = createHttpServer(ctx.app, HTTP_TIMEOUTS, earlyAnswers(ctx.app, ctx.deps));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await ctx?.close();
});

let seq = 0;
async function openOffer(title: string) {
  const recruiter = await makeUser({ profile: 'recruiter' });
  const jobCode = `PC${String(++seq).padStart(4, '0')}`;
  await makeOffer(recruiter, { job_code: jobCode, title, state: 'available', questions: ['Un ?', 'Deux ?', 'Trois ?'] });
  return jobCode;
}
const retitle = (jobCode: string, title: string) => Offer.update({ title }, { where: { job_code: jobCode } });
const withoutId = (headers: Record<string, unknown>) => {
  const { 'x-request-id': _id, date: _date, ...rest } = headers;
  return rest;
};

describe('public read cache', () => {
  it('answers a second anonymous read from memory, with the same headers and bytes and its own request id', async () => {
    ctx.setNow(T0);
    const code = await openOffer('Boulanger');
    const first = await request(server).get(`/apis/list-offers/${code}`);
    expect(first.status).toBe(200);
    await retitle(code, 'Pâtissier');
    const second = await request(server).get(`/apis/list-offers/${code}`);
    expect(second.status).toBe(200);
    expect(second.body.title).toBe('Boulanger');
    expect(second.text).toBe(first.text);
    expect(withoutId(second.headers)).toEqual(withoutId(first.headers));
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('answers 304 to a matching If-None-Match from memory', async () => {
    ctx.setNow(T0);
    const code = await openOffer('Caissier');
    const first = await request(server).get(`/apis/list-offers/${code}`);
    const again = await request(server).get(`/apis/list-offers/${code}`).set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('reads the database again once PUBLIC_CACHE_MS has passed', async () => {
    ctx.setNow(T0);
    const code = await openOffer('Serveur');
    await request(server).get(`/apis/list-offers/${code}`);
    await retitle(code, 'Barman');
    ctx.setNow(T0 + 4999);
    expect((await request(server).get(`/apis/list-offers/${code}`)).body.title).toBe('Serveur');
    ctx.setNow(T0 + 5000);
    expect((await request(server).get(`/apis/list-offers/${code}`)).body.title).toBe('Barman');
  });

  it('never serves a caller who sends a cookie or a bearer token from memory', async () => {
    ctx.setNow(T0);
    const code = await openOffer('Livreur');
    await request(server).get(`/apis/list-offers/${code}`);
    await retitle(code, 'Coursier');
    expect((await request(server).get(`/apis/list-offers/${code}`).set('Cookie', 'lang=fr')).body.title).toBe('Coursier');
    expect((await request(server).get(`/apis/list-offers/${code}`).set('Authorization', 'Bearer nothing')).body.title).toBe('Coursier');
  });

  it('empties after a successful write on this node, and not after a refused one', async () => {
    ctx.setNow(T0);
    const code = await openOffer('Vendeur');
    await request(server).get(`/apis/list-offers/${code}`);
    await retitle(code, 'Conseiller');
    const refused = await request(server).post('/apis/submit-interest').send({ job_code: code });
    expect(refused.status).toBe(400);
    expect((await request(server).get(`/apis/list-offers/${code}`)).body.title).toBe('Vendeur');
    const stored = await request(server)
      .post('/apis/submit-interest')
      .send({ job_code: code, email: `lead${seq}@example.test`, phone_number: '+33 6 12 34 56 78', firstname: 'Zoé', lastname: 'Martin', accept_cgu: true });
    expect(stored.status).toBeLessThan(300);
    expect((await request(server).get(`/apis/list-offers/${code}`)).body.title).toBe('Conseiller');
  });

  it('keeps no error: a closed offer answers 404 every time, and its reopening shows at once', async () => {
    ctx.setNow(T0);
    const code = await openOffer('Plongeur');
    await Offer.update({ state: 'closed' }, { where: { job_code: code } });
    expect((await request(server).get(`/apis/list-offers/${code}`)).status).toBe(404);
    await Offer.update({ state: 'available' }, { where: { job_code: code } });
    expect((await request(server).get(`/apis/list-offers/${code}`)).status).toBe(200);
  });

  it('keeps the reference lists per language', async () => {
    ctx.setNow(T0);
    const fr = await request(server).get('/apis/config/fr');
    const frAgain = await request(server).get('/apis/config/fr');
    const nl = await request(server).get('/apis/config/nl');
    expect(frAgain.text).toBe(fr.text);
    expect(frAgain.headers['content-language']).toBe('fr');
    expect(nl.headers['content-language']).toBe('nl');
    expect(nl.text).not.toBe(fr.text);
  });

  it('keeps the compressed answer per Accept-Encoding, as the app compressed it', async () => {
    ctx.setNow(T0);
    const gzip = await request(server).get('/apis/config/en').set('Accept-Encoding', 'gzip');
    const again = await request(server).get('/apis/config/en').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers.vary).toBe(gzip.headers.vary);
    expect(again.text).toBe(gzip.text);
    // A client that asks for no compression gets the plain bytes, not the kept gzip ones.
    const plain = await request(server).get('/apis/config/en').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(gzip.text);
  });

  it('counts an answer from memory in the metrics under its route, and leaves HEAD to the app', async () => {
    ctx.setNow(T0);
    const code = await openOffer('Commis');
    const line = `http_request_duration_seconds_count{method="GET",route="/apis/list-offers/:job_code",status="200"}`;
    const count = async () => Number(new RegExp(`^${line.replace(/[{}()[\]/.*+?^$|\\]/g, '\\$&')} (\\d+)$`, 'm').exec(await registry.metrics())?.[1] ?? 0);
    await request(server).get(`/apis/list-offers/${code}`);
    const before = await count();
    await retitle(code, 'Chef de partie');
    const kept = await request(server).get(`/apis/list-offers/${code}`);
    expect(kept.body.title).toBe('Commis');
    expect(await count()).toBe(before + 1);
    const head = await request(server).head(`/apis/list-offers/${code}`);
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
  });
});
