// The frame of the staff console and the manager area: react-admin's Layout, Menu and menu items
// (MenuItemLink, ResourceMenuItem) as react-admin draws them (the same class names, theme keys,
// look, tooltips when the sidebar is closed, links and focus), without what these consoles never
// use and which react-admin put in their first download (issue 26, decision 398):
// - the preferences Inspector the Layout mounts (no console has the button that opens it);
// - the menu items' keyboard shortcuts (react-hotkeys-hook): no menu item here declares one;
// - the error page and its accordion: loaded when an error is shown;
// - the English inflection of resource names (useResourceLabel instead of useGetResourceLabel).
import { Component, forwardRef, lazy, Suspense, createElement, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ListItemIcon, MenuItem, MenuList, Tooltip, Typography, useMediaQuery, type MenuItemProps, type SxProps, type Theme } from '@mui/material';
import { styled } from '@mui/material/styles';
import DefaultIcon from '@mui/icons-material/ViewList';
import {
  CLOSED_DRAWER_WIDTH,
  DRAWER_WIDTH,
  LinkBase,
  Loading,
  Sidebar,
  SkipNavigationButton,
  useBasename,
  useCanAccess,
  useCreatePath,
  useMatch,
  useResourceDefinitions,
  useSidebarState,
  useTranslate,
  type AppBarProps,
  type LinkBaseProps,
} from 'react-admin';
import { useResourceLabel } from './resource-label.js';

const ErrorPage = lazy(() => import('./ErrorPages.js').then((m) => ({ default: m.Error })));

const LAYOUT = 'RaLayout';
const LayoutClasses = { appFrame: `${LAYOUT}-appFrame`, contentWithSidebar: `${LAYOUT}-contentWithSidebar`, content: `${LAYOUT}-content` };

// react-admin's Layout styles (ra-ui-materialui's layout/Layout.tsx).
const Core = styled('div', { name: LAYOUT, overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: (theme.vars || theme).palette.background.default,
  position: 'relative',
  minWidth: 'fit-content',
  width: '100%',
  [`& .${LayoutClasses.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  [`& .${LayoutClasses.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', { easing: theme.transitions.easing.easeOut, duration: theme.transitions.duration.enteringScreen }),
  },
  [`& .${LayoutClasses.content}`]: {
    backgroundColor: (theme.vars || theme).palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    [theme.breakpoints.up('xs')]: { paddingRight: theme.spacing(1), paddingLeft: theme.spacing(1) },
  },
}));

interface BoundaryState {
  error?: Error;
  info?: ErrorInfo;
}

/**
 * The page's error boundary, as react-admin's Layout has (react-error-boundary's, which is not one
 * of our dependencies): shows react-admin's error page, which clears it when the location changes.
 */
class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = {};

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(_error: unknown, info: ErrorInfo) {
    this.setState({ info });
  }

  reset = () => this.setState({ error: undefined, info: undefined });

  render() {
    const { error, info } = this.state;
    if (!error) return this.props.children;
    return (
      <Suspense fallback={<Loading />}>
        <ErrorPage error={error} errorInfo={info} resetErrorBoundary={this.reset} />
      </Suspense>
    );
  }
}

