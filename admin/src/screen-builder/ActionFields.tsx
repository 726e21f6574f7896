// The form of a declared action (models/resources/schema.ts ActionFieldDecl), inside its
// confirmation dialog: one search-and-pick field per declared reference. The staff console's
// subscription "seats" action asks the recruiter to add or to remove this way (issue 23).
import { useState } from 'react';
import { Autocomplete, Stack, TextField } from '@mui/material';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import type { ActionFieldDecl } from '../../../models/resources/schema.js';

export type ActionValues = Record<string, string>;

function ReferencePick({ field, label, value, onChange }: { field: ActionFieldDecl; label: string; value: string | null; onChange: (id: string | null) => void }) {
  const [q, setQ] = useState('');
  const { data = [], isPending } = useGetList<RaRecord & { name?: string; email?: string }>(field.reference, {
    filter: { ...field.filter, ...(q.trim() ? { q: q.trim() } : {}) },
    pagination: { page: 1, perPage: 20 },
  });
  const picked = data.find((r) => String(r.id) === value) ?? null;
  return (
    <Autocomplete
      options={data}
      loading={isPending}
      value={picked}
      filterOptions={(x) => x}
      getOptionLabel={(r) => [r.name, r.email].filter(Boolean).join(' · ') || String(r.id)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_e, text, reason) => reason === 'input' && setQ(text)}
      onChange={(_e, r) => onChange(r ? String(r.id) : null)}
      renderInput={(params) => <TextField {...params} label={label} name={field.source} size="small" />}
    />
  );
}

/** The action's fields; `values` holds the picked ids by source. */
export function ActionFields({
  resource,
  action,
  fields,
  values,
  onChange,
}: {
  resource: string;
  action: string;
  fields: readonly ActionFieldDecl[];
  values: ActionValues;
  onChange: (v: ActionValues) => void;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ mt: 2, minWidth: 320 }} data-testid={`action-${action}-fields`}>
      {fields.map((f) => (
        <ReferencePick
          key={f.source}
          field={f}
          label={translate(`resources.${resource}.actions.${action}_${f.source}`)}
          value={values[f.source] ?? null}
          onChange={(id) => {
            const next = { ...values };
            if (id) next[f.source] = id;
            else delete next[f.source];
            onChange(next);
          }}
        />
      ))}
    </Stack>
  );
}
