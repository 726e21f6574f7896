import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { adminConsole } from '../../api/admin-console.js';

describe('/admin mount', () => {
  it('serves the built console: assets, and index.html for every /admin path', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-build-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    const app = express();
    adminConsole(dir)(app, { storage: { privateReadOrigin: null } } as never);
    for (const p of ['/admin', '/admin/', '/admin/user/123', '/admin/custom-landings']) {
      const res = await request(app).get(p);
      expect(res.status, p).toBe(200);
      expect(res.text).toContain('id="root"');
    }
    const js = await request(app).get('/admin/assets/app.js');
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect((await request(app).get('/other')).status).toBe(404);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
