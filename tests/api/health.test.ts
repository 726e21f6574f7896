// Health probes (issue 10): /livez answers while the process runs; /readyz and /apis/health answer
// 503 (not 500) naming what failed when the database is down; /readyz is 503 while the node drains.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { Readiness } from '../../api/lib/readiness.js';

let ctx: TestContext;
const readiness = new Readiness(500);
let ffmpegThere = true;
beforeAll(async () => {
  readiness.addCheck('ffmpeg', async () => {
    if (!ffmpegThere) throw new Error('ffmpeg not found');
  });
  ctx = await createTestContext({}, { readiness });
});
afterAll(async () => ctx?.close().catch(() => undefined));

describe('probes', () => {
  it('answer 200 at the root, not the portal, and are not cached', async () => {
    const live = await request(ctx.app).get('/livez');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ ok: true });
    const ready = await request(ctx.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ready: true, checks: { database: 'ok', storage: 'ok', ffmpeg: 'ok' }, failed: [] });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('name a failed check of their own (the hook for future checks) with 503', async () => {
    ffmpegThere = false;
    const ready = await request(ctx.app).get('/readyz');
    ffmpegThere = true;
    expect(ready.status).toBe(503);
    expect(ready.body.failed).toEqual(['ffmpeg']);
    expect(ready.body.checks).toEqual({ database: 'ok', storage: 'ok', ffmpeg: 'failed' });
    // What went wrong is for the node's log, not for whoever asks.
    expect(ready.text).not.toContain('not found');
  });

  it('answer 503 on /readyz while the node drains, /livez still 200', async () => {
    readiness.drain();
    const ready = await request(ctx.app).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.failed).toEqual(['shutting_down']);
    expect((await request(ctx.app).get('/livez')).status).toBe(200);
    expect((await request(ctx.app).get('/apis/health')).status).toBe(200);
  });

  it('answer 503 naming the database when it is down (last: the database stays closed)', async () => {
    await ctx.db.sequelize.close();
    const health = await request(ctx.app).get('/apis/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ ok: false, error: 'database_unavailable', message: 'Le service est momentanément indisponible. Merci de réessayer dans quelques instants.' });
    const ready = await request(ctx.app).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.failed).toContain('database');
    expect(ready.body.checks.database).toBe('failed');
    expect(ready.text).not.toMatch(/closed|connection|sequelize/i);
    expect((await request(ctx.app).get('/livez')).status).toBe(200);
  });
});
