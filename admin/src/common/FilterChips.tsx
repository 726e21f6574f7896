// The filters a list applies, as removable chips (issue 24): the users list starts with defaults
// (last 3 months, "Applications max 0"...) that hide people, so each one is on screen with its
// value and a cross that removes it. `fixed` names the filters that choose the view (profile), not
// narrow it: they have no chip. docs/decisions/261-users-list-filters-on-screen.md.
import { Chip, Stack } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import { useListContext, useTranslate } from 'react-admin';
import type { ResourceDecl } from '../../../models/resources/schema.js';
import { listDate } from './format.js';

export function FilterChips({ decl, fixed }: { decl: ResourceDecl; fixed: readonly string[] }) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  const active = Object.entries(filterValues).filter(([source, value]) => !fixed.includes(source) && value !== undefined && value !== '' && value !== false);
  if (!active.length) return null;
  const remove = (source: string) => {
    const { [source]: _removed, ...rest } = filterValues;
    setFilters(rest, displayedFilters, false);
  };
  const chipLabel = (source: string, value: unknown) => {
    const label = translate(`resources.${decl.name}.fields.${source}`);
    if (value === true) return label;
    const type = decl.filters.find((f) => f.source === source)?.type;
    return translate('console.filter_chip', { label, value: type === 'dateFrom' || type === 'dateTo' ? listDate(String(value), false) : String(value) });
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', px: 1, pb: 1 }} data-testid="filter-chips">
      {active.map(([source, value]) => (
        <Chip
          key={source}
          size="small"
          label={chipLabel(source, value)}
          onDelete={() => remove(source)}
          data-testid={`chip-${source}`}
          deleteIcon={<CancelIcon aria-label={translate('console.remove_filter')} role="button" />}
        />
      ))}
    </Stack>
  );
}
