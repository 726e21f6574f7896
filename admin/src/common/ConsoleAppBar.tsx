// The staff console's app bar: react-admin's AppBar as it draws it there (hidden on scroll, the
// sidebar button, the page title, the language button, the loading indicator and the user button,
// with react-admin's class names, theme keys and styles), whose two menus (the languages, the user's
// with "Logout") load when first opened (AppBarMenus.tsx), and without the light/dark theme button,
// which no console has (react-admin's AppBar names it, so it was downloaded). Issue 26, decision 420.
import { lazy, Suspense, useState, type MouseEvent, type ReactElement } from 'react';
import { AppBar as MuiAppBar, Avatar, Button, IconButton, Toolbar, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { styled } from '@mui/material/styles';
import LanguageIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { HideOnScroll, LoadingIndicator, SidebarToggleButton, TitlePortal, useGetIdentity, useLocales, useLocaleState, useTranslate } from 'react-admin';

const LocalesMenu = lazy(() => import('./AppBarMenus.js').then((m) => ({ default: m.LocalesMenu })));
const UserMenuList = lazy(() => import('./AppBarMenus.js').then((m) => ({ default: m.UserMenuList })));

const PREFIX = 'RaAppBar';
const classes = { appBar: `${PREFIX}-appBar`, toolbar: `${PREFIX}-toolbar`, menuButton: `${PREFIX}-menuButton`, title: `${PREFIX}-title` };

// react-admin's AppBar styles (layout/AppBar.tsx).
const StyledAppBar = styled(MuiAppBar, { name: PREFIX, overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  [`& .${classes.toolbar}`]: { padding: `0 ${theme.spacing(1)}`, [theme.breakpoints.down('md')]: { minHeight: theme.spacing(6) } },
  [`& .${classes.menuButton}`]: { marginRight: '0.2em' },
  [`& .${classes.title}`]: {},
}));

/** react-admin's LocalesMenuButton: the language shown, its menu loaded on the first click (kept mounted then, as react-admin's). */
function LocalesButton() {
  const languages = useLocales();
  const [locale] = useLocaleState();
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const [asked, setAsked] = useState(false);
  if (languages.length <= 1) return null;
  return (
    <span className="RaLocalesMenuButton-root">
      <Button
        color="inherit"
        variant="text"
        aria-controls="simple-menu"
        aria-label=""
        aria-haspopup="true"
        onClick={(e: MouseEvent<HTMLElement>) => {
          setAsked(true);
          setAnchorEl(e.currentTarget);
        }}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {languages.find((l) => l.locale === locale)?.name ?? ''}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <LocalesMenu anchorEl={anchorEl} onClose={() => setAnchorEl(null)} />
        </Suspense>
      )}
    </span>
  );
}

const UserRoot = styled('div', { name: 'RaUserMenu', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  '& .RaUserMenu-userButton': { textTransform: 'none', marginInlineStart: theme.spacing(0.5) },
  '& .RaUserMenu-avatar': { width: theme.spacing(3), height: theme.spacing(3) },
}));

/** react-admin's UserMenu with its default item ("Logout"): the user's button, the menu loaded on the first click. */
function UserButton() {
  const translate = useTranslate();
  const { isPending, identity } = useGetIdentity();
  const isLargeEnough = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const [asked, setAsked] = useState(false);
  const open = (e: MouseEvent<HTMLElement>) => {
    setAsked(true);
    setAnchorEl(e.currentTarget);
  };
  const avatar = identity?.avatar ? <Avatar className="RaUserMenu-avatar" src={identity.avatar} alt={identity.fullName} /> : null;
  return (
    <UserRoot>
      {isLargeEnough && !isPending && identity?.fullName ? (
        <Button
          aria-label={translate('ra.auth.user_menu', { _: 'ra.auth.user_menu' })}
          className="RaUserMenu-userButton"
          color="inherit"
          startIcon={avatar ?? <AccountCircle />}
          onClick={open}
          variant="text"
        >
          {identity.fullName}
        </Button>
      ) : (
        <Tooltip title={translate('ra.auth.user_menu', { _: 'Profile' })}>
          <IconButton aria-label={translate('ra.auth.user_menu', { _: 'Profile' })} aria-owns={anchorEl ? 'menu-appbar' : undefined} aria-haspopup color="inherit" onClick={open}>
            {(!isPending && avatar) || <AccountCircle />}
          </IconButton>
        </Tooltip>
      )}
      {asked && (
        <Suspense fallback={null}>
          <UserMenuList anchorEl={anchorEl} onClose={() => setAnchorEl(null)} />
        </Suspense>
      )}
    </UserRoot>
  );
}

/** react-admin's AppBar as the staff console shows it (ConsoleLayout's appBar). */
export function ConsoleAppBar(): ReactElement {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <HideOnScroll>
      <StyledAppBar className={classes.appBar} color="secondary">
        <Toolbar disableGutters variant={isXSmall ? 'regular' : 'dense'} className={classes.toolbar}>
          <SidebarToggleButton className={classes.menuButton} />
          <TitlePortal className={classes.title} />
          <LocalesButton />
          <LoadingIndicator />
          <UserButton />
        </Toolbar>
      </StyledAppBar>
    </HideOnScroll>
  );
}
