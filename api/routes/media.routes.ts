// GET /media/<token>/<key>: private media (CVs, story videos) behind a signed, short-lived token
// (api/integrations/media-urls.ts, docs/decisions/085-private-media-signed-urls.md). Local disk
// answers byte ranges itself (206, 416); on S3 the route checks the token, then redirects CVs to a
// presigned GET, and proxies story playlists and segments (with their ranges), so the player never
// leaves the page's origin (docs/decisions/086-s3-storage.md).
import { Router, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { AppDeps } from '../deps.js';
import type { MediaUrls } from '../integrations/media-urls.js';
import { assertSafeKey, type ByteRange } from '../integrations/storage.js';
import { ShareLink } from '../../models/index.js';

/** How long an S3 presigned address made for one request lives; the route re-checks on every request. */
const DIRECT_URL_SECONDS = 120;

/** The single byte range a Range header asks for: a range, 'unsatisfiable', or null to send everything. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // several ranges or nonsense: the whole object
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const refuse = (res: Response) => res.status(403).set('Cache-Control', 'no-store').json({ error: 'media_link_invalid', message: 'media_link_invalid' });

export function mediaRoutes(deps: AppDeps, media: MediaUrls): Router {
  const router = Router();
  router.use(helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'self'"] } }, crossOriginResourcePolicy: { policy: 'same-origin' } }));

  router.get('/:token/{*key}', async (req: Request, res: Response, next) => {
    const key = ([] as string[]).concat((req.params as { key?: string[] }).key ?? []).join('/');
    try {
      assertSafeKey(key);
    } catch {
      return next();
    }
    const audience = media.verify(String(req.params.token), key, deps.clock());
    if (!audience) return refuse(res);
    if (audience.kind === 'user' && req.caller?.user.id !== audience.userId) return refuse(res);
    if (audience.kind === 'share' && !(await ShareLink.count({ where: { id: audience.shareLinkId } }))) return refuse(res);

    res.set('Cache-Control', 'private, max-age=300, no-transform');
    // Stories are proxied (the player's XHRs stay on the page's origin: CSP connect-src 'self', no
    // bucket CORS); anything else (CVs, opened by navigation) goes straight to the store when it can.
    if (!key.startsWith('story/')) {
      const direct = await deps.storage.directUrl(key, DIRECT_URL_SECONDS);
      if (direct) return res.set('Cache-Control', 'private, no-store').redirect(302, direct);
    }
    const info = await deps.storage.head(key);
    if (!info) return next();
    res.set('Accept-Ranges', 'bytes').type(info.contentType);
    const range = parseRange(req.headers.range, info.size);
    if (range === 'unsatisfiable') return res.status(416).set('Content-Range', `bytes */${info.size}`).end();
    const obj = await deps.storage.get(key, range ?? undefined);
    if (!obj) return next();
    if (range) res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    res.set('Content-Length', String(obj.body.length)).end(obj.body);
  });
  return router;
}
