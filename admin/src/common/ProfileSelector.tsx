// The admin list's profile selector: candidat and recruteur filter the users list; Landing page,
// Annonces and Wishlist open those lists.
import { MenuItem, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

const OPTIONS = ['candidate', 'recruiter', 'landing', 'offers', 'wishlist'] as const;
const ROUTES: Record<string, string> = { landing: '/landings', offers: '/offers', wishlist: '/wishlists' };

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

/** The filters a profile view starts with: last 3 months and the spec's quick-filter ranges. */
export function defaultsFor(profile: string): Record<string, unknown> {
  const from = new Date();
  from.setMonth(from.getMonth() - 3);
  const base = { profile, created_gte: from.toISOString().slice(0, 10) };
  if (profile === 'recruiter') return { ...base, offers_count_gte: 0, offers_count_lte: 1000, candidates_count_gte: 0, candidates_count_lte: 1000 };
  return { ...base, wishlist_count_gte: 0, wishlist_count_lte: 100, applications_count_gte: 0, applications_count_lte: 0, contacts_count_gte: 0, contacts_count_lte: 100 };
}

export function threeMonthsAgo(): string {
  const from = new Date();
  from.setMonth(from.getMonth() - 3);
  return from.toISOString().slice(0, 10);
}
