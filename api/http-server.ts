// The HTTP server around the Express app, with the time limits that keep a slow or stalled
// client from holding a socket (docs/decisions/097-http-timeouts.md). scripts/server.ts and the
// tests create their servers here, so the limits tested are the limits served.
import http from 'node:http';
import type { RequestListener } from 'node:http';
import { MAX_UPLOAD_BYTES } from '../models/rules/upload.js';
import { DEFAULT_LANG, t } from '../config/i18n/index.js';
import { announcesBody } from './lib/http.js';

export interface HttpTimeouts {
  /** The request line and headers must arrive within this time. */
  headersMs: number;
  /** The body of an ordinary API request (JSON, forms: at most 1 MB) must arrive within this time. */
  bodyMs: number;
  /** Whole-request ceiling, for uploads (MAX_UPLOAD_BYTES at about 1 Mbit/s). */
  uploadMs: number;
  /** Idle keep-alive connections: longer than a load balancer's usual 60 s, so it closes first. */
  keepAliveMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  bodyMs: 30_000,
  uploadMs: Math.max(120_000, Math.ceil((MAX_UPLOAD_BYTES * 8) / 1_000_000) * 1000),
  keepAliveMs: 65_000,
};

/** Paths whose bodies may take longer than bodyMs: file uploads. */
const SLOW_BODY = /^\/apis\/(upload|candidate\/uploads)\//;

/** Creates the server: Node enforces headersMs and uploadMs (checked every second), and a timer
 *  per request closes an ordinary request whose body has not arrived within bodyMs (408).
 *  `early` may answer a request before the app (api/app.ts earlyAnswers: kept public reads). */
export function createHttpServer(app: RequestListener, timeouts: HttpTimeouts = HTTP_TIMEOUTS, early?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean): http.Server {
  const server = http.createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.uploadMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
  });
  // Before the app: Express rewrites req.url while routing.
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    // Only a request that announces a body can be slow to send it (GETs arm no timer).
    if (req.complete || !announcesBody(req) || SLOW_BODY.test(req.url ?? '')) return;
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (!res.headersSent) {
        const body = JSON.stringify({ error: 'request_timeout', message: t(DEFAULT_LANG, 'request_timeout') });
        res.writeHead(408, { Connection: 'close', 'Content-Type': 'application/json; charset=utf-8' }).end(body);
      }
      req.socket.destroy();
    }, timeouts.bodyMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    req.once('end', clear);
    req.once('close', clear);
    res.once('close', clear);
  });
  server.on('request', early ? (req: http.IncomingMessage, res: http.ServerResponse) => early(req, res) || app(req, res) : app);
  return server;
}
