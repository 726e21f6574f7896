// The staff console. Resources come from the declarations (resources/index.ts): each gets
// generated screens unless a hand-written one is listed in CUSTOM. Non-staff see the spec's
// 'en cours de développement' message and no resource (so no data) is mounted. Staff land on the
// users list (the spec's "admin dashboard list"); the menu's Dashboard entry opens their real
// dashboard, today's counts and jobs, at #/today (decision 262).
import { lazy, type ReactElement, type ReactNode } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { Navigate, Route } from 'react-router-dom';
import { Typography } from '@mui/material';
import { CustomRoutes, Resource, usePermissions, useTranslate } from 'react-admin';
import { RESOURCES } from '../../models/resources/index.js';
import { authProvider } from './providers/authProvider.js';
import { dataProvider } from './providers/dataProvider.js';
import { DocumentLang } from './common/DocumentLang.js';
import { ConsoleAdmin } from './common/ConsoleAdmin.js';
import { ConsoleAppBar } from './common/ConsoleAppBar.js';
import { ConsoleLayout, ConsoleMenu, ConsoleMenuItem, ResourceMenuItems } from './common/ConsoleLayout.js';
import { i18nProvider } from './i18n/index.js';
import { LoginOnDemand } from './LoginOnDemand.js';
import { resourceProps } from './screen-builder/resource-props.js';

// Each screen loads when first opened (issue 26); the layout's Suspense shows react-admin's loader.
// The users list is where staff land: its chunk is asked for with the console's, not once the
// session has been checked (one round trip less before the first list).
const userList = import('./users/UserList.js');
const UserList = lazy(() => userList.then((m) => ({ default: m.UserList })));
const UserDetail = lazy(() => import('./users/UserDetail.js').then((m) => ({ default: m.UserDetail })));
const OfferList = lazy(() => import('./offers/OfferList.js').then((m) => ({ default: m.OfferList })));
const LandingList = lazy(() => import('./landings/LandingList.js').then((m) => ({ default: m.LandingList })));
const StaffDashboard = lazy(() => import('./home/StaffDashboard.js').then((m) => ({ default: m.StaffDashboard })));

const CUSTOM: Record<string, Partial<Record<'list', () => ReactElement>>> = {
  users: { list: () => <UserList /> },
  offers: { list: () => <OfferList /> },
  landings: { list: () => <LandingList /> },
};

/** The menu: the staff dashboard first (for staff), then the resources (react-admin's look: ConsoleLayout.tsx). */
function StaffMenu() {
  const { permissions } = usePermissions();
  return (
    <ConsoleMenu>
      {permissions === 'admin' && <ConsoleMenuItem to="/today" primaryText="console.home.title" leftIcon={<DashboardIcon />} data-testid="menu-today" />}
      <ResourceMenuItems />
    </ConsoleMenu>
  );
}

function StaffLayout({ children }: { children: ReactNode }) {
  return (
    <ConsoleLayout menu={StaffMenu} appBar={ConsoleAppBar}>
      <DocumentLang />
      {children}
    </ConsoleLayout>
  );
}

function Home() {
  const { permissions, isPending } = usePermissions();
  const translate = useTranslate();
  if (isPending) return null;
  if (permissions !== 'admin') {
    return (
      <Typography sx={{ p: 4 }} variant="h6" data-testid="not-admin">
        {translate('console.not_admin')}
      </Typography>
    );
  }
  return <Navigate to="/users" replace />;
}

export function App() {
  return (
    <ConsoleAdmin dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider()} loginPage={LoginOnDemand} dashboard={Home} layout={StaffLayout}>
      {(permissions: string) =>
        permissions === 'admin'
          ? [
              ...RESOURCES.map((decl) => <Resource key={decl.name} {...resourceProps(decl, CUSTOM[decl.name])} />),
              <CustomRoutes key="custom">
                <Route path="/user/:id" element={<UserDetail />} />
                <Route path="/today" element={<StaffDashboard />} />
              </CustomRoutes>,
            ]
          : []
      }
    </ConsoleAdmin>
  );
}
