// The one check of a request's address, before any route (docs/decisions/210-bad-input-at-the-edge.md):
// a path or query whose percent-encoding is broken, or which decodes to a control character
// (NUL first: Sequelize writes values into SQLite's SQL text, where a NUL ends it) or to half of a
// UTF-16 pair, is refused with 400 `invalid_characters`, once, for every route parameter and query
// value of the API, the media and the portal's pages alike. Bodies are each endpoint's schema's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { hasLoneSurrogate } from '../../models/rules/text.js';
import { t, type Lang } from '../../config/i18n/index.js';
import { AppError } from './errors.js';

/** A C0 control character but tab, line feed and carriage return (a search or a JSON filter may hold those). */
function hasUnsafeControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
  }
  return false;
}

/** True when a decoded text may not reach a query: a control character or a lone surrogate. */
export const unsafeText = (value: string): boolean => hasUnsafeControl(value) || hasLoneSurrogate(value);

/** One percent-encoded piece decoded, or null when its encoding is broken (a lone %, invalid UTF-8). */
function decoded(piece: string, plusIsSpace: boolean): string | null {
  try {
    return decodeURIComponent(plusIsSpace ? piece.replace(/\+/g, ' ') : piece);
  } catch {
    return null;
  }
}

/**
 * Whether a request target (path and query, as on the request line) is refused: a piece that does
 * not decode, or decodes to an unsafe text. Each path segment and each query key and value is
 * decoded as the router and the query parser will.
 */
export function unsafeTarget(url: string): boolean {
  // The common case: nothing encoded and no raw control character (Node's parser refuses most).
  if (!url.includes('%') && !hasUnsafeControl(url)) return false;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  for (const segment of path.split('/')) {
    const text = decoded(segment, false);
    if (text === null || unsafeText(text)) return true;
  }
  if (q === -1) return false;
  for (const pair of url.slice(q + 1).split('&')) {
    for (const part of pair.split('=')) {
      const text = decoded(part, true);
      if (text === null || unsafeText(text)) return true;
    }
  }
  return false;
}

export const INVALID_CHARACTERS = 'invalid_characters';

/** Paths answered in JSON (the API); every other path is a page, a file or a media address. */
const API_PATH = /^\/apis(\/|$|\?)/;

/**
 * The middleware: mounted once, before every route. The API answers its JSON error; a page gets
 * a short page in the caller's language with a way back home (a browser shows it as is).
 */
export const refuseUnsafeInput: RequestHandler = (req, res, next) => {
  if (!unsafeTarget(req.url)) return next();
  if (API_PATH.test(req.url)) return next(new AppError(400, INVALID_CHARACTERS, INVALID_CHARACTERS));
  sendRefusalPage(req, res, req.lang ?? 'fr');
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sendRefusalPage(req: IncomingMessage, res: ServerResponse, lang: Lang): void {
  const title = escapeHtml(t(lang, 'invalid_address_title'));
  const text = escapeHtml(t(lang, INVALID_CHARACTERS));
  const back = escapeHtml(t(lang, 'back_to_home'));
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1b20;background:#fff}
main{max-width:32rem;margin:0 auto;padding:4rem 1.25rem;text-align:center}
h1{font-size:1.6rem;margin:0 0 1rem}
p{line-height:1.5;margin:0 0 1.5rem}
a{display:inline-block;padding:.75rem 1.25rem;border-radius:.5rem;background:#5b2a86;color:#fff;text-decoration:none;font-weight:600}
a:focus{outline:3px solid #3f1c5e;outline-offset:2px}
</style>
</head>
<body><main><h1>${title}</h1><p>${text}</p><a href="/?lang=${lang}">${back}</a></main></body>
</html>`;
  res.statusCode = 400;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'");
  res.end(req.method === 'HEAD' ? undefined : html);
}
