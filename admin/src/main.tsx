import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

// Links of the original product use paths (/admin/user/{id}, /admin/custom-landings); the console
// routes by hash, so turn such a path into its hash route once.
const rest = window.location.pathname.replace(/^\/admin\/?/, '');
if (rest && !window.location.hash) window.history.replaceState(null, '', `/admin/#/${rest}`);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
