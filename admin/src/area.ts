// Which of the build's three areas this page is: the staff console under /admin, the manager area
// under /manager, the recruiter dashboard under /dashboard. main.tsx loads that area's code, and
// i18n/index.ts its messages (the staff console's catalog holds only its own keys: decision 420).
export type ConsoleArea = 'admin' | 'manager' | 'dashboard';

export function areaOf(pathname: string): ConsoleArea {
  return /^\/dashboard(\/|$)/.test(pathname) ? 'dashboard' : /^\/manager(\/|$)/.test(pathname) ? 'manager' : 'admin';
}
