// Hydrates the server-rendered page, once the catalog of its language (<html lang>) is loaded.
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { isLang } from './i18n/index.js';
import { loadMessages } from './i18n/registry.js';

const lang = document.documentElement.lang;
void loadMessages(isLang(lang) ? lang : 'fr').then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
