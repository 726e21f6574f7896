// The manager's shops (/manager/shops, /manager/shop/{id|new}; back-office.md sections 3 and 5):
// shop name, address with autocomplete (GET /apis/address-search: city and postcode offline,
// street level with the national API; the street stays typed freely), and the recruiter picked
// from the manager's own recruiters (GET /apis/shops answers them). Saving needs every required
// field ("fill all required fields") and a recruiter with an account.
import { ListDateField } from '../common/ListDateField.js';
import { useEffect, useRef, useState } from 'react';
import { Autocomplete, Box, CircularProgress, TextField as MuiTextField, Typography } from '@mui/material';
import { Create, Datagrid, DeleteWithConfirmButton, Edit, EditButton, InfiniteList, SelectInput, SimpleForm, TextField, TextInput, required, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { shops } from '../../../models/resources/shops/resource.js';
import { LoadMore } from '../common/LoadMore.js';
import { LIST_SX } from './Layout.js';
import { DebouncedSearch } from '../common/SearchInput.js';
import { getJson } from '../common/http.js';
import { RequiredToolbar } from './forms.js';
import type { AddressResult } from '../../../api/integrations/address/types.js';

type Address = AddressResult;

interface Recruiter {
  sub: string;
  name: string;
  email: string;
}

const SOURCES = ['shopname', 'street', 'zip_code', 'city', 'recruiter_id'] as const;

/** The address search box: picking a result fills the address fields; the street stays editable. */
function AddressSearch() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Address[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    clearTimeout(timer.current);
    if (input.trim().length < 2) {
      setOptions([]);
      return;
    }
    let live = true;
    timer.current = setTimeout(() => {
      setLoading(true);
      getJson<{ Items: Address[] }>(`/apis/address-search?q=${encodeURIComponent(input.trim())}&limit=8`)
        .then(
          (r) => live && setOptions(r.Items),
          () => live && setOptions([]),
        )
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [input]);
  const pick = (a: Address | null) => {
    if (!a) return;
    const opts = { shouldDirty: true, shouldValidate: true };
    if (a.street) setValue('street', a.street, opts);
    for (const k of ['city', 'zip_code', 'area', 'sub_area', 'country', 'country_iso', 'lat', 'lng'] as const) setValue(k, a[k] ?? null, opts);
  };
  return (
    <Autocomplete<Address>
      sx={{ width: '100%', maxWidth: 480, mb: 2 }}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.label === b.label}
      loading={loading}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, v) => pick(v)}
      noOptionsText={translate('manager.shops.no_address')}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          label={translate('manager.shops.address_search')}
          size="small"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps?.htmlInput, 'data-testid': 'address-search' },
            input: { ...params.slotProps?.input, endAdornment: loading ? <CircularProgress size={18} /> : params.slotProps?.input?.endAdornment },
          }}
        />
      )}
    />
  );
}

function useRecruiters(): Recruiter[] {
  const [list, setList] = useState<Recruiter[]>([]);
  useEffect(() => {
    getJson<{ recruiters?: Recruiter[] }>('/apis/shops').then(
      (r) => setList(r.recruiters ?? []),
      () => setList([]),
    );
  }, []);
  return list;
}

function ShopInputs() {
  const translate = useTranslate();
  const recruiters = useRecruiters();
  return (
    <>
      <TextInput source="shopname" validate={required()} fullWidth />
      <Typography variant="subtitle1" component="h2">
        {translate('manager.shops.address')}
      </Typography>
      <AddressSearch />
      <TextInput source="street" validate={required()} fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <TextInput source="zip_code" validate={required()} />
        <TextInput source="city" validate={required()} />
      </Box>
      <SelectInput source="recruiter_id" choices={recruiters.map((r) => ({ id: r.sub, name: `${r.name} (${r.email})` }))} validate={required()} />
    </>
  );
}

/** Section 5: a shop needs a recruiter who has an account; none picked -> the spec's alert. */
function useRecruiterCheck() {
  const notify = useNotify();
  return (values: Record<string, unknown>) => {
    if (values.recruiter_id) return true;
    notify('manager.shops.new_user_not_available', { type: 'warning' });
    return false;
  };
}

export function ShopList() {
  return (
    <InfiniteList
      resource="shops"
      sx={LIST_SX}
      filters={[<DebouncedSearch key="q" source="q" alwaysOn />]}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      pagination={<LoadMore />}
      title="manager.menu.shops"
    >
      <Datagrid rowClick="edit" bulkActionButtons={false} data-testid="shops-table">
        <TextField source="shopname" />
        <TextField source="zip_code" sortable={false} />
        <TextField source="city" sortable={false} />
        <TextField source="recruiter_name" sortable={false} />
        <ListDateField source="created_at" showTime />
        <EditButton />
        <DeleteWithConfirmButton confirmContent="console.delete_record_confirm" mutationMode="pessimistic" />
      </Datagrid>
    </InfiniteList>
  );
}

function ShopToolbar() {
  const check = useRecruiterCheck();
  return <RequiredToolbar decl={shops} sources={SOURCES} extra={check} />;
}

export function ShopEdit() {
  return (
    <Edit resource="shops" mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<ShopToolbar />}>
        <ShopInputs />
      </SimpleForm>
    </Edit>
  );
}

export function ShopCreate() {
  return (
    <Create resource="shops" redirect="list">
      <SimpleForm defaultValues={{ country_iso: 'FR' }} toolbar={<ShopToolbar />}>
        <ShopInputs />
      </SimpleForm>
    </Create>
  );
}
