// Where a stored file is served: the one rule turning a storage key (picture/1a2b3c4d.png,
// avatar/icon_company.png, story/...) into a browser address. Browser-safe: the portal imports it.

/** The path under which the API serves storage keys (api/app.ts). */
export const FILES_PATH = '/files';

/**
 * The address of a stored file: an absolute http(s) address or a site path is kept as it is;
 * a storage key is served under /files/. `origin` (the public address, no trailing slash) makes
 * the result absolute, for sharing tags and structured data.
 */
export function fileUrl(keyOrUrl: string, origin = ''): string {
  if (/^https?:\/\//i.test(keyOrUrl)) return keyOrUrl;
  if (keyOrUrl.startsWith('/')) return `${origin}${keyOrUrl}`;
  return `${origin}${FILES_PATH}/${keyOrUrl}`;
}
