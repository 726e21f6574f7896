// The admin list's profile selector: candidat, recruteur and Wishlist (candidates with pending
// wishlist entries, decision 065) filter the users list; Landing page and Annonces open those lists.
import { MenuItem, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { RANGE_DEFAULTS } from '../../../models/resources/users/resource.js';

const OPTIONS = ['candidate', 'recruiter', 'landing', 'offers', 'wishlist'] as const;
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

/** The filters a view starts with: last 3 months and the spec's quick-filter ranges. */
export function defaultsFor(view: string): Record<string, unknown> {
  const { wishlist_count, applications_count, contacts_count, offers_count, candidates_count } = RANGE_DEFAULTS;
  const base = { profile: view === 'wishlist' ? 'candidate' : view, created_gte: threeMonthsAgo() };
  if (view === 'recruiter') {
    return { ...base, offers_count_gte: offers_count[0], offers_count_lte: offers_count[1], candidates_count_gte: candidates_count[0], candidates_count_lte: candidates_count[1] };
  }
  return {
    ...base,
    ...(view === 'wishlist' ? { wishlist_pending: true } : {}),
    wishlist_count_gte: wishlist_count[0], wishlist_count_lte: wishlist_count[1],
    applications_count_gte: applications_count[0], applications_count_lte: applications_count[1],
    contacts_count_gte: contacts_count[0], contacts_count_lte: contacts_count[1],
  };
}

/** The wishlist view of one offer (offer cards link to it): every candidate with it pending, any date. */
export function wishlistOfOffer(jobCode: string): string {
  return `#/users?filter=${encodeURIComponent(JSON.stringify({ profile: 'candidate', wishlist_pending: true, wishlist_job_code: jobCode }))}`;
}

export function threeMonthsAgo(): string {
  const from = new Date();
  from.setMonth(from.getMonth() - 3);
  return from.toISOString().slice(0, 10);
}
