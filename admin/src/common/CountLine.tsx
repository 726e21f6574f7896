// "N trouvés", or "Plus de N trouvés" when the server's capped count stopped at the cap (decision 061).
import { Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { DEFAULT_COUNT_CAP, type ResourceDecl } from '../../../models/resources/schema.js';

export function CountLine({ decl }: { decl: ResourceDecl }) {
  const { total, isPending } = useListContext();
  const translate = useTranslate();
  if (isPending || total === undefined) return null;
  const cap = decl.countCap ?? DEFAULT_COUNT_CAP;
  return (
    <Typography variant="body2" sx={{ m: 1 }} data-testid="count-line">
      {total > cap ? translate('console.found_capped', { count: cap }) : translate('console.found', { count: total })}
    </Typography>
  );
}
