// deferScripts: the server's part of "painted before the scripts are fetched" (decision 399).
import { describe, expect, it } from 'vitest';
import { deferScripts } from '../../portal/app/lib/deferred-scripts.js';

const page = (scripts: string) =>
  `<!DOCTYPE html><html lang="fr"><head><link rel="icon" href="/favicon.svg"/><script nonce="N">(boot)</script></head><body><main><p>type="module" async=""&gt;</p></main>${scripts}</body></html>`;
const REMIX =
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/base-B.js"/>' +
  '<script nonce="N">window.__remixContext = {};</script>' +
  '<script nonce="N" type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>';

describe('deferScripts', () => {
  it('takes the rel off the modulepreload links and the type off the module script, nothing else', () => {
    const out = deferScripts(Buffer.from(page(REMIX))).toString('utf8');
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toBe(
      page(
        '<link data-deferred-rel="modulepreload" href="/assets/entry.client-A.js"/><link data-deferred-rel="modulepreload" href="/assets/base-B.js"/>' +
          '<script nonce="N">window.__remixContext = {};</script>' +
          '<script nonce="N" type="text/x-deferred-module">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>',
      ),
    );
  });

  it('leaves a page without scripts as it is', () => {
    const html = page('');
    expect(deferScripts(Buffer.from(html)).toString('utf8')).toBe(html);
  });
});
