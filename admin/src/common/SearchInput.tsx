// Text search applied 1.5 s after the last key (back-office.md section 9); other filters 0.25 s.
import { useEffect, useRef, useState } from 'react';
import { TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

export const SEARCH_DELAY_MS = 1500;

/** A text filter applied 1.5 s after the last key: the search box, or another free-text filter (`label`: a translation key or a text). */
export function DebouncedSearch({ source = 'q', label }: { source?: string; label?: string; alwaysOn?: boolean }) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  const [value, setValue] = useState<string>((filterValues[source] as string) ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // The filters as they are when the search applies, not when the key was typed: a filter chosen
  // meanwhile (a state button clicked, then the search typed at once) is kept, not undone.
  const latest = useRef({ filterValues, displayedFilters });
  latest.current = { filterValues, displayedFilters };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <TextField
      size="small"
      label={translate(label ?? 'console.search')}
      value={value}
      slotProps={{ htmlInput: { 'data-testid': source === 'q' ? 'search' : `filter-${source}` } }}
      onChange={(e) => {
        const next = e.target.value;
        setValue(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          const { [source]: _old, ...rest } = latest.current.filterValues;
          setFilters(next ? { ...rest, [source]: next } : rest, latest.current.displayedFilters, false);
        }, SEARCH_DELAY_MS);
      }}
      sx={{ mb: '4px' }}
    />
  );
}
