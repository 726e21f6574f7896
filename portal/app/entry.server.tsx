// Server rendering: the whole page is rendered before it is sent (no deferred data on these
// pages), and every inline script Remix writes carries the request's CSP nonce.
import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerDocumentProvider } from './lib/nonce.js';
import { fallbackRootData } from './lib/root-data.server.js';
import { DEFERRED_SCRIPTS_BOOT, deferScripts } from './lib/deferred-scripts.js';
// The stylesheet is small (under 3 KB gzipped): inlined in the page, it saves a render-blocking request.
import styles from './styles/app.css?inline';

const ABORT_DELAY = 5_000;

// For the page benchmark's baseline (tests/bench/bare-ssr-server.tsx), which renders the same
// tree with renderToString: the document provider and stylesheet this entry renders with.
export { ServerDocumentProvider };
export const inlineStyles = styles;
export const scriptsBoot = DEFERRED_SCRIPTS_BOOT;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce;
  // An error page drawn without the root loader (POST to a page with no action, root loader
  // failure): the texts are still translated, in the language the request asks for.
  const fallbackRoot = remixContext.staticHandlerContext.loaderData?.root ? undefined : fallbackRootData(request, loadContext);
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    // Cleared once the page is complete: a pending timer per request kept each finished render
    // alive for 5 s (more heap, more garbage collection under load) and then aborted it for nothing.
    const timer = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <ServerDocumentProvider value={{ nonce, styles, scriptsBoot: DEFERRED_SCRIPTS_BOOT, fallbackRoot }}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </ServerDocumentProvider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timer);
          // Everything is rendered: React's pieces (2 KB each) are gathered and sent as one body.
          // Piped through a stream to the response instead, each piece crossed a PassThrough, a web
          // stream and a write of its own (and a compression flush when the client compresses).
          const pieces: Buffer[] = [];
          const page = new Writable({
            // Kept open after 'finish': React's close listener would otherwise end it a second time.
            autoDestroy: false,
            emitClose: false,
            write(piece: Buffer, _encoding, done) {
              pieces.push(piece);
              done();
            },
          });
          page.on('finish', () => {
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            // The page's scripts are fetched once it has been painted (decision 399).
            resolve(new Response(deferScripts(Buffer.concat(pieces)), { headers: responseHeaders, status }));
          });
          page.on('error', reject);
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          loadContext.deps.logger.error({ err: error, url: request.url }, 'portal render error');
        },
      },
    );
  });
}
