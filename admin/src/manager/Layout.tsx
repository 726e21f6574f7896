// The manager area's frame: react-admin's layout (as drawn by common/ConsoleLayout.tsx) with the area's left menu (home, offers,
// templates, shops, invitation reminders (issue 27), and subscriptions when the manager has some; back-office.md section 2).
import type { ReactNode } from 'react';
import { AppBar, Logout, UserMenu, useGetIdentity, useGetList, usePermissions } from 'react-admin';
import HomeIcon from '@mui/icons-material/Home';
import WorkIcon from '@mui/icons-material/Work';
import DescriptionIcon from '@mui/icons-material/Description';
import StoreIcon from '@mui/icons-material/Store';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import AlarmIcon from '@mui/icons-material/Alarm';
import KeyIcon from '@mui/icons-material/Key';
import WebhookIcon from '@mui/icons-material/Webhook';
import { DocumentLang } from '../common/DocumentLang.js';
import { ConsoleLayout, ConsoleMenu, ConsoleMenuItem } from '../common/ConsoleLayout.js';

/** Lists fit a phone: the table scrolls sideways inside its box, not the page. */
export const LIST_SX = { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } } as const;

function SubscriptionsItem() {
  const { total } = useGetList('subscriptions', { pagination: { page: 1, perPage: 1 }, sort: { field: 'created_at', order: 'DESC' } });
  return total ? <ConsoleMenuItem to="/subscriptions" primaryText="manager.menu.subscriptions" leftIcon={<CardMembershipIcon />} /> : null;
}

export function ManagerMenu() {
  const { permissions } = usePermissions();
  if (permissions !== 'manager') return <ConsoleMenu />;
  return (
    <ConsoleMenu>
      <ConsoleMenuItem to="/" primaryText="manager.menu.home" leftIcon={<HomeIcon />} />
      <ConsoleMenuItem to="/offers" primaryText="manager.menu.offers" leftIcon={<WorkIcon />} />
      <ConsoleMenuItem to="/templates" primaryText="manager.menu.templates" leftIcon={<DescriptionIcon />} />
      <ConsoleMenuItem to="/shops" primaryText="manager.menu.shops" leftIcon={<StoreIcon />} />
      <ConsoleMenuItem to="/invitation-settings" primaryText="manager.menu.invitations" leftIcon={<AlarmIcon />} />
      <SubscriptionsItem />
      <ConsoleMenuItem to="/api-keys" primaryText="manager.menu.api_keys" leftIcon={<KeyIcon />} />
      <ConsoleMenuItem to="/webhooks" primaryText="manager.menu.webhooks" leftIcon={<WebhookIcon />} />
    </ConsoleMenu>
  );
}

/** The user menu's button is named by what it shows (the user's name): axe's label-content-name-mismatch. */
function ManagerUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ?? 'ra.auth.user_menu'}>
      <Logout />
    </UserMenu>
  );
}

function ManagerAppBar() {
  return <AppBar userMenu={<ManagerUserMenu />} />;
}

export function ManagerLayout({ children }: { children: ReactNode }) {
  return (
    <ConsoleLayout menu={ManagerMenu} appBar={ManagerAppBar} sx={{ minWidth: 0, '& .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } }}>
      <DocumentLang />
      {children}
    </ConsoleLayout>
  );
}
