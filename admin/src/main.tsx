import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/index.js';
import { areaOf } from './area.js';

// One build, three areas: the staff console under /admin, the manager area under /manager and the
// recruiter dashboard under /dashboard, each loaded on demand (nobody downloads another's screens).
// Links of the original product use paths (/admin/user/{id}, /manager/offer/{job_code}); the
// consoles route by hash, so turn such a path into its hash route once (the dashboard has no routes).
const path = window.location.pathname;
const area = areaOf(path);
if (area !== 'dashboard') {
  const rest = path.replace(area === 'manager' ? /^\/manager\/?/ : /^\/admin\/?/, '');
  if (rest && !window.location.hash) window.history.replaceState(null, '', `/${area}/#/${rest}`);
}

// The area's code and its first language's messages load side by side; it is drawn once both are in.
const load =
  area === 'dashboard'
    ? import('./dashboard/DashboardApp.js').then((m) => ({ default: m.DashboardApp }))
    : area === 'manager'
      ? import('./manager/ManagerApp.js')
      : import('./App.js').then((m) => ({ default: m.App }));
const Console = lazy(() => Promise.all([load, i18nReady]).then(([m]) => m));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <Console />
    </Suspense>
  </StrictMode>,
);
