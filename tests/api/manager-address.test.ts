// Address autocomplete (decision 110): the offline French communes by default, the national address
// API when ADDRESS_API_URL is set (here a stub on 127.0.0.1), both in the spec's address shape.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../../api/app.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { makeDraft, makeUser } from '../helpers/fixtures.js';

let offline: TestContext;
let national: { app: Express };
let stub: http.Server;
let stubMode: 'ok' | 'slow' | 'broken' = 'ok';
const asked: string[] = [];
let manager: { Authorization: string };
let managerNational: { Authorization: string };

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    if (stubMode === 'broken') return void res.writeHead(500).end('boom');
    if (stubMode === 'slow') return void setTimeout(() => res.end('{}'), 5000);
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [2.360448, 48.861149] },
            properties: {
              label: '12 Rue des Archives 75003 Paris',
              type: 'housenumber',
              housenumber: '12',
              name: '12 Rue des Archives',
              street: 'Rue des Archives',
              postcode: '75003',
              city: 'Paris',
              context: '75, Paris, Île-de-France',
            },
          },
          { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: { label: 'incomplete' } },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  offline = await createTestContext();
  manager = await bearer(await makeUser({ profile: 'manager', user_plan: 'bplan' }));
  // The same app on the same database, with ADDRESS_API_URL pointing at the stub.
  const addressApiUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  national = { app: createApp({ ...offline.deps, settings: { ...offline.settings, addressApiUrl } }) };
  managerNational = manager;
}, 60_000);
afterAll(async () => {
  await offline?.close();
  stub?.closeAllConnections();
  await new Promise((resolve) => stub?.close(resolve));
});

describe('offline provider (default)', () => {
  it('completes a city name, accents and case ignored, bigger places first, with coordinates, department and region', async () => {
    const res = await request(offline.app).get('/apis/address-search').query({ q: 'boulogne bil', limit: 3 }).set(manager);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.provider).toBe('offline');
    expect(res.body.Items[0]).toMatchObject({ city: 'Boulogne-Billancourt', zip_code: '92100', sub_area: 'Hauts-de-Seine', area: 'Île-de-France', country_iso: 'FR', street: '' });
    expect(res.body.Items[0].lat).toBeCloseTo(48.835, 1);
    const accents = await request(offline.app).get('/apis/address-search').query({ q: 'SAINT-ETIENNE' }).set(manager);
    expect(accents.body.Items[0]).toMatchObject({ city: 'Saint-Étienne', sub_area: 'Loire' });
  }, 30_000);

  it('completes a postal code, keeps a typed street, and places a commune GeoNames lacks at its department centre', async () => {
    const zip = await request(offline.app).get('/apis/address-search').query({ q: '69002' }).set(manager);
    expect(zip.body.Items).toHaveLength(1);
    expect(zip.body.Items[0]).toMatchObject({ city: 'Lyon', zip_code: '69002', sub_area: 'Rhône' });
    const street = await request(offline.app).get('/apis/address-search').query({ q: '12 rue des Archives, 75003 Paris' }).set(manager);
    expect(street.body.Items[0]).toMatchObject({ street: '12 rue des Archives', city: 'Paris', zip_code: '75003', label: '12 rue des Archives 75003 Paris' });
    // L'Abergement-de-Varey (Ain) is not in GeoNames: it gets the centre of the Ain's known communes.
    const small = await request(offline.app).get('/apis/address-search').query({ q: "L'Abergement-de-Varey" }).set(manager);
    expect(small.body.Items[0]).toMatchObject({ city: "L'Abergement-de-Varey", zip_code: '01640' });
    expect(small.body.Items[0].lat).toBeGreaterThan(45.5);
    expect(small.body.Items[0].lat).toBeLessThan(46.6);
  });

  it('refuses a too short text or a bad limit (400 with the message), anonymous (401) and candidates (403)', async () => {
    const short = await request(offline.app).get('/apis/address-search').query({ q: 'a' }).set(manager);
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: 'address_query_too_short', message: 'Tapez au moins 2 caractères de la ville, du code postal ou de l’adresse.' });
    expect((await request(offline.app).get('/apis/address-search').query({ q: 'paris', limit: 500 }).set(manager)).body.error).toBe('invalid_limit');
    expect((await request(offline.app).get('/apis/address-search').query({ q: 'paris' })).status).toBe(401);
    const candidate = await bearer(await makeUser({ profile: 'candidate' }));
    expect((await request(offline.app).get('/apis/address-search').query({ q: 'paris' }).set(candidate)).status).toBe(403);
  });
});

describe("the offer wizard's link holder (decision 172)", () => {
  it("searches with a draft's edition token and no account; a wrong token is 401", async () => {
    const draft = await makeDraft(await makeUser({ profile: 'recruiter' }));
    const res = await request(offline.app).get('/apis/address-search').query({ q: '69002', edition_token: draft.edition_token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Items[0]).toMatchObject({ city: 'Lyon', zip_code: '69002', country_iso: 'FR' });
    expect(
      (
        await request(offline.app)
          .get('/apis/address-search')
          .query({ q: '69002', edition_token: 'x'.repeat(32) })
      ).status,
    ).toBe(401);
    expect((await request(offline.app).get('/apis/address-search').query({ q: '69002', edition_token: 'short' })).status).toBe(401);
    expect((await request(offline.app).get('/apis/address-search').query({ q: 'a', edition_token: draft.edition_token })).body.error).toBe('address_query_too_short');
  });
});

describe('national address API (ADDRESS_API_URL)', () => {
  it('gives street-level results in the same shape, asking /search/?q=&limit=', async () => {
    stubMode = 'ok';
    const res = await request(national.app).get('/apis/address-search').query({ q: '12 rue des archives paris', limit: 5 }).set(managerNational);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.provider).toBe('national');
    expect(res.body.Items).toEqual([
      {
        label: '12 Rue des Archives 75003 Paris',
        lat: 48.861149,
        lng: 2.360448,
        street: '12 Rue des Archives',
        city: 'Paris',
        zip_code: '75003',
        area: 'Île-de-France',
        sub_area: 'Paris',
        country: 'France',
        country_iso: 'FR',
        kind: 'housenumber',
      },
    ]);
    expect(asked.at(-1)).toBe('/search/?q=12%20rue%20des%20archives%20paris&limit=5');
  });

  it('answers 502 with a clear message when the service fails or is too slow', async () => {
    stubMode = 'broken';
    const broken = await request(national.app).get('/apis/address-search').query({ q: 'paris' }).set(managerNational);
    expect(broken.status).toBe(502);
    expect(broken.body).toMatchObject({ error: 'address_service_unavailable', message: 'Le service d’adresses ne répond pas. Merci de réessayer.' });
    stubMode = 'slow';
    const started = Date.now();
    const slow = await request(national.app).get('/apis/address-search').query({ q: 'paris' }).set(managerNational);
    expect(slow.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(4900);
  }, 15_000);
});
