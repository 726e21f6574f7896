// The manager's subscriptions (/manager/subscriptions, /manager/subscription/{id}; back-office.md
// sections 2 and 3): quantity, seats used and remaining, state (payed = active) and expiry, from
// the subscriptions declaration (the server shows a manager their own). "Add" goes to
// /portal/franchise_demo with a full page load, as the spec says. The show page adds the seats and
// the billing (SubscriptionSeats.tsx).
import { ListDateField } from '../common/ListDateField.js';
import { Box, Button } from '@mui/material';
import { BooleanField, Datagrid, InfiniteList, NumberField, Show, SimpleShowLayout, TextField, TopToolbar, useLocaleState, useTranslate } from 'react-admin';
import { withLang } from '../../../config/i18n/langs.js';
import { LoadMore } from '../common/LoadMore.js';
import { LIST_SX } from './Layout.js';
import { SubscriptionSeats } from './SubscriptionSeats.js';
import { ADD_SUBSCRIPTION_URL } from './links.js';
import { fieldFor } from '../screen-builder/screens.js';
import { subscriptions } from '../../../models/resources/subscriptions/resource.js';

/** The state through its label (payed shows as paid), as the generated screens show it. */
const stateField = fieldFor(
  subscriptions,
  subscriptions.fields.find((f) => f.source === 'state')!,
);

function AddButton() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <TopToolbar>
      <Button variant="contained" href={withLang(ADD_SUBSCRIPTION_URL, locale)} data-testid="add-subscription">
        {translate('manager.subscriptions.add')}
      </Button>
    </TopToolbar>
  );
}

export function SubscriptionList() {
  return (
    <InfiniteList resource="subscriptions" sx={LIST_SX} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} pagination={<LoadMore />} actions={<AddButton />} title="manager.menu.subscriptions">
      <Datagrid rowClick="show" bulkActionButtons={false} data-testid="subscriptions-table">
        <TextField source="sub_id" sortable={false} />
        {stateField}
        <BooleanField source="active" sortable={false} />
        <NumberField source="quantity" sortable={false} />
        <NumberField source="seats_used" sortable={false} />
        <NumberField source="seats_remaining" sortable={false} />
        <ListDateField source="expires_at" sortable={false} />
        <ListDateField source="created_at" showTime />
      </Datagrid>
    </InfiniteList>
  );
}

export function SubscriptionShow() {
  return (
    <Show resource="subscriptions" actions={<AddButton />}>
      <Box>
        <SimpleShowLayout>
          <TextField source="sub_id" />
          <TextField source="plan_name" />
          {stateField}
          <BooleanField source="active" />
          <NumberField source="quantity" />
          <NumberField source="seats_used" />
          <NumberField source="seats_remaining" />
          <ListDateField source="expires_at" />
          <ListDateField source="created_at" showTime />
        </SimpleShowLayout>
        <SubscriptionSeats />
      </Box>
    </Show>
  );
}
