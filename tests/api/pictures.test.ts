// Pictures at the spec's sizes: GET /files/{w}x{h}/{key} (public-web.md "100x100, 50x50, 40x40,
// 32x32"), made with sharp, kept in storage beside the original, removed with it
// (docs/decisions/310-picture-sizes.md). On the local disk (SQLite and MariaDB) and on S3 (s3rver).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import sharp from 'sharp';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { makeUpload, makeUser } from '../helpers/fixtures.js';
import { bearer } from '../helpers/auth.js';
import { startFakeS3, type FakeS3 } from '../helpers/s3.js';
import { pictureSizes, resizePicture, MAX_PICTURE_PIXELS } from '../../api/integrations/pictures.js';
import { purgeUnreferencedUploads, UNUSED_UPLOAD_MAX_AGE_MS } from '../../api/jobs/upload-cleanup.js';
import { deleteUser } from '../../api/services/accounts/staff-users.service.js';
import { PICTURE_SIZES, sizedKey } from '../../models/rules/storage-url.js';
import { Upload } from '../../models/index.js';
import { createStorage, S3Storage, type Storage } from '../../api/integrations/storage.js';
import { createApp } from '../../api/app.js';
import { loadSettings } from '../../config/settings.js';
import type { Express } from 'express';
import { uploadStoreFor } from '../../api/integrations/upload-store.js';

