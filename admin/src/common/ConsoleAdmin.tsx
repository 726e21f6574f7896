// react-admin's <Admin> for the staff console and the manager area, put together from the same
// parts (AdminContext with the localStorage store, CssBaseline, CoreAdminUI with react-admin's
// layout, loading, error, not-found, access-denied and notification components) but without the
// defaults these consoles replace: react-admin's own sign-in page and form (a react-hook-form form;
// both consoles have LoginPage) and its English i18nProvider (they have theirs). <Admin> names those
// defaults in its code, so the bundler keeps them in the first download even when unused (issue 26).
// Nor react-admin's Layout as a default (each console passes its ConsoleLayout), and the error,
// not-found, access-denied and authentication-error pages load when one is shown (decision 398);
// nor react-admin's auth callback page (no OAuth sign-in here), and the notification loads with the
// first message (decision 420).
import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { AdminContext, CoreAdminUI, LoadingPage, type AuthProvider, type DataProvider, type I18nProvider, type RaThemeOptions } from 'react-admin';

import { consoleStore as store } from './store.js';
import { NotificationOnDemand } from './NotificationOnDemand.js';

type UIProps = ComponentProps<typeof CoreAdminUI>;

/** One of ErrorPages.tsx's pages, loaded when first shown (react-admin's loader meanwhile). */
function onDemand<P extends object>(page: 'AccessDenied' | 'AuthenticationError' | 'Error' | 'NotFound'): (props: P) => ReactNode {
  const Page = lazy(() => import('./ErrorPages.js').then((m) => ({ default: m[page] as ComponentType<object> })));
  return function OnDemand(props: P) {
    return (
      <Suspense fallback={<LoadingPage />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

const AccessDenied = onDemand('AccessDenied');
const AuthenticationError = onDemand('AuthenticationError');
const ErrorPage = onDemand<Parameters<NonNullable<UIProps['error']>>[0]>('Error');
const NotFound = onDemand('NotFound');

interface ConsoleAdminProps extends Pick<UIProps, 'dashboard' | 'catchAll' | 'title' | 'loginPage' | 'children'> {
  layout: NonNullable<UIProps['layout']>;
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  theme?: RaThemeOptions;
}

export function ConsoleAdmin({
  authProvider,
  dataProvider,
  i18nProvider,
  loginPage,
  layout,
  dashboard,
  catchAll = NotFound as UIProps['catchAll'],
  theme,
  title = 'React Admin',
  children,
}: ConsoleAdminProps) {
  return (
    <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} store={store} theme={theme}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          accessDenied={AccessDenied}
          // No auth callback route: the consoles sign in with a password, their authProvider has no
          // handleCallback (react-admin's page and its hook would be in the first download: decision 420).
          authCallbackPage={false}
          authenticationError={AuthenticationError}
          catchAll={catchAll}
          dashboard={dashboard}
          disableTelemetry
          error={ErrorPage}
          layout={layout}
          loading={LoadingPage}
          loginPage={loginPage}
          requireAuth
          title={title}
        >
          {children}
        </CoreAdminUI>
        <NotificationOnDemand />
      </CssBaseline>
    </AdminContext>
  );
}
