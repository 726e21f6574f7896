// Values only the server knows while rendering the document: the per-request CSP nonce given to
// every inline script, and the inlined stylesheet. In the browser both are empty: browsers hide
// nonces from scripts, and hydration keeps the server's <style> content as it is (the root
// layout never re-renders it with other content), so the CSS is not shipped twice in the JS.
// For an error page drawn without the root loader's data, the server also passes the data to
// translate it with (such pages are sent without scripts: nothing hydrates them).
import { createContext, useContext } from 'react';
import type { RootData } from './meta.js';

interface ServerDocument {
  nonce: string;
  styles: string;
  /** The inline script that fetches the page's scripts once it is painted (deferred-scripts.ts). */
  scriptsBoot?: string;
  fallbackRoot?: RootData;
}

const ServerDocumentContext = createContext<ServerDocument>({ nonce: '', styles: '' });
export const ServerDocumentProvider = ServerDocumentContext.Provider;
export const useNonce = () => useContext(ServerDocumentContext).nonce;
export const useInlineStyles = () => useContext(ServerDocumentContext).styles;
export const useScriptsBoot = () => useContext(ServerDocumentContext).scriptsBoot ?? '';
export const useFallbackRootData = () => useContext(ServerDocumentContext).fallbackRoot;
