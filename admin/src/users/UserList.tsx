// The admin list for candidates, recruiters and managers: profile selector, the profile's filters,
// count line, user cards, "Load more"; the recruiter view also has the create-recruiter form.
import { Box } from '@mui/material';
import { InfiniteList, useListContext } from 'react-admin';
import { users } from '../../resources/users.resource.js';
import { CountLine } from '../common/CountLine.js';
import { FilterBar } from '../common/FilterBar.js';
import { LoadMore } from '../common/LoadMore.js';
import { ProfileSelector, defaultsFor } from '../common/ProfileSelector.js';
import { CreateRecruiterForm } from './CreateRecruiterForm.js';
import { UserCard, type UserRecord } from './UserCard.js';

const FILTERS: Record<string, string[]> = {
  candidate: ['q', 'created_gte', 'created_lte', 'wishlist_count_gte', 'wishlist_count_lte', 'applications_count_gte', 'applications_count_lte', 'contacts_count_gte', 'contacts_count_lte', 'show_closed'],
  recruiter: ['q', 'created_gte', 'created_lte', 'offers_count_gte', 'offers_count_lte', 'candidates_count_gte', 'candidates_count_lte', 'hide_migrated'],
  manager: ['q', 'created_gte', 'created_lte', 'offers_count_gte', 'offers_count_lte', 'candidates_count_gte', 'candidates_count_lte'],
};

function Body() {
  const { data, filterValues } = useListContext<UserRecord>();
  const profile = String(filterValues.profile ?? 'candidate');
  return (
    <Box>
      <FilterBar decl={users} sources={FILTERS[profile] ?? FILTERS.candidate}>
        <ProfileSelector current={profile} />
      </FilterBar>
      {profile === 'recruiter' && <CreateRecruiterForm />}
      <CountLine decl={users} />
      <Box sx={{ px: 1 }}>{data?.map((u) => <UserCard key={u.id} user={u} />)}</Box>
    </Box>
  );
}

export function UserList() {
  return (
    <InfiniteList resource="users" filterDefaultValues={defaultsFor('candidate')} sort={{ field: 'created_at', order: 'DESC' }} debounce={250} perPage={25} pagination={<LoadMore />} actions={false}>
      <Body />
    </InfiniteList>
  );
}
