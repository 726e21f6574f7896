// react-admin's <Admin> for the staff console and the manager area, put together from the same
// parts (AdminContext with the localStorage store, CssBaseline, CoreAdminUI with react-admin's
// layout, loading, error, not-found, access-denied and notification components) but without the
// defaults these consoles replace: react-admin's own sign-in page and form (a react-hook-form form;
// both consoles have LoginPage) and its English i18nProvider (they have theirs). <Admin> names those
// defaults in its code, so the bundler keeps them in the first download even when unused (issue 26).
import type { ComponentProps } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import {
  AccessDenied,
  AdminContext,
  AuthCallback,
  AuthenticationError,
  CoreAdminUI,
  Error as ErrorPage,
  Layout,
  LoadingPage,
  NotFound,
  Notification,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
  type RaThemeOptions,
} from 'react-admin';

import { consoleStore as store } from './store.js';

type UIProps = ComponentProps<typeof CoreAdminUI>;

interface ConsoleAdminProps extends Pick<UIProps, 'layout' | 'dashboard' | 'catchAll' | 'title' | 'loginPage' | 'children'> {
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
  layout = Layout,
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
          authCallbackPage={AuthCallback}
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
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
