// Issue 10, finding 10 (small ones): HTTP time limits on a real listening server, nosniff on
// static files, and the sso:provider command's --help.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { createHttpServer, HTTP_TIMEOUTS, type HttpTimeouts } from '../../api/http-server.js';
import { staticFiles } from '../../api/lib/http.js';
import { MAX_UPLOAD_BYTES } from '../../models/rules/upload.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** Opens a socket, writes `data`, and resolves with how long the server took to close it and
 *  what it answered (or `stillOpen` after `giveUpMs`). */
function stall(port: number, data: string, giveUpMs: number): Promise<{ ms: number; answer: string; stillOpen: boolean }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(data));
    socket.on('data', (d) => (answer += String(d)));
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ ms: Date.now() - started, answer, stillOpen: true });
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ ms: Date.now() - started, answer, stillOpen: false });
    });
    socket.on('error', () => undefined);
  });
}

describe('HTTP time limits (api/http-server.ts)', () => {
  const small: HttpTimeouts = { headersMs: 500, bodyMs: 400, uploadMs: 2500, keepAliveMs: 1000 };
  let server: ReturnType<typeof createHttpServer>;
  let port: number;
  beforeAll(async () => {
    server = createHttpServer(ctx.app, small);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('serves with limits far below the 5 minutes a stalled body used to hold a socket', () => {
    expect(HTTP_TIMEOUTS.headersMs).toBe(10_000);
    expect(HTTP_TIMEOUTS.bodyMs).toBe(30_000);
    // A whole 10 MB upload at 1 Mbit/s fits; still well under 5 minutes.
    expect(HTTP_TIMEOUTS.uploadMs).toBeGreaterThanOrEqual((MAX_UPLOAD_BYTES * 8) / 1000);
    expect(HTTP_TIMEOUTS.uploadMs).toBeLessThan(300_000);
    const real = createHttpServer(ctx.app);
    expect([real.headersTimeout, real.requestTimeout, real.keepAliveTimeout]).toEqual([10_000, HTTP_TIMEOUTS.uploadMs, 65_000]);
  });

  it('closes a request whose body never ends, with 408, within the body limit', async () => {
    const head = 'POST /apis/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":';
    const res = await stall(port, head, 5000);
    expect(res.stillOpen).toBe(false);
    expect(res.ms).toBeGreaterThanOrEqual(small.bodyMs - 50);
    expect(res.ms).toBeLessThan(small.bodyMs + 1000);
    expect(res.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers never end within the header limit', async () => {
    const res = await stall(port, 'GET /apis/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 5000);
    expect(res.stillOpen).toBe(false);
    expect(res.ms).toBeLessThan(small.headersMs + 1500);
  });

  it('gives an upload more time than an ordinary body, and still closes it', async () => {
    const head = 'POST /apis/upload/cv HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x\r\n';
    const res = await stall(port, head, 6000);
    expect(res.answer).toMatch(/^(HTTP\/1\.1 408|$)/);
    expect(res.stillOpen).toBe(false);
    expect(res.ms).toBeGreaterThan(small.bodyMs * 2);
    expect(res.ms).toBeLessThan(small.uploadMs + 1500);
  });

  it('does not cut an ordinary request that completes', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/apis/health`);
    expect(res.status).toBeLessThan(500);
  });
});

// The helper here; the real built server's favicon, portal assets and avatars (which would fail if
// the portal stopped serving through staticFiles) in tests/e2e/portal/static-headers.test.ts.
describe('nosniff on static files', () => {
  it('on the default avatars', async () => {
    const res = await request(ctx.app).get('/files/avatar/icon_company.png');
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("on any folder served with staticFiles (the portal's build: favicon.svg, assets)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-static-'));
    try {
      fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      const app = express().use(staticFiles(dir, { maxAge: '1h', index: false, setHeaders: (res) => res.setHeader('X-Extra', '1') }));
      const res = await request(app).get('/favicon.svg');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-extra']).toBe('1');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run sso:provider -- --help', () => {
  it('prints the usage and exits 0; an unknown option prints it and exits 2', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'api/cli/sso-provider.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/Usage:/);
    expect(help.stdout).toMatch(/--identifier/);
    const bad = run('--bogus');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/Usage:/);
  });
});
