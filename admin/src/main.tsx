import { StrictMode, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

// One build serves the staff console (/admin) and the recruiter dashboard (/dashboard); each page
// loads only its own screens.
const App = lazy(() => import('./App.js').then((m) => ({ default: m.App })));
const DashboardApp = lazy(() => import('./dashboard/DashboardApp.js').then((m) => ({ default: m.DashboardApp })));

const isDashboard = /^\/dashboard(\/|$)/.test(window.location.pathname);

if (!isDashboard) {
  // Links of the original product use paths (/admin/user/{id}, /admin/custom-landings); the console
  // routes by hash, so turn such a path into its hash route once.
  const rest = window.location.pathname.replace(/^\/admin\/?/, '');
  if (rest && !window.location.hash) window.history.replaceState(null, '', `/admin/#/${rest}`);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>{isDashboard ? <DashboardApp /> : <App />}</Suspense>
  </StrictMode>,
);
