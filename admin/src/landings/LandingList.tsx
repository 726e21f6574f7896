// Landing-page leads without an account: the three notification-state buttons (SMS-Notifié by
// default), search and dates, and a card per lead (always contactable).
import { Box, Button, ButtonGroup, Card, CardContent, Link, Typography } from '@mui/material';
import { InfiniteList, useListContext, useTranslate } from 'react-admin';
import { landings, NOTIF_CHOICES } from '../../../models/resources/landings/resource.js';
import { CountLine } from '../common/CountLine.js';
import { FilterBar } from '../common/FilterBar.js';
import { LoadMore } from '../common/LoadMore.js';
import { ProfileSelector } from '../common/ProfileSelector.js';
import { filterDefaults } from '../../../models/resources/schema.js';
import { listDate } from '../common/format.js';
import { StateDot } from '../users/UserCard.js';

interface Lead {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  phone_number?: string;
  job_code: string;
  notif: number;
  notified_at?: string | null;
  created_at: string;
}

function NotifButtons() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  return (
    <ButtonGroup size="small">
      {NOTIF_CHOICES.map((n) => (
        <Button key={n} variant={Number(filterValues.notif) === n ? 'contained' : 'outlined'} onClick={() => setFilters({ ...filterValues, notif: n }, displayedFilters, false)}>
          {translate(`console.notif.${n}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}

function Body() {
  const { data } = useListContext<Lead>();
  const translate = useTranslate();
  return (
    <Box>
      <FilterBar decl={landings} sources={['q', 'created_gte', 'created_lte']}>
        <ProfileSelector current="landing" />
        <NotifButtons />
      </FilterBar>
      <CountLine decl={landings} />
      <Box sx={{ px: 1 }}>
        {data?.map((l) => (
          <Card key={l.id} variant="outlined" sx={{ mb: 1 }} data-testid="lead-card">
            <CardContent>
              <Typography variant="subtitle1">
                <StateDot color="green" />
                {l.firstname} {l.lastname}
              </Typography>
              <Typography variant="body2">
                {l.email} · {l.phone_number}
              </Typography>
              <Typography variant="caption" sx={{ display: 'block' }}>
                {translate('console.created')} {listDate(l.created_at)} · {translate('console.notifications')}: {translate(`console.notif.${l.notif}`)} {l.notified_at ? listDate(l.notified_at) : ''}
              </Typography>
              <Link href={`/candidate/offer/${l.job_code}`} target="_blank" rel="noopener">
                {l.job_code}
              </Link>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

export function LandingList() {
  return (
    <InfiniteList
      resource="landings"
      filterDefaultValues={filterDefaults(landings)}
      sort={{ field: 'created_at', order: 'DESC' }}
      debounce={250}
      perPage={25}
      pagination={<LoadMore />}
      actions={false}
    >
      <Body />
    </InfiniteList>
  );
}
