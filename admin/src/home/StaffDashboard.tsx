// The staff console's "Dashboard" (issue 24): what happened today (new candidates and recruiters,
// applications started, offers created, landing leads) and the background jobs waiting, running
// and failed. Each tile counts through the resource's own list and opens that list, filtered.
// docs/decisions/262-staff-dashboard.md.
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { Title, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

interface TileDecl {
  label: string;
  resource: string;
  filter: Record<string, unknown>;
  testId: string;
}

function Tile({ label, resource, filter, testId }: TileDecl) {
  const translate = useTranslate();
  const { total, isPending, error } = useGetList(resource, { filter, pagination: { page: 1, perPage: 1 }, sort: { field: 'created_at', order: 'DESC' } });
  return (
    <Card variant="outlined" sx={{ minWidth: 190 }} data-testid={`tile-${testId}`}>
      <CardActionArea component={RouterLink} to={`/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`}>
        <CardContent>
          <Typography variant="h4" data-testid="tile-count">
            {isPending ? '…' : error ? '—' : String(total ?? 0)}
          </Typography>
          <Typography variant="body2">{translate(label)}</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function StaffDashboard() {
  const translate = useTranslate();
  // Today as the console's user lives it: from their local midnight (a filter bound may be an ISO moment).
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  const today = midnight.toISOString();
  const TODAY: TileDecl[] = [
    { label: 'console.home.candidates', resource: 'users', filter: { profile: 'candidate', created_gte: today }, testId: 'candidates' },
    { label: 'console.home.recruiters', resource: 'users', filter: { profile: 'recruiter', created_gte: today }, testId: 'recruiters' },
    { label: 'console.home.applications', resource: 'applications', filter: { created_gte: today }, testId: 'applications' },
    { label: 'console.home.offers', resource: 'offers', filter: { created_gte: today }, testId: 'offers' },
    { label: 'console.home.leads', resource: 'landings', filter: { created_gte: today }, testId: 'leads' },
  ];
  const JOBS: TileDecl[] = (['ready', 'running', 'failed'] as const).map((state) => ({ label: `resources.jobs.choices.state.${state}`, resource: 'jobs', filter: { state }, testId: `jobs-${state}` }));
  return (
    <Box sx={{ p: 2 }} data-testid="staff-dashboard">
      <Title title={translate('console.home.title')} />
      <Typography variant="h6" sx={{ mb: 1 }}>
        {translate('console.home.today')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 3 }}>
        {TODAY.map((t) => (
          <Tile key={t.testId} {...t} />
        ))}
      </Stack>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {translate('console.home.jobs')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {JOBS.map((t) => (
          <Tile key={t.testId} {...t} />
        ))}
      </Stack>
    </Box>
  );
}
