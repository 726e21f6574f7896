// Offer cards (section 2): state, code, city and zip, company, creation date, description cut to
// 255; links to the public offer, to the recruiter and to the wishlist filtered by the code.
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { InfiniteList, useListContext, useTranslate } from 'react-admin';
import { offers } from '../../../models/resources/offers/resource.js';
import { CountLine } from '../common/CountLine.js';
import { FilterBar } from '../common/FilterBar.js';
import { LoadMore } from '../common/LoadMore.js';
import { ProfileSelector } from '../common/ProfileSelector.js';
import { RowLinks } from '../screen-builder/screens.js';
import { filterDefaults } from '../../../models/resources/schema.js';
import { cut, listDate } from '../common/format.js';

interface OfferRecord {
  id: number;
  job_code: string;
  state: string;
  title: string;
  company_name: string;
  city?: string;
  zip_code?: string;
  description: string;
  recruiter_id: string;
  created_at: string;
  candidates?: number;
}

export function OfferCard({ offer }: { offer: OfferRecord }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 1 }} data-testid="offer-card">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip size="small" label={translate(`resources.offers.choices.state.${offer.state}`)} color={offer.state === 'available' ? 'primary' : 'default'} />
          <Typography variant="subtitle2">{offer.job_code}</Typography>
          <Typography variant="subtitle1">{offer.title}</Typography>
        </Stack>
        <Typography variant="body2">
          {offer.company_name} · {offer.city} {offer.zip_code} · {listDate(offer.created_at, false)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {cut(offer.description, 255)}
        </Typography>
        <RowLinks decl={offers} record={offer as unknown as Record<string, unknown>} />
      </CardContent>
    </Card>
  );
}

function Body() {
  const { data } = useListContext<OfferRecord>();
  return (
    <Box>
      <FilterBar decl={offers} sources={['q', 'created_gte', 'created_lte']}>
        <ProfileSelector current="offers" />
      </FilterBar>
      <CountLine decl={offers} />
      <Box sx={{ px: 1 }}>
        {data?.map((o) => (
          <OfferCard key={o.id} offer={o} />
        ))}
      </Box>
    </Box>
  );
}

export function OfferList() {
  return (
    <InfiniteList resource="offers" filterDefaultValues={filterDefaults(offers)} sort={{ field: 'created_at', order: 'DESC' }} debounce={250} perPage={25} pagination={<LoadMore />} actions={false}>
      <Body />
    </InfiniteList>
  );
}
