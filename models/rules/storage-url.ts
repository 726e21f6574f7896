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
