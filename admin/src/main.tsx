import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

// One build, two areas: the staff console under /admin and the manager area under /manager (loaded
// on demand: staff never download it). Links of the original product use paths
// (/admin/user/{id}, /manager/offer/{job_code}); the console routes by hash, so turn such a path
// into its hash route once.
const area = /^\/manager(\/|$)/.test(window.location.pathname) ? 'manager' : 'admin';
const rest = window.location.pathname.replace(area === 'manager' ? /^\/manager\/?/ : /^\/admin\/?/, '');
if (rest && !window.location.hash) window.history.replaceState(null, '', `/${area}/#/${rest}`);

const ManagerApp = lazy(() => import('./manager/ManagerApp.js'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {area === 'manager' ? (
      <Suspense fallback={null}>
        <ManagerApp />
      </Suspense>
    ) : (
      <App />
    )}
  </StrictMode>,
);
