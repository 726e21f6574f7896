// A filter bar for the hand-written lists: the declared filters named in `sources`, each applied
// 0.25 s after a change (the list's debounce), the text search 1.5 s after typing.
import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import type { ResourceDecl } from '../../../models/resources/schema.js';
import { DebouncedSearch } from './SearchInput.js';
import { DayField } from './DayField.js';

export function FilterBar({ decl, sources, children }: { decl: ResourceDecl; sources: string[]; children?: React.ReactNode }) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  const set = (source: string, value: unknown) => {
    const next = { ...filterValues };
    if (value === undefined || value === '') delete next[source];
    else next[source] = value;
    setFilters(next, displayedFilters, true);
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', p: 1 }}>
      {children}
      {sources.map((source) => {
        const f = decl.filters.find((x) => x.source === source);
        if (!f) return null;
        const label = translate(`resources.${decl.name}.fields.${source}`);
        const value = filterValues[source];
        switch (f.type) {
          case 'search':
            return <DebouncedSearch key={source} source={source} />;
          case 'custom':
            return <DebouncedSearch key={source} source={source} label={label} />;
          case 'dateFrom':
          case 'dateTo':
            return <DayField key={source} size="small" label={label} value={value} onChange={(day) => set(source, day ?? undefined)} testId={`filter-${source}`} />;
          case 'gte':
          case 'lte':
            return (
              <TextField
                key={source}
                size="small"
                type="number"
                label={label}
                value={value ?? ''}
                sx={{ width: 130 }}
                slotProps={{ htmlInput: { step: 100, 'data-testid': `filter-${source}` } }}
                // A non-numeric value keeps the previous one (section 5).
                onChange={(e) => {
                  const n = Number(e.target.value);
                  if (e.target.value !== '' && Number.isInteger(n)) set(source, n);
                }}
              />
            );
          case 'flag':
            return (
              <FormControlLabel
                key={source}
                label={label}
                control={<Checkbox size="small" checked={value === true} onChange={(e) => set(source, e.target.checked)} slotProps={{ input: { 'data-testid': `filter-${source}` } as object }} />}
              />
            );
          default:
            return null;
        }
      })}
    </Stack>
  );
}
