// Hydrates the server-rendered page, once the catalog of its language (<html lang>) is loaded,
// with the texts of its page family.
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isLang } from './i18n/index.js';
import { loadMessages, textPartsOf } from './i18n/registry.js';

const lang = document.documentElement.lang;
// The matched routes' modules, loaded before this script, name the page families whose texts
// they draw (handle.texts, decision 380).
const routes = Object.values((window as unknown as { __remixRouteModules?: Record<string, { handle?: unknown }> }).__remixRouteModules ?? {});
void loadMessages(isLang(lang) ? lang : 'fr', textPartsOf(routes)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
