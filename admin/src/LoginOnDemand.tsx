// The sign-in page (LoginPage.tsx), loaded when it is first shown: a signed-in user never sees it,
// so the consoles' first download does not carry it (issue 26, decision 420); react-admin's loader
// shows meanwhile.
import { lazy, Suspense } from 'react';
import { LoadingPage } from 'react-admin';

const Page = lazy(() => import('./LoginPage.js').then((m) => ({ default: m.LoginPage })));

export function LoginOnDemand() {
  return (
    <Suspense fallback={<LoadingPage />}>
      <Page />
    </Suspense>
  );
}
