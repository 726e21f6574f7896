// The admin list's profile selector: candidat, recruteur and Wishlist (candidates with pending
// wishlist entries, decision 065) filter the users list; Landing page and Annonces open those lists.
import { MenuItem, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { users } from '../../../models/resources/users/resource.js';
import { filterDefaults } from '../../../models/resources/schema.js';

// The spec's options plus manager: managers are users of their own profile (decision 261).
const OPTIONS = ['candidate', 'recruiter', 'manager', 'landing', 'offers', 'wishlist'] as const;
const ROUTES: Record<string, string> = { landing: '/landings', offers: '/offers' };

export function ProfileSelector({ current }: { current: string; alwaysOn?: boolean; source?: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const list = useListContext();
  return (
    <TextField
      select
      size="small"
      label={translate('console.profile')}
      value={current}
      slotProps={{ htmlInput: { 'data-testid': 'profile-selector' } }}
      sx={{ minWidth: 160, mb: '4px' }}
      onChange={(e) => {
        const v = e.target.value;
        if (ROUTES[v]) navigate(ROUTES[v]);
        else if (list.resource === 'users') list.setFilters({ ...defaultsFor(v) }, {}, false);
        else navigate(`/users?filter=${encodeURIComponent(JSON.stringify(defaultsFor(v)))}`);
      }}
    >
      {OPTIONS.map((o) => (
        <MenuItem key={o} value={o}>
          {translate(`console.profiles.${o}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The view a users-list filter shows: the wishlist view is the candidates with pending wishlist entries. */
export function viewOf(filter: Record<string, unknown>): string {
  return filter.wishlist_pending === true ? 'wishlist' : String(filter.profile ?? 'candidate');
}

/** The filters a view starts with: its declared defaults (last 3 months and the section 9 ranges). */
export function defaultsFor(view: string): Record<string, unknown> {
  return filterDefaults(users, view);
}
