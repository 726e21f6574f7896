// GET /apis/qrcode (public-web.md section 7): the QR code of the app download page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import QRCode from 'qrcode';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { decodePng, PNG_SIGNATURE } from '../helpers/png.js';
import { createApp } from '../../api/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const png = (app = ctx.app) =>
  request(app)
    .get('/apis/qrcode?redirect=true')
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

/** The dark/light modules read back from the image, sampled at each module's centre. */
function modulesOf(image: Buffer, size: number, margin = 2): boolean[] {
  const img = decodePng(image);
  const scale = img.width / (size + margin * 2);
  const out: boolean[] = [];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      out.push(img.level(Math.floor((margin + c + 0.5) * scale), Math.floor((margin + r + 0.5) * scale)) < 128);
    }
  }
  return out;
}

function expectedModules(url: string): { size: number; dark: boolean[] } {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  return { size: qr.modules.size, dark: Array.from(qr.modules.data, (v) => v === 1) };
}

describe('QR code of the app download page', () => {
  it('is a cacheable 300x300 PNG', async () => {
    const res = await png();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toBeTruthy();
    const body = res.body as Buffer;
    expect(body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(body.toString('latin1', 12, 16)).toBe('IHDR');
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([300, 300]);
    const again = await request(ctx.app).get('/apis/qrcode?redirect=true').set('if-none-match', res.headers.etag);
    expect(again.status).toBe(304);
  });

  it('encodes settings.appDownloadUrl, module for module', async () => {
    expect(ctx.settings.appDownloadUrl).toBe('http://127.0.0.1:3999/download');
    const { size, dark } = expectedModules(ctx.settings.appDownloadUrl);
    expect(modulesOf((await png()).body as Buffer, size)).toEqual(dark);
    // and not some other address of the same size
    const other = expectedModules('http://127.0.0.1:3999/downloae');
    expect(other.size).toBe(size);
    expect(modulesOf((await png()).body as Buffer, size)).not.toEqual(other.dark);
  });

  it('gives another image for another download address', async () => {
    const settings = { ...ctx.settings, appDownloadUrl: 'https://apps.example.test/get' };
    const otherApp = createApp({ ...ctx.deps, settings });
    const a = (await png()).body as Buffer;
    const b = (await png(otherApp)).body as Buffer;
    expect(a.equals(b)).toBe(false);
    const { size, dark } = expectedModules(settings.appDownloadUrl);
    expect(modulesOf(b, size)).toEqual(dark);
  });

  it('without redirect=true answers JSON naming the encoded address and the image', async () => {
    for (const q of ['', '?redirect=false', '?redirect=0']) {
      const res = await request(ctx.app).get(`/apis/qrcode${q}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        url: 'http://127.0.0.1:3999/download',
        image: 'http://127.0.0.1:3999/apis/qrcode?redirect=true',
      });
    }
  });

  it('refuses another redirect value with 400', async () => {
    const res = await request(ctx.app).get('/apis/qrcode?redirect=maybe');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
  });
});
