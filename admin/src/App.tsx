// The staff console. Resources come from the declarations (resources/index.ts): each gets
// generated screens unless a hand-written one is listed in CUSTOM. Non-staff see the spec's
// 'en cours de développement' message and no resource (so no data) is mounted.
import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { Typography } from '@mui/material';
import { Admin, CustomRoutes, Resource, usePermissions, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { RESOURCES } from '../../models/resources/index.js';
import { authProvider } from './providers/authProvider.js';
import { dataProvider } from './providers/dataProvider.js';
import { i18nProvider } from './i18n/index.js';
import { LoginPage } from './LoginPage.js';
import { resourceProps } from './generated/screens.js';
import { UserList } from './users/UserList.js';
import { UserDetail } from './users/UserDetail.js';
import { OfferList } from './offers/OfferList.js';
import { LandingList } from './landings/LandingList.js';

const CUSTOM: Record<string, Partial<Record<'list', () => ReactElement>>> = {
  users: { list: UserList },
  offers: { list: OfferList },
  landings: { list: LandingList },
};

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
    <Admin dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} loginPage={LoginPage} dashboard={Home} disableTelemetry requireAuth>
      {(permissions: string) =>
        permissions === 'admin'
          ? [
              ...RESOURCES.map((decl) => <Resource key={decl.name} {...resourceProps(decl, CUSTOM[decl.name])} />),
              <CustomRoutes key="custom">
                <Route path="/user/:id" element={<UserDetail />} />
              </CustomRoutes>,
            ]
          : []
      }
    </Admin>
  );
}
