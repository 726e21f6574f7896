// The staff console's app bar menus (ConsoleAppBar.tsx), loaded when one is first opened: react-admin's
// LocalesMenuButton's menu and UserMenu's (with its default item, react-admin's Logout), the same
// ids, anchors and items (issue 26, decision 420).
import { useCallback, useMemo } from 'react';
import { Menu, MenuItem } from '@mui/material';
import { Logout, UserMenuContextProvider, useLocales, useLocaleState } from 'react-admin';

interface MenuProps {
  anchorEl: HTMLElement | null;
  onClose: () => void;
}

/** The languages; choosing one switches the console to it (react-admin loads its messages). */
export function LocalesMenu({ anchorEl, onClose }: MenuProps) {
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  return (
    <Menu id="simple-menu" anchorEl={anchorEl} keepMounted open={Boolean(anchorEl)} onClose={onClose}>
      {languages.map((language) => (
        <MenuItem
          key={language.locale}
          onClick={() => {
            setLocale(language.locale);
            onClose();
          }}
          selected={language.locale === locale}
        >
          {language.name}
        </MenuItem>
      ))}
    </Menu>
  );
}

/** The user's menu: "Logout". */
export function UserMenuList({ anchorEl, onClose }: MenuProps) {
  const close = useCallback(() => onClose(), [onClose]);
  const context = useMemo(() => ({ onClose: close }), [close]);
  return (
    <UserMenuContextProvider value={context}>
      <Menu
        id="menu-appbar"
        disableScrollLock
        anchorEl={anchorEl}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        open={Boolean(anchorEl)}
        onClose={onClose}
      >
        <Logout />
      </Menu>
    </UserMenuContextProvider>
  );
}
