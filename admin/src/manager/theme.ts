// The manager area's theme: react-admin's default with a darker blue, so white text on the bar and
// blue text on white both reach the WCAG AA contrast (axe's color-contrast rule).
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const managerTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#1565c0' }, secondary: { main: '#0d47a1' } },
};
