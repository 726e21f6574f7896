// The admin list for candidates, recruiters, managers and the wishlist view (candidates with pending
// wishlist entries): profile selector, the view's filters, count line, user cards, "Load more"; the
// recruiter view also has the create-recruiter form. Active filters show as removable chips, and
// the list says how many people they hide (decision 261).
import { lazy, Suspense } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useGetList, useListContext, useTranslate } from 'react-admin';
import { users } from '../../../models/resources/users/resource.js';
import { CountLine } from '../common/CountLine.js';
import { FilterBar } from '../common/FilterBar.js';
import { FilterChips } from '../common/FilterChips.js';
import { CardsList } from '../common/CardsList.js';
import { ProfileSelector, defaultsFor, viewOf } from '../common/ProfileSelector.js';
import { UserCard, type UserRecord } from './UserCard.js';

const VIEWS = users.list.views;

/** Only the recruiters' view shows the form: it loads when that view is first opened (issue 26). */
const CreateRecruiterForm = lazy(() => import('./CreateRecruiterForm.js').then((m) => ({ default: m.CreateRecruiterForm })));

/** The filters that choose the view (who is listed), not narrow it: they get no chip. */
const VIEW_FILTERS = ['profile', 'wishlist_pending'];

/**
 * Says how many people of the view (and of the search, if any) the other active filters hide,
 * with a button that clears them: a search for someone who just applied never answers a bare "0".
 */
function HiddenByFilters() {
  const { filterValues, total, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  const unfiltered = Object.fromEntries(Object.entries(filterValues).filter(([k]) => VIEW_FILTERS.includes(k) || k === 'q'));
  const narrowed = Object.keys(filterValues).length > Object.keys(unfiltered).length;
  const { total: all } = useGetList('users', { filter: unfiltered, pagination: { page: 1, perPage: 1 }, sort: { field: 'created_at', order: 'DESC' } }, { enabled: narrowed });
  if (!narrowed || all === undefined || total === undefined || all <= total) return null;
  return (
    <Alert
      severity={total === 0 ? 'warning' : 'info'}
      sx={{ mx: 1, mb: 1 }}
      data-testid="hidden-by-filters"
      action={
        <Button size="small" onClick={() => setFilters(unfiltered, displayedFilters, false)}>
          {translate('console.clear_filters')}
        </Button>
      }
    >
      {translate('console.hidden_by_filters', { smart_count: all - total })}
    </Alert>
  );
}

function Body() {
  const { data, filterValues } = useListContext<UserRecord>();
  const view = viewOf(filterValues);
  return (
    <Box>
      <FilterBar decl={users} sources={[...(VIEWS[view as keyof typeof VIEWS] ?? VIEWS.candidate).filters]}>
        <ProfileSelector current={view} />
      </FilterBar>
      {/* The search shows in its own box. */}
      <FilterChips decl={users} fixed={[...VIEW_FILTERS, 'q']} />
      {view === 'recruiter' && (
        <Suspense fallback={null}>
          <CreateRecruiterForm />
        </Suspense>
      )}
      <CountLine decl={users} />
      <HiddenByFilters />
      <Box sx={{ px: 1 }}>
        {data?.map((u) => (
          <UserCard key={u.id} user={u} />
        ))}
      </Box>
    </Box>
  );
}

export function UserList() {
  return (
    <CardsList resource="users" filterDefaultValues={defaultsFor('candidate')} sort={{ field: 'created_at', order: 'DESC' }} debounce={250} perPage={25}>
      <Body />
    </CardsList>
  );
}
