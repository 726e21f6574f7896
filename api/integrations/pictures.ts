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

/** A picture's header as sharp reads it, known to hold at most MAX_PICTURE_PIXELS. */
interface PictureHeader {
  /** The format sharp names (jpeg, png, webp, gif). */
  format: string;
  /** An animated GIF: every frame is decoded. */
  animated: boolean;
}

/**
 * Reads the header only, so the pixel count is known before anything is decoded: 422
 * picture_not_an_image when no decoder reads it, 422 picture_too_large beyond MAX_PICTURE_PIXELS
 * (the one place that rule is checked; the upload and the resizer both come through here).
 */
async function readHeader(original: Buffer): Promise<PictureHeader> {
  let meta: Metadata;
  try {
    meta = await sharp(original).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !OUTPUT[meta.format] || !meta.width || !meta.height) throw notAnImage();
  const animated = meta.format === 'gif' && (meta.pages ?? 1) > 1;
  if (meta.width * (meta.pageHeight ?? meta.height) * (animated ? (meta.pages ?? 1) : 1) > MAX_PICTURE_PIXELS) throw tooLarge();
  return { format: meta.format, animated };
}

/** A decoder for the whole picture, with sharp's `limitInputPixels` as the second lock; it fails on truncated or corrupt data. */
const decoder = (original: Buffer, header: PictureHeader) => sharp(original, { limitInputPixels: MAX_PICTURE_PIXELS, animated: header.animated, failOn: 'error' });

/** A decoding failure as the caller's error: over the pixel limit, or not a readable picture. */
function decodeError(e: unknown): AppError {
  return /pixel limit/i.test(String((e as Error).message)) ? tooLarge() : notAnImage();
}

/**
 * Checks that an uploaded file is a whole picture before it is stored: its header (format, pixel
 * count), then every pixel decoded once and summed up (sharp's `stats`, which keeps no image in
 * memory), so a truncated or corrupt body fails here (422 picture_not_an_image). A shrunk decode
 * would be cheaper, but it may stop before the last rows and take a JPEG cut short (seen here).
 * A 12-megapixel photo takes about 0.25 s (JPEG) to 0.45 s (PNG). Answers sharp's format name.
 */
export async function checkPicture(original: Buffer): Promise<string> {
  const header = await readHeader(original);
  try {
    await decoder(original, header).stats();
  } catch (e) {
    throw decodeError(e);
  }
  return header.format;
}

/** Resizes an image to size × size (cover: the centre is kept, the rest cropped), in its own format. */
export async function resizePicture(original: Buffer, size: PictureSize): Promise<StoredObject> {
  const header = await readHeader(original);
  const output = OUTPUT[header.format];
  try {
    const pipeline = decoder(original, header)
      .rotate() // as the camera held it (EXIF orientation), before cropping
      .resize(size, size, { fit: 'cover', position: 'centre' });
    return { body: await output.apply(pipeline).toBuffer(), contentType: output.type };
  } catch (e) {
    throw decodeError(e);
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
