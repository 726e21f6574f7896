// Pictures at the spec's sizes (100, 50, 40, 32: `{w}x{h}/{path}`), made with sharp from the
// original and kept in storage beside it (picture/40x40/<name>), so each size is computed once and
// then read like any stored file. docs/decisions/310-picture-sizes.md.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { Storage, StoredObject } from './storage.js';
import { AppError, notFound } from '../lib/errors.js';
import { singleFlight } from '../lib/single-flight.js';
import { isPictureKey, sizedKey, type PictureSize } from '../../models/rules/storage-url.js';

/**
 * The most pixels an original may have (all frames of an animated GIF together): 50 million, a
 * 48-megapixel phone photo with room to spare. Decoding needs about 4 bytes a pixel: beyond this
 * a crafted file of a few kilobytes (a "decompression bomb") could take gigabytes.
 */
export const MAX_PICTURE_PIXELS = 50_000_000;

/** The output keeps the original's format: every client that shows the original shows the copy. */
const OUTPUT: Record<string, { type: string; apply: (s: Sharp) => Sharp }> = {
  jpeg: { type: 'image/jpeg', apply: (s) => s.jpeg({ quality: 82, mozjpeg: true }) },
  png: { type: 'image/png', apply: (s) => s.png({ compressionLevel: 9, palette: true, quality: 90 }) },
  webp: { type: 'image/webp', apply: (s) => s.webp({ quality: 82 }) },
  gif: { type: 'image/gif', apply: (s) => s.gif() },
};

const tooLarge = () => new AppError(422, 'picture_too_large', 'picture_too_large');
const notAnImage = () => new AppError(422, 'picture_not_an_image', 'picture_not_an_image');
const missing = () => notFound('picture_not_found', 'picture_not_found');

/** Resizes an image to size × size (cover: the centre is kept, the rest cropped), in its own format. */
export async function resizePicture(original: Buffer, size: PictureSize): Promise<StoredObject> {
  let meta: Metadata;
  try {
    // Reads the header only: the pixel count is known before anything is decoded.
    meta = await sharp(original).metadata();
  } catch {
    throw notAnImage();
  }
  const output = meta.format ? OUTPUT[meta.format] : undefined;
  if (!output || !meta.width || !meta.height) throw notAnImage();
  const animated = meta.format === 'gif' && (meta.pages ?? 1) > 1;
  if (meta.width * (meta.pageHeight ?? meta.height) * (animated ? (meta.pages ?? 1) : 1) > MAX_PICTURE_PIXELS) throw tooLarge();
  try {
    const pipeline = sharp(original, { limitInputPixels: MAX_PICTURE_PIXELS, animated, failOn: 'error' })
      .rotate() // as the camera held it (EXIF orientation), before cropping
      .resize(size, size, { fit: 'cover', position: 'centre' });
    return { body: await output.apply(pipeline).toBuffer(), contentType: output.type };
  } catch (e) {
    if (/pixel limit/i.test(String((e as Error).message))) throw tooLarge();
    throw notAnImage();
  }
}

interface PictureSource {
  storage: Storage;
  /** The pictures that ship with the code (avatar/icon_company.png...), which stored files cannot shadow. */
  assetsDir: string;
}

/**
 * The picture `key` at `size`: the copy kept in storage, else made from the original and kept.
 * Requests for the same copy while it is being made share that work (one sharp run per process);
 * processes making it at once write the same bytes, each write whole (storage puts are atomic).
 */
export function pictureSizes(source: PictureSource): (key: string, size: PictureSize) => Promise<StoredObject> {
  const make = singleFlight(async (id: string): Promise<StoredObject> => {
    const [key, sizeText] = id.split('\n');
    const size = Number(sizeText) as PictureSize;
    const target = sizedKey(key, size);
    const kept = await source.storage.get(target);
    if (kept) return kept;
    const original = await readOriginal(source, key);
    if (!original) throw missing();
    const made = await resizePicture(original, size);
    await source.storage.put(target, made.body, made.contentType);
    return made;
  });
  return async (key, size) => {
    if (!isPictureKey(key)) throw missing();
    return make(`${key}\n${size}`);
  };
}

async function readOriginal(source: PictureSource, key: string): Promise<Buffer | null> {
  if (key.startsWith('avatar/')) {
    const name = key.slice('avatar/'.length);
    // A file name only: the assets folder has no sub-folders.
    if (!name.includes('/')) {
      const shipped = await fs.readFile(path.join(source.assetsDir, 'avatar', name)).catch(() => null);
      if (shipped) return shipped;
    }
  }
  return (await source.storage.get(key))?.body ?? null;
}
