// The manager area at /manager (back-office.md section 2, "Manager area"): the react-admin console
// built from the same resource declarations as the staff console (templates, shops and
// subscriptions are generated screens; the server scopes their rows to the manager), plus the
// hand-written screens the spec asks for: the home tiles, the offers table, one offer's candidates
// with their side panel, and bulk creation. Whoever does not count as a manager sees 'manager
// access not allowed' and no data is asked for. Loaded on demand by main.tsx.
import { lazy } from 'react';
import { Navigate, Route, useParams } from 'react-router-dom';
import { CustomRoutes, Resource } from 'react-admin';
import { ConsoleAdmin } from '../common/ConsoleAdmin.js';
import { managerAuthProvider } from '../providers/authProvider.js';
import { dataProvider } from '../providers/dataProvider.js';
import { i18nProvider } from '../i18n/index.js';
import { LoginOnDemand } from '../LoginOnDemand.js';
import { resourceProps } from '../screen-builder/resource-props.js';
import { shops } from '../../../models/resources/shops/resource.js';
import { templates } from '../../../models/resources/templates/resource.js';
import { subscriptions } from '../../../models/resources/subscriptions/resource.js';
import { apiKeys } from '../../../models/resources/api-keys/resource.js';
import { ManagerLayout } from './Layout.js';
import { managerTheme } from './theme.js';
import { ManagerHome } from './Home.js';
import { ManagerNotFound } from './NotFound.js';

// The home is the first screen; every other one loads when first opened (issue 26), the layout's
// Suspense showing react-admin's loader meanwhile.
const ManagerOfferList = lazy(() => import('./OfferList.js').then((m) => ({ default: m.ManagerOfferList })));
const OfferCandidates = lazy(() => import('./OfferCandidates.js').then((m) => ({ default: m.OfferCandidates })));
const OfferCreate = lazy(() => import('./OfferCreate.js').then((m) => ({ default: m.OfferCreate })));
const ShopList = lazy(() => import('./Shops.js').then((m) => ({ default: m.ShopList })));
const ShopEdit = lazy(() => import('./Shops.js').then((m) => ({ default: m.ShopEdit })));
const ShopCreate = lazy(() => import('./Shops.js').then((m) => ({ default: m.ShopCreate })));
const TemplateList = lazy(() => import('./Templates.js').then((m) => ({ default: m.TemplateList })));
const TemplateEdit = lazy(() => import('./Templates.js').then((m) => ({ default: m.TemplateEdit })));
const TemplateCreate = lazy(() => import('./Templates.js').then((m) => ({ default: m.TemplateCreate })));
const ReminderSettings = lazy(() => import('../invitations/ReminderSettings.js').then((m) => ({ default: m.ReminderSettings })));
const SubscriptionList = lazy(() => import('./Subscriptions.js').then((m) => ({ default: m.SubscriptionList })));
const SubscriptionShow = lazy(() => import('./Subscriptions.js').then((m) => ({ default: m.SubscriptionShow })));
const ApiKeyList = lazy(() => import('./ApiKeys.js').then((m) => ({ default: m.ApiKeyList })));
const WebhooksPage = lazy(() => import('./Webhooks.js').then((m) => ({ default: m.WebhooksPage })));

/** The spec's one-record paths (/manager/template/{id|new}) as the console's resource routes. */
function RecordRedirect({ resource, show }: { resource: string; show?: boolean }) {
  const { id } = useParams();
  if (id === 'new') return <Navigate to={`/${resource}/create`} replace />;
  return <Navigate to={`/${resource}/${encodeURIComponent(id ?? '')}${show ? '/show' : ''}`} replace />;
}

export default function ManagerApp() {
  return (
    <ConsoleAdmin
      dataProvider={dataProvider}
      authProvider={managerAuthProvider}
      i18nProvider={i18nProvider()}
      loginPage={LoginOnDemand}
      layout={ManagerLayout}
      theme={managerTheme}
      dashboard={ManagerHome}
      catchAll={ManagerNotFound}
      title="manager.title"
    >
      {(permissions: string) =>
        permissions === 'manager'
          ? [
              <Resource key="templates" {...resourceProps(templates, { list: () => <TemplateList />, edit: () => <TemplateEdit />, create: () => <TemplateCreate /> })} show={undefined} />,
              <Resource key="shops" {...resourceProps(shops, { list: () => <ShopList />, edit: () => <ShopEdit />, create: () => <ShopCreate /> })} show={undefined} />,
              <Resource key="subscriptions" {...resourceProps(subscriptions, { list: () => <SubscriptionList />, show: () => <SubscriptionShow /> })} />,
              <Resource key="api-keys" {...resourceProps(apiKeys, { list: () => <ApiKeyList /> })} />,
              <Resource key="users" name="users" recordRepresentation="name" />,
              <CustomRoutes key="pages">
                <Route path="/home" element={<ManagerHome />} />
                <Route path="/offers" element={<ManagerOfferList />} />
                <Route path="/offer-create" element={<OfferCreate />} />
                <Route path="/offer/:jobCode" element={<OfferCandidates />} />
                <Route path="/invitation-settings" element={<ReminderSettings />} />
                <Route path="/webhooks" element={<WebhooksPage />} />
                <Route path="/template/:id" element={<RecordRedirect resource="templates" />} />
                <Route path="/shop/:id" element={<RecordRedirect resource="shops" />} />
                <Route path="/subscription/:id" element={<RecordRedirect resource="subscriptions" show />} />
              </CustomRoutes>,
            ]
          : []
      }
    </ConsoleAdmin>
  );
}
