// Landing-page leads without an account: the three notification-state buttons (SMS-Notifié by
// default), search and dates, and a card per lead (always contactable) with its "resend" button;
// "resend to the selection" resends every lead the filters select (docs/decisions/165-lead-resend.md).
import { Box, Button, ButtonGroup, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { InfiniteList, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.js';
import { useAction } from '../common/useAction.js';
import { postJson } from '../common/http.js';
import { landings } from '../../../models/resources/landings/resource.js';
import { NOTIF_STATES } from '../../../models/rules/lead-notif-states.js';
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
  notif_resend: number;
  /** The CV sent with the form, signed for the reader; null without one. */
  cv_url?: string | null;
  created_at: string;
}

function NotifButtons() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  return (
    <ButtonGroup size="small">
      {NOTIF_STATES.map((n) => (
        <Button key={n} variant={Number(filterValues.notif) === n ? 'contained' : 'outlined'} onClick={() => setFilters({ ...filterValues, notif: n }, displayedFilters, false)}>
          {translate(`console.notif.${n}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}

/** Resends every lead of the current filters, after confirming; the server skips those in progress or just notified. */
function BulkResend() {
  const { filterValues, total } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!total) return null;
  return (
    <ConfirmButton
      label={translate('leads.bulk_resend')}
      question={translate('leads.bulk_resend_confirm', { count: total })}
      onConfirm={async () => {
        try {
          const result = await postJson<{ message: string }>('/apis/console/landings/resend', { filter: filterValues });
          notify(result.message, { type: 'success' });
          refresh();
        } catch (e) {
          const err = e as { body?: { message?: string }; message?: string };
          notify(err.body?.message ?? err.message ?? 'ra.notification.http_error', { type: 'error' });
        }
      }}
    />
  );
}

function LeadCard({ lead: l }: { lead: Lead }) {
  const translate = useTranslate();
  const run = useAction();
  return (
    <Card variant="outlined" sx={{ mb: 1 }} data-testid="lead-card">
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
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Link href={`/candidate/offer/${l.job_code}`} target="_blank" rel="noopener">
            {l.job_code}
          </Link>
          {l.cv_url && (
            <Link href={l.cv_url} target="_blank" rel="noopener" data-testid="lead-cv">
              {translate('console.open_cv')}
            </Link>
          )}
          <Typography variant="caption" data-testid="resend-state">
            {translate(`resources.landings.choices.notif_resend.${l.notif_resend ?? 0}`)}
          </Typography>
          <ConfirmButton
            label={translate('resources.landings.actions.resend')}
            question={translate('resources.landings.actions.resend_confirm')}
            disabled={l.notif_resend === 1}
            onConfirm={() => run('landings', l.id, 'resend', {}, 'leads.resend_queued')}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

function Body() {
  const { data } = useListContext<Lead>();
  return (
    <Box>
      <FilterBar decl={landings} sources={['q', 'created_gte', 'created_lte']}>
        <ProfileSelector current="landing" />
        <NotifButtons />
        <BulkResend />
      </FilterBar>
      <CountLine decl={landings} />
      <Box sx={{ px: 1 }}>
        {data?.map((l) => (
          <LeadCard key={l.id} lead={l} />
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
