// The recruiter dashboard's Invitations tab (issue 27, decision 460): the recruiter picks one of
// their offers (the console resource manager-offers, scoped to them) and invites candidates to it,
// then follows the invitations' states. Loaded when the tab is first opened.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, MenuItem, TextField, Typography } from '@mui/material';
import { dataProvider } from '../providers/dataProvider.js';
import { OfferInvitations } from './OfferInvitations.js';

interface OfferChoice {
  job_code: string;
  title: string;
}

export function DashboardInvitations({ jobCode, onJobCode }: { jobCode: string | null; onJobCode: (jobCode: string) => void }) {
  const translate = useTranslate();
  const [offers, setOffers] = useState<OfferChoice[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    dataProvider.getList('manager-offers', { filter: { state: 'available' }, sort: { field: 'created_at', order: 'DESC' }, pagination: { page: 1, perPage: 200 } }).then(
      ({ data }) => setOffers(data.map((o) => ({ job_code: String(o.job_code), title: String(o.title ?? '') }))),
      () => setFailed(true),
    );
  }, []);
  if (failed) return <Alert severity="error">{translate('manager.invitations.load_error')}</Alert>;
  if (!offers) return null;
  if (offers.length === 0) return <Typography>{translate('manager.invitations.no_offer')}</Typography>;
  const chosen = offers.find((o) => o.job_code === jobCode) ?? offers[0];
  return (
    <>
      <TextField
        select
        size="small"
        label={translate('dashboard.offer')}
        value={chosen.job_code}
        onChange={(e) => onJobCode(e.target.value)}
        sx={{ minWidth: 280, maxWidth: '100%' }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'invitations-offer' } as object } }}
      >
        {offers.map((o) => (
          <MenuItem key={o.job_code} value={o.job_code}>
            {o.title} ({o.job_code})
          </MenuItem>
        ))}
      </TextField>
      <OfferInvitations key={chosen.job_code} jobCode={chosen.job_code} title={chosen.title} />
    </>
  );
}
