// The pages of the manager area (back-office.md section 2): /manager/{page}[/{id}]. Read by the
// server (api/admin-console.ts answers any other /manager path with a 404 status, the console
// drawing its not-found page) and by the console's router (admin/src/manager/ManagerApp.tsx).
// Browser-safe.

/** Pages that stand alone: /manager/{page}. '' and 'home' are the home page. */
export const MANAGER_PAGES = ['', 'home', 'offers', 'offer-create', 'templates', 'shops', 'subscriptions', 'invitation-settings', 'api-keys', 'webhooks'] as const;
/** Pages of one record: /manager/{page}/{id} ('new' for a new template or shop). */
export const MANAGER_RECORD_PAGES = ['offer', 'template', 'shop', 'subscription'] as const;

/** Whether a path under /manager (without the prefix, e.g. 'offer/CAFE75') names a page of the area. */
export function isManagerPage(rest: string): boolean {
  const parts = rest.replace(/^\/+|\/+$/g, '').split('/');
  if (parts.length === 1) return (MANAGER_PAGES as readonly string[]).includes(parts[0]);
  return parts.length === 2 && parts[1] !== '' && (MANAGER_RECORD_PAGES as readonly string[]).includes(parts[0]);
}
