// The admin list for candidates, recruiters, managers and the wishlist view (candidates with pending
// wishlist entries): profile selector, the view's filters, count line, user cards, "Load more"; the
// recruiter view also has the create-recruiter form.
import { Box } from '@mui/material';
import { InfiniteList, useListContext } from 'react-admin';
import { users } from '../../../models/resources/users/resource.js';
import { CountLine } from '../common/CountLine.js';
import { FilterBar } from '../common/FilterBar.js';
import { LoadMore } from '../common/LoadMore.js';
import { ProfileSelector, defaultsFor, viewOf } from '../common/ProfileSelector.js';
import { CreateRecruiterForm } from './CreateRecruiterForm.js';
import { UserCard, type UserRecord } from './UserCard.js';

const VIEWS = users.list.views;

function Body() {
  const { data, filterValues } = useListContext<UserRecord>();
  const view = viewOf(filterValues);
  return (
    <Box>
      <FilterBar decl={users} sources={[...(VIEWS[view as keyof typeof VIEWS] ?? VIEWS.candidate).filters]}>
        <ProfileSelector current={view} />
      </FilterBar>
      {view === 'recruiter' && <CreateRecruiterForm />}
      <CountLine decl={users} />
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
    <InfiniteList resource="users" filterDefaultValues={defaultsFor('candidate')} sort={{ field: 'created_at', order: 'DESC' }} debounce={250} perPage={25} pagination={<LoadMore />} actions={false}>
      <Body />
    </InfiniteList>
  );
}