interface ConsoleLayoutProps {
  /** The app bar: the staff console's ConsoleAppBar, the manager area's own (no react-admin AppBar as a default: decision 420). */
  appBar: ComponentType<AppBarProps>;
  menu: ComponentType;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/** react-admin's Layout: skip link, app bar, sidebar with the menu, the page in an error boundary and a Suspense. */
export function ConsoleLayout({ appBar: AppBar, menu: Menu, sx, children }: ConsoleLayoutProps) {
  return (
    <Core className="layout" sx={sx}>
      <SkipNavigationButton />
      <div className={LayoutClasses.appFrame}>
        <AppBar />
        <main className={LayoutClasses.contentWithSidebar}>
          <Sidebar>
            <Menu />
          </Sidebar>
          <div id="main-content" className={LayoutClasses.content}>
            <PageErrorBoundary>
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </PageErrorBoundary>
          </div>
        </main>
      </div>
    </Core>
  );
}

const MENU = 'RaMenu';
const MenuClasses = { open: `${MENU}-open`, closed: `${MENU}-closed` };

// react-admin's Menu styles (layout/Menu.tsx); the theme's sidebar widths if it sets them.
const MenuRoot = styled(MenuList, { name: MENU, overridesResolver: (_props, styles) => styles.root })(({ theme }) => {
  const sidebar = (theme as { sidebar?: { width?: number; closedWidth?: number } }).sidebar;
  return {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'flex-start',
    [theme.breakpoints.only('xs')]: { marginTop: 0 },
    transition: theme.transitions.create('width', { easing: theme.transitions.easing.sharp, duration: theme.transitions.duration.leavingScreen }),
    [`&.${MenuClasses.open}`]: { width: sidebar?.width ?? DRAWER_WIDTH },
    [`&.${MenuClasses.closed}`]: { width: sidebar?.closedWidth ?? CLOSED_DRAWER_WIDTH },
  };
});

/** react-admin's Menu: the list of menu items, as wide as the sidebar (open or closed). */
export function ConsoleMenu({ children }: { children?: ReactNode }) {
  const [open] = useSidebarState();
  return <MenuRoot className={open ? MenuClasses.open : MenuClasses.closed}>{children}</MenuRoot>;
}

const ITEM = 'RaMenuItemLink';
const ItemClasses = { root: `${ITEM}-root`, active: `${ITEM}-active`, icon: `${ITEM}-icon` };

// react-admin's MenuItemLink styles (layout/MenuItemLink.tsx).
const StyledMenuItem = styled(MenuItem, { name: ITEM, overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  color: (theme.vars || theme).palette.text.secondary,
  [`& .${ItemClasses.icon}`]: { color: (theme.vars || theme).palette.text.secondary, minWidth: theme.spacing(5) },
  [`&.${ItemClasses.active}`]: { color: (theme.vars || theme).palette.text.primary },
  [`.MuiList-dense > & > .${ItemClasses.icon}`]: { minWidth: theme.spacing(3.5) },
}));

const LinkRef = forwardRef<HTMLAnchorElement, LinkBaseProps>((props, ref) => <LinkBase ref={ref} {...props} />);
LinkRef.displayName = 'LinkRef';

type ConsoleMenuItemProps = Omit<MenuItemProps<'li'>, 'placeholder'> & {
  to: string;
  /** A catalog key (translated) or what to show. */
  primaryText: ReactNode;
  leftIcon?: ReactNode;
  state?: unknown;
};

/**
 * react-admin's MenuItemLink: a link drawn as a menu item, marked active on its page, that closes
 * the sidebar on a small screen, with its name in a tooltip when the sidebar is closed.
 */
export function ConsoleMenuItem({ to, primaryText, leftIcon, onClick, className, ...rest }: ConsoleMenuItemProps) {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const basename = useBasename();
  const [open, setOpen] = useSidebarState();
  const match = useMatch({ path: to, end: to === `${basename}/` });
  const text = typeof primaryText === 'string' ? translate(primaryText, { _: primaryText }) : primaryText;
  const item = (
    <StyledMenuItem
      className={[className, ItemClasses.root, match ? ItemClasses.active : undefined].filter(Boolean).join(' ')}
      // MUI's MenuItem takes the link component and passes it the link's props.
      {...({ component: LinkRef, to } as object)}
      tabIndex={0}
      {...rest}
      onClick={(e) => {
        if (isSmall) setOpen(false);
        onClick?.(e);
      }}
    >
      {leftIcon && <ListItemIcon className={ItemClasses.icon}>{leftIcon}</ListItemIcon>}
      <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
        {text}
      </Typography>
    </StyledMenuItem>
  );
  if (open) return item;
  return (
    <Tooltip title={text} placement="right">
      {item}
    </Tooltip>
  );
}

/** react-admin's ResourceMenuItem: a resource's list, when the user may list it. */
function ResourceMenuItem({ name }: { name: string }) {
  const resources = useResourceDefinitions();
  const { canAccess, error, isPending } = useCanAccess({ action: 'list', resource: name });
  const getResourceLabel = useResourceLabel();
  const createPath = useCreatePath();
  if (!resources[name] || isPending || canAccess === false || error != null) return null;
  return (
    <ConsoleMenuItem
      to={createPath({ resource: name, type: 'list' })}
      state={{ _scrollToTop: true }}
      primaryText={<>{getResourceLabel(name, 2)}</>}
      leftIcon={resources[name].icon ? createElement(resources[name].icon) : <DefaultIcon />}
    />
  );
}

/** react-admin's ResourceMenuItems: one item per resource that has a list. */
export function ResourceMenuItems() {
  const resources = useResourceDefinitions();
  return (
    <>
      {Object.keys(resources)
        .filter((name) => resources[name].hasList)
        .map((name) => (
          <ResourceMenuItem key={name} name={name} />
        ))}
    </>
  );
}
