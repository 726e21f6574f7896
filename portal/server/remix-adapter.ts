// Express to Remix and back, in place of @remix-run/express's adapter (decision 103). The same
// request Remix sees (method, URL as Express resolves it under TRUST_PROXY, headers, body for
// writes) and the same answer sent back, with less work per page:
// - no AbortController for GET and HEAD: a page renders in milliseconds and is gathered whole
//   before it is sent (portal/app/entry.server.tsx), so aborting it on a closed socket saves
//   nothing, while the controller, its listeners and the signal Request follows showed in the SSR
//   profile; writes (actions) keep it;
// - the body is written as it comes, with backpressure, and flushed piece by piece only for event
//   streams (the adapter flushed every piece, so compression sent each 2 KB piece on its own).
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { createReadableStreamFromReadable, createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';

/** Remix's request for an Express request; undefined when its Host makes no valid URL. */
function remixRequest(req: ExpressRequest, res: ExpressResponse): Request | undefined {
  let url: URL;
  try {
    // Express 5's req.host keeps the port, and follows X-Forwarded-Host only from a trusted proxy.
    url = new URL(`${req.protocol}://${req.host}${req.originalUrl}`);
  } catch {
    return undefined;
  }
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  if (req.method === 'GET' || req.method === 'HEAD') return new Request(url, { method: req.method, headers });
  // A write: its loaders and action stop when the client goes before the answer is complete.
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(url, { method: req.method, headers, body: createReadableStreamFromReadable(req), signal: controller.signal, duplex: 'half' } as RequestInit);
}

/** Resolves when the response can take more, or can take nothing any more. */
function drainedOrClosed(res: ExpressResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  // Each Set-Cookie comes on its own from the iterator.
  for (const [name, value] of response.headers) res.appendHeader(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  const eventStream = /text\/event-stream/i.test(response.headers.get('Content-Type') ?? '');
  if (eventStream) res.flushHeaders();
  const flush = (res as ExpressResponse & { flush?: () => void }).flush;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const more = res.write(value);
      if (eventStream) flush?.call(res);
      if (!more && !res.destroyed) await drainedOrClosed(res);
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}

/** An Express handler answering with the Remix build; getLoadContext gives the loaders' context. */
export function remixHandler(build: ServerBuild, mode: string, getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return (req, res, next) => {
    const request = remixRequest(req, res);
    if (!request) {
      res.status(400).type('text/plain').end('Bad Request');
      return;
    }
    handle(request, getLoadContext(req, res))
      .then((response) => sendResponse(res, response))
      .catch(next);
  };
}