const hex = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** A 300x100 picture: a red, a green and a blue third, left to right. */
async function threeBands(format: 'png' | 'jpeg' | 'webp' | 'gif'): Promise<Buffer> {
  const band = (r: number, g: number, b: number) =>
    sharp({ create: { width: 100, height: 100, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  const image = sharp({ create: { width: 300, height: 100, channels: 3, background: { r: 0, g: 0, b: 0 } } }).composite([
    { input: await band(255, 0, 0), left: 0, top: 0 },
    { input: await band(0, 255, 0), left: 100, top: 0 },
    { input: await band(0, 0, 255), left: 200, top: 0 },
  ]);
  return image.toFormat(format).toBuffer();
}

/** A PNG that declares width × height pixels and holds none: its header is all a decoder reads first. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

const bodyOf = (res: request.Response) => Buffer.from(res.body as Buffer);

async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}

/** Every file under `dir` (the folder where a store keeps its objects), sorted. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name))
        .sort()
    : [];

/** The route, its copies and their removal, for one app (local disk or S3); `root`: the folder that store's objects are kept in. */
function pictureSuite(name: string, make: () => Promise<{ app: Express; storage: Storage; root: string }>) {
  describe(`picture sizes: ${name}`, () => {
    let ctx: { app: Express; storage: Storage; root: string };
    let storage: Storage;
    beforeAll(async () => {
      ctx = await make();
      storage = ctx.storage;
    });

    const storedPicture = async (format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png', body?: Buffer) => {
      const ext = format === 'jpeg' ? 'jpg' : format;
      const key = `picture/${hex()}.${ext}`;
      await storage.put(key, body ?? (await threeBands(format)), `image/${format}`);
      return key;
    };

    it('answers each of the four sizes, square, cropped to the centre, in the format of the original, with public cache headers', async () => {
      const key = await storedPicture('png');
      for (const size of PICTURE_SIZES) {
        const res = await request(ctx.app).get(`/files/${size}x${size}/${key}`).buffer(true);
        expect(res.status, String(size)).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toBe('public, max-age=3600');
        expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        const meta = await sharp(bodyOf(res)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
        // Cover: the middle third (green) fills the square; the red and blue sides are cropped off.
        // (PNG copies are palette-quantised: colours within a few steps.)
        for (const [x, y] of [
          [0, 0],
          [size - 1, size - 1],
        ]) {
          const [r, g, b] = await pixelAt(bodyOf(res), x, y);
          expect(r < 40 && g > 215 && b < 40, `${size}: ${r},${g},${b}`).toBe(true);
        }
        // Kept in storage beside the original, at the address the rule names.
        const kept = await storage.get(sizedKey(key, size));
        expect(kept!.body.equals(bodyOf(res))).toBe(true);
        expect(kept!.contentType).toBe('image/png');
      }
      expect(sizedKey(key, 40)).toBe(key.replace('picture/', 'picture/40x40/'));
    });

    it('keeps JPEG, WebP and GIF pictures in their formats', async () => {
      for (const [format, type] of [
        ['jpeg', 'image/jpeg'],
        ['webp', 'image/webp'],
        ['gif', 'image/gif'],
      ] as const) {
        const res = await request(ctx.app)
          .get(`/files/50x50/${await storedPicture(format)}`)
          .buffer(true);
        expect(res.status, format).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        const meta = await sharp(bodyOf(res)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([format, 50, 50]);
      }
    });

    it('makes a size once: later requests read the kept copy, whatever happens to the original', async () => {
      const key = await storedPicture('png');
      const first = await request(ctx.app).get(`/files/32x32/${key}`).buffer(true);
      expect(first.status).toBe(200);
      // The original replaced by bytes no decoder reads: the copy is still served, unchanged.
      await storage.put(key, Buffer.from('not a picture any more'), 'image/png');
      const again = await request(ctx.app).get(`/files/32x32/${key}`).buffer(true);
      expect(again.status).toBe(200);
      expect(bodyOf(again).equals(bodyOf(first))).toBe(true);
      // A size not made yet is made from the original: now refused.
      expect((await request(ctx.app).get(`/files/40x40/${key}`)).status).toBe(422);
    });

    it('gives concurrent first requests one whole picture, in this process and from two processes', async () => {
      const key = await storedPicture('jpeg');
      const answers = await Promise.all(Array.from({ length: 12 }, () => request(ctx.app).get(`/files/100x100/${key}`).buffer(true)));
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
      for (const a of answers) expect(bodyOf(a).equals(bodyOf(answers[0]))).toBe(true);

      // Two processes (two makers on one store, no shared memory) making the same copy at once.
      const other = await storedPicture('png');
      const makers = [0, 1, 2, 3].map(() => pictureSizes({ storage, assetsDir: path.join(import.meta.dirname, '../../api/assets') }));
      const made = await Promise.all(makers.flatMap((m) => [m(other, 50), m(other, 50)]));
      const kept = await storage.get(sizedKey(other, 50));
      const meta = await sharp(kept!.body).metadata();
      expect([meta.width, meta.height]).toEqual([50, 50]);
      for (const m of made) expect(m.body.equals(kept!.body)).toBe(true);
    });

    it('sizes the pictures that ship with the code (avatar/)', async () => {
      for (const name of ['icon_company.png', 'icon_recruiter.png']) {
        const res = await request(ctx.app).get(`/files/40x40/avatar/${name}`).buffer(true);
        expect(res.status, name).toBe(200);
        expect(await sharp(bodyOf(res)).metadata()).toMatchObject({ width: 40, height: 40 });
      }
    });

    it('refuses sizes the spec does not name, with a stable code, and never caches a refusal', async () => {
      const key = await storedPicture('png');
      for (const size of ['64x64', '40x50', '040x040', '1000x1000', '0x0', '100x100x']) {
        const res = await request(ctx.app).get(`/files/${size}/${key}`).set('Accept-Language', 'en');
        if (size === '100x100x') {
          // Not a size at all: an original's address, which does not exist.
          expect(res.status, size).toBe(404);
          continue;
        }
        expect(res.status, size).toBe(404);
        expect(res.body, size).toEqual({ error: 'picture_size_not_offered', message: 'This picture size does not exist: 100x100, 50x50, 40x40 or 32x32.' });
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect(await storage.get(key.replace('picture/', 'picture/64x64/'))).toBeNull();
    });

    it('answers 404 for a missing picture, and for private media (a CV, a story) whatever they hold', async () => {
      const missing = await request(ctx.app).get(`/files/40x40/picture/${hex()}.png`);
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('picture_not_found');
      const cv = `picture/${hex()}.pdf`;
      await storage.put(cv, await threeBands('png'), 'application/pdf');
      const poster = `story/${hex()}/q1/poster.jpg`;
      await storage.put(poster, await threeBands('jpeg'), 'image/jpeg');
      for (const key of [cv, poster, 'picture/40x40/../x.png', `picture/100x100/${hex()}.png`]) {
        const res = await request(ctx.app).get(`/files/40x40/${key}`);
        expect(res.status, key).toBe(404);
      }
      expect(await storage.get(sizedKey(poster, 40))).toBeNull();
      expect(await storage.get(sizedKey(cv, 40))).toBeNull();
    });

    it('refuses a file that is not a picture and a picture over the pixel limit with 422, never 500, keeping nothing', async () => {
      const fake = await storedPicture('png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]));
      const notAnImage = await request(ctx.app).get(`/files/40x40/${fake}`).set('Accept-Language', 'fr');
      expect(notAnImage.status).toBe(422);
      expect(notAnImage.body).toEqual({ error: 'picture_not_an_image', message: 'Ce fichier n’est pas une image lisible.' });

      // 10 000 × 10 000 = 100 million pixels declared in 100 bytes: refused before any decoding.
      const bomb = await storedPicture('png', pngHeaderOnly(10_000, 10_000));
      const tooLarge = await request(ctx.app).get(`/files/100x100/${bomb}`).set('Accept-Language', 'en');
      expect(tooLarge.status).toBe(422);
      expect(tooLarge.body).toEqual({ error: 'picture_too_large', message: 'This picture is too large: over 50 million pixels.' });
      expect(tooLarge.headers['cache-control']).toBe('no-store');
      expect(await storage.get(sizedKey(bomb, 100))).toBeNull();
      expect(await storage.get(sizedKey(fake, 40))).toBeNull();
      expect(test.answers.serverErrors).toEqual([]);
    });

    it('refuses a broken picture at upload with 422 before this store holds anything of it, and stores a whole one in it', async () => {
      // A person per upload: the upload limit (10 in 10 minutes per user) is not under test.
      const send = async (file: Buffer, lang: string) =>
        request(ctx.app)
          .post(`/apis/upload/image?lang=${lang}`)
          .set(await bearer(await makeUser({ profile: 'recruiter' })))
          .attach('file', file, { filename: 'logo.png', contentType: 'image/png' });
      const photo = await threeBands('jpeg');
      const filesBefore = filesUnder(ctx.root);
      const uploadsBefore = await Upload.count();
      const refused = [
        // Right magic bytes, garbage after; a JPEG cut short; a header of 100 million pixels.
        [await send(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]), 'fr'), 'picture_not_an_image', 'Ce fichier n’est pas une image lisible.'],
        [await send(photo.subarray(0, photo.length - 100), 'nl'), 'picture_not_an_image', 'Dit bestand is geen leesbare afbeelding.'],
        [await send(pngHeaderOnly(10_000, 10_000), 'en'), 'picture_too_large', 'This picture is too large: over 50 million pixels.'],
      ] as const;
      for (const [res, error, message] of refused) expect([res.status, res.body]).toEqual([422, { error, message }]);
      expect(await Upload.count()).toBe(uploadsBefore);
      expect(filesUnder(ctx.root)).toEqual(filesBefore);

      const taken = await send(photo, 'fr');
      expect(taken.status).toBe(201);
      expect((await storage.get(taken.body.key))!.body.equals(photo)).toBe(true);
      // The folder looked at is where this store keeps its objects: the one taken shows there.
      expect(filesUnder(ctx.root).length).toBeGreaterThan(filesBefore.length);
      const copy = await request(ctx.app).get(`/files/100x100/${taken.body.key}`).buffer(true);
      expect([copy.status, copy.headers['content-type']]).toEqual([200, 'image/jpeg']);
    });

    it('removes the copies with the original: a deleted key, the sweep of unused uploads, a deleted account', async () => {
      const copiesLeft = async (key: string) => (await Promise.all(PICTURE_SIZES.map((s) => storage.get(sizedKey(key, s))))).filter(Boolean).length;
      const makeAll = async (key: string) => {
        for (const s of PICTURE_SIZES) expect((await request(ctx.app).get(`/files/${s}x${s}/${key}`)).status).toBe(200);
        expect(await copiesLeft(key)).toBe(4);
      };

      const lone = await storedPicture('png');
      const neighbour = await storedPicture('png');
      await makeAll(lone);
      await makeAll(neighbour);
      await storage.delete(lone);
      expect(await storage.get(lone)).toBeNull();
      expect(await copiesLeft(lone)).toBe(0);
      // Another picture's copies stay, and so does it.
      expect(await copiesLeft(neighbour)).toBe(4);
      expect((await request(ctx.app).get(`/files/40x40/${neighbour}`)).status).toBe(200);
      // Deleting a copy deletes only that copy.
      await storage.delete(sizedKey(neighbour, 32));
      expect(await copiesLeft(neighbour)).toBe(3);
      expect(await storage.get(neighbour)).not.toBeNull();

      // The hourly sweep of uploads nobody uses (decision 088).
      const unused = await makeUpload('image');
      await storage.put(unused.key, await threeBands('png'), 'image/png');
      await makeAll(unused.key);
      expect(await purgeUnreferencedUploads(storage, new Date(Date.now() + UNUSED_UPLOAD_MAX_AGE_MS + 3600_000))).toBeGreaterThanOrEqual(1);
      expect(await Upload.count({ where: { id: unused.id } })).toBe(0);
      expect(await copiesLeft(unused.key)).toBe(0);

      // The one deletion of an account (decision 168): the pictures the person uploaded, and their sizes.
      const person = await makeUser({ profile: 'recruiter' });
      const avatar = await makeUpload('image', { owner_id: person.id });
      await storage.put(avatar.key, await threeBands('png'), 'image/png');
      await person.update({ picture: storage.url(avatar.key) });
      await makeAll(avatar.key);
      await deleteUser(null, person.id, new Date(), { storage, uploads: uploadStoreFor(test.settings) }, 'staff');
      expect(await storage.get(avatar.key)).toBeNull();
      expect(await copiesLeft(avatar.key)).toBe(0);
      expect((await request(ctx.app).get(`/files/40x40/${avatar.key}`)).status).toBe(404);
    });
  });
}

// One database for the file (the models bind to one connection); the S3 run is the same app on
// the same database with its storage on s3rver.
let test: TestContext;
let tmp: string;
let s3: FakeS3 | undefined;
beforeAll(async () => {
  test = await createTestContext();
});
afterAll(async () => {
  await test?.close();
  await s3?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

pictureSuite('local disk', async () => ({ app: test.app, storage: test.deps.storage, root: test.settings.storageDir }));
pictureSuite('S3 (s3rver)', async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-pictures-s3-'));
  s3 = await startFakeS3(tmp);
  const storage = createStorage(loadSettings({ ...s3.env('pictures'), PUBLIC_URL: test.settings.publicUrl }));
  expect(storage).toBeInstanceOf(S3Storage);
  return { app: createApp({ ...test.deps, storage }), storage, root: path.join(tmp, 's3') };
});

describe('resizePicture', () => {
  it('checks the pixel count of every frame of an animated GIF, and decodes nothing beyond the limit', async () => {
    expect(MAX_PICTURE_PIXELS).toBe(50_000_000);
    await expect(resizePicture(pngHeaderOnly(7072, 7072), 40)).rejects.toMatchObject({ status: 422, code: 'picture_too_large' });
    const frame = (background: string) =>
      sharp({ create: { width: 120, height: 80, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const small = await resizePicture(gif, 32);
    expect(small.contentType).toBe('image/gif');
    // Still animated: both frames, each 32 × 32.
    expect(await sharp(small.body, { animated: true }).metadata()).toMatchObject({ pages: 2, width: 32, pageHeight: 32 });
    // 7 000 × 7 000 pixels in one frame fit; the same in two frames do not.
    await expect(resizePicture(pngHeaderOnly(7000, 7000), 40)).rejects.toMatchObject({ code: 'picture_not_an_image' });
  });
});
