// The manager's home (back-office.md section 2): tiles (offers, active offers, candidates, active
// candidates, to recruit, recruited, boosters left) and the table of candidates to recruit, from
// GET /apis/manager.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { listDate } from '../common/format.js';
import { NotAllowed } from './NotAllowed.js';
import { managerHome, submitDate, type ManagerHomeData } from './api.js';

const TILES = [
  ['offers', 'offers_count'],
  ['active_offers', 'actives_offers_count'],
  ['candidates', 'candidates_count'],
  ['active_candidates', 'actives_candidates_count'],
  ['to_recruit', 'to_recruit'],
  ['recruited', 'recruited'],
  ['boosters_left', 'av_boost'],
] as const;

function HomeContent() {
  const translate = useTranslate();
  const [data, setData] = useState<ManagerHomeData | null>(null);
  const [failed, setFailed] = useState(false);
  const [more, setMore] = useState(false);
  // The next page of the to-recruit table, appended (decision 156).
  const loadMore = async () => {
    if (!data?.to_recruit_next) return;
    setMore(true);
    try {
      const next = await managerHome(data.to_recruit_next);
      setData((d) => (d ? { ...d, to_recruit_list: [...(d.to_recruit_list ?? []), ...(next.to_recruit_list ?? [])], to_recruit_next: next.to_recruit_next ?? null } : d));
    } catch {
      setFailed(true);
    } finally {
      setMore(false);
    }
  };
  useEffect(() => {
    let live = true;
    managerHome().then(
      (d) => live && setData(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const user = data?.user ?? {};
  const list = data?.to_recruit_list ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="manager.menu.home" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('manager.home.hello', { name: user.name ?? '' })}
      </Typography>
      {failed && <Alert severity="error">{translate('candidates.load_error')}</Alert>}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', lg: 'repeat(7, 1fr)' }, gap: 1, mb: 3 }} data-testid="tiles">
        {TILES.map(([label, key]) => (
          <Card key={key} variant="outlined" data-testid={`tile-${label}`}>
            <CardContent>
              <Typography variant="h4" component="p">
                {data ? Number(user[key] ?? 0) : '…'}
              </Typography>
              <Typography variant="body2">{translate(`manager.home.${label}`)}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('manager.home.to_recruit_list')}
      </Typography>
      {data && list.length === 0 ? (
        <Typography>{translate('manager.home.none_to_recruit')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" data-testid="to-recruit-list">
            <TableHead>
              <TableRow>
                <TableCell>{translate('manager.candidates.name')}</TableCell>
                <TableCell>{translate('manager.candidates.contact')}</TableCell>
                <TableCell>{translate('manager.offers.title')}</TableCell>
                <TableCell>{translate('manager.offers.shop')}</TableCell>
                <TableCell>{translate('manager.offers.recruiter')}</TableCell>
                <TableCell>{translate('manager.candidates.submitted')}</TableCell>
                <TableCell>{translate('candidates.open_cv')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((item, i) => {
                const jobCode = item.job_code ?? item.Sk ?? '';
                return (
                  <TableRow key={`${item.Pk ?? i}-${jobCode}`}>
                    <TableCell>{item.candidate?.name ?? item.name}</TableCell>
                    <TableCell>
                      {item.candidate?.email ?? item.email}
                      <br />
                      {item.candidate?.phone ?? item.phone ?? translate('manager.candidates.no_phone')}
                    </TableCell>
                    <TableCell>{jobCode ? <Link href={`#/offer/${encodeURIComponent(jobCode)}`}>{item.title ?? item.offer?.title}</Link> : (item.title ?? item.offer?.title)}</TableCell>
                    <TableCell>{item.shopname ?? item.offer?.shopname}</TableCell>
                    <TableCell>{item.recruiter?.name}</TableCell>
                    <TableCell>{listDate(submitDate(item.submit_date))}</TableCell>
                    <TableCell>
                      {item.cv_url ? (
                        <Link href={item.cv_url} target="_blank" rel="noopener">
                          {translate('candidates.open_cv')}
                        </Link>
                      ) : (
                        translate('candidates.no_cv')
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {data?.to_recruit_next && (
            <Button sx={{ mt: 1 }} variant="outlined" disabled={more} onClick={() => void loadMore()} data-testid="to-recruit-more">
              {translate('manager.more')}
            </Button>
          )}
        </TableContainer>
      )}
    </Box>
  );
}

export function ManagerHome() {
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  if (permissions !== 'manager') return <NotAllowed />;
  return <HomeContent />;
}
