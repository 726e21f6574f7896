// The manager area's theme: react-admin's default with a darker blue, so white text on the bar and
// blue text on white both reach the WCAG AA contrast (axe's color-contrast rule).
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const managerTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { main: '#0d47a1' },
    // Alerts and chips with white text (notifications, states) at 4.5:1 or more.
    warning: { main: '#9a4a00' },
    info: { main: '#01579b' },
    success: { main: '#1b5e20' },
    error: { main: '#c62828' },
  },
};
