// Where a stored file is served: the one rule turning a storage key (picture/1a2b3c4d.png,
// avatar/icon_company.png, story/...) into a browser address, and which keys are private.
// Browser-safe: the portal imports it. Private keys (CVs and story videos) are never served under
// /files: the API hands out signed /media addresses for them (api/integrations/media-urls.ts,
// docs/decisions/085-private-media-signed-urls.md).

/** The path under which the API serves public storage keys (api/app.ts). */
export const FILES_PATH = '/files';

/** The path under which the API serves private keys behind a signed token (api/routes/media.routes.ts). */
export const MEDIA_PATH = '/media';

/** CVs (every stored PDF: images are never PDFs) and story videos (playlists, segments, posters). */
export function isPrivateKey(key: string): boolean {
  return key.startsWith('story/') || key.toLowerCase().endsWith('.pdf');
}

/**
 * The address of a stored file: an absolute http(s) address or a site path is kept as it is;
 * a storage key is served under /files/. `origin` (the public address, no trailing slash) makes
 * the result absolute, for sharing tags and structured data. Private keys get no address here:
 * they need a signed URL from the API.
 */
export function fileUrl(keyOrUrl: string, origin = ''): string {
  if (/^https?:\/\//i.test(keyOrUrl)) return keyOrUrl;
  if (keyOrUrl.startsWith('/')) return `${origin}${keyOrUrl}`;
  if (isPrivateKey(keyOrUrl)) return '';
  return `${origin}${FILES_PATH}/${keyOrUrl}`;
}

/**
 * The picture sizes the spec names (public-web.md "100x100, 50x50, 40x40, 32x32"; back-office.md
 * "100x100 and 32x32 (manager screens also 50x50, 40x40)"), square, in CSS pixels. No other size
 * is made: each one is a file kept in storage for every picture asked at it
 * (docs/decisions/310-picture-sizes.md).
 */
export const PICTURE_SIZES = [100, 50, 40, 32] as const;
export type PictureSize = (typeof PICTURE_SIZES)[number];

/** The size an address segment names (`40x40`), or null when it names none of PICTURE_SIZES. */
export function parsePictureSize(segment: string): PictureSize | null {
  return PICTURE_SIZES.find((n) => segment === `${n}x${n}`) ?? null;
}

const SIZE_FOLDER = /^(\d{2,3})x\1$/;

/**
 * A stored key that has sized copies: a public image (png, jpg, gif, webp) in a folder, which is
 * not itself a sized copy (picture/100x100/<name>). Only these are resized and only these drag
 * their copies along when deleted.
 */
export function isPictureKey(key: string): boolean {
  if (isPrivateKey(key) || !/\.(png|jpe?g|gif|webp)$/i.test(key)) return false;
  const parts = key.split('/');
  return parts.length >= 2 && !SIZE_FOLDER.test(parts[parts.length - 2]);
}

/** Where the copy of `key` at `size` is kept: beside the original, in a folder named after the size (picture/40x40/<name>). */
export function sizedKey(key: string, size: PictureSize): string {
  const slash = key.lastIndexOf('/');
  return `${key.slice(0, slash)}/${size}x${size}/${key.slice(slash + 1)}`;
}

/** A stored picture's address as the uploads answer it (http://host/files/picture/<name>.png), split. */
const OWN_ADDRESS = /^(https?:\/\/[^/?#]+)\/files\/((?:picture|avatar)\/[A-Za-z0-9._-]+)$/i;

/**
 * The address of a picture at one of the spec's sizes: `/files/{w}x{h}/{key}` for a stored picture,
 * given as a key, a site path under /files, or an address as the uploads answer them
 * (`http://host/files/picture/<name>`, which keeps its host). Any other address is kept as it is
 * (another site's picture is not resized here) and a private key still gets none. `origin` makes a
 * key's address absolute, as for fileUrl.
 */
export function pictureUrl(keyOrUrl: string, size: PictureSize, origin = ''): string {
  const own = OWN_ADDRESS.exec(keyOrUrl);
  const [base, key] = own ? [own[1], own[2]] : keyOrUrl.startsWith(`${FILES_PATH}/`) ? [origin, keyOrUrl.slice(FILES_PATH.length + 1)] : [origin, keyOrUrl];
  if (/^https?:\/\//i.test(key) || key.startsWith('/') || !isPictureKey(key)) return fileUrl(keyOrUrl, origin);
  return `${base}${FILES_PATH}/${size}x${size}/${key}`;
}

/** The smallest of the spec's sizes that covers `px` CSS pixels (the largest, 100, beyond it). */
function pictureSizeFor(px: number): PictureSize {
  return [...PICTURE_SIZES].sort((a, b) => a - b).find((s) => s >= px) ?? 100;
}

/** An image's `src` and, for screens of twice the density, its `srcSet` (props of an <img>). */
export interface PictureSources {
  src: string;
  srcSet?: string;
}

/**
 * `src` and `srcSet` of a picture shown at `px` CSS pixels: the size covering `px`, and for
 * screens of twice the density the size covering 2 × px when it is a different one. A picture that
 * has no sizes (another site's, a landing's logo address elsewhere) keeps its one address.
 */
export function pictureSources(keyOrUrl: string, px: number, origin = ''): PictureSources {
  const one = pictureSizeFor(px);
  const src = pictureUrl(keyOrUrl, one, origin);
  const two = pictureSizeFor(2 * px);
  if (two === one || src === fileUrl(keyOrUrl, origin)) return { src };
  return { src, srcSet: `${src} 1x, ${pictureUrl(keyOrUrl, two, origin)} 2x` };
}

/**
 * pictureSources for an API answer whose page draws the picture from it (the page's JavaScript then
 * carries no rule: decision 310): null for no picture, or one with no public address.
 */
export function pictureSourcesOrNull(keyOrUrl: string | null | undefined, px: number): PictureSources | null {
  if (!keyOrUrl) return null;
  const sources = pictureSources(keyOrUrl, px);
  return sources.src ? sources : null;
}
