// The manager's shops (/manager/shops, /manager/shop/{id|new}; back-office.md sections 3 and 5):
// shop name, address with autocomplete (GET /apis/address-search: city and postcode offline,
// street level with the national API; the street stays typed freely), and the recruiter picked
// from the manager's own recruiters (GET /apis/shops answers them). The inputs, their defaults and
// their checks are the shops declaration's (models/resources/shops): the fields it writes but the
// manager (the server's) and those the address search fills; saving runs the declaration's schema, as
// the server does, after the spec's "fill all required fields" and the recruiter check.
import { ListDateField } from '../common/ListDateField.js';
import { useEffect, useRef, useState } from 'react';
import { Autocomplete, CircularProgress, TextField as MuiTextField, Typography } from '@mui/material';
import { Create, Datagrid, DeleteWithConfirmButton, Edit, EditButton, InfiniteList, SelectInput, SimpleForm, TextField, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { SHOP_ADDRESS_FIELDS, shops } from '../../../models/resources/shops/resource.js';
import { declaredDefaults, writableFields } from '../../../models/resources/schema.js';
import { inputFor } from '../screen-builder/screens.js';
import { LoadMore } from '../common/LoadMore.js';
import { LIST_SX } from './Layout.js';
import { DebouncedSearch } from '../common/SearchInput.js';
import { getJson } from '../common/http.js';
import { RequiredToolbar, declaredValidate } from './forms.js';
import type { AddressResult } from '../../../api/integrations/address/types.js';

type Address = AddressResult;

interface Recruiter {
  sub: string;
  name: string;
  email: string;
}

const OWNER = 'manager_id';
const RECRUITER = 'recruiter_id';

/** The fields the manager types: those the declaration writes but the owner and the ones the address search fills. */
const typedFields = (mode: 'create' | 'edit') => writableFields(shops, mode).filter((f) => f.source !== OWNER && !f.filledBy);
const sources = (mode: 'create' | 'edit') => typedFields(mode).map((f) => f.source);
const { [OWNER]: _owner, ...defaults } = declaredDefaults(shops);
const validateCreate = declaredValidate(shops, 'create', sources('create'));
const validateEdit = declaredValidate(shops, 'edit', sources('edit'));

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
    // Every address field of the declaration the result has; a city-level result keeps the typed street.
    for (const k of SHOP_ADDRESS_FIELDS) {
      const v = (a as unknown as Record<string, unknown>)[k];
      if (k in a && (k !== 'street' || v)) setValue(k, v ?? null, opts);
    }
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

function ShopInputs({ mode }: { mode: 'create' | 'edit' }) {
  const translate = useTranslate();
  const recruiters = useRecruiters();
  return typedFields(mode).flatMap((f) => {
    if (f.source === RECRUITER) {
      return [<SelectInput key={f.source} source={f.source} choices={recruiters.map((r) => ({ id: r.sub, name: `${r.name} (${r.email})` }))} />];
    }
    const input = inputFor(shops, f);
    // The address starts with its heading and the search box that fills it.
    if (f.source !== SHOP_ADDRESS_FIELDS[0]) return [input];
    return [
      <Typography key="address-heading" variant="subtitle1" component="h2">
        {translate('manager.shops.address')}
      </Typography>,
      <AddressSearch key="address-search" />,
      input,
    ];
  });
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

function ShopToolbar({ mode }: { mode: 'create' | 'edit' }) {
  const check = useRecruiterCheck();
  return <RequiredToolbar decl={shops} sources={sources(mode)} extra={check} />;
}

export function ShopEdit() {
  return (
    <Edit resource="shops" mutationMode="pessimistic" redirect="list">
      <SimpleForm toolbar={<ShopToolbar mode="edit" />} validate={validateEdit}>
        <ShopInputs mode="edit" />
      </SimpleForm>
    </Edit>
  );
}

export function ShopCreate() {
  return (
    <Create resource="shops" redirect="list">
      <SimpleForm defaultValues={defaults} toolbar={<ShopToolbar mode="create" />} validate={validateCreate}>
        <ShopInputs mode="create" />
      </SimpleForm>
    </Create>
  );
}
