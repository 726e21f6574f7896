// A date column of a react-admin list or show in the one list format of models/rules/dates.ts
// (yyyy/mm/dd, HH:mm with showTime), instead of react-admin's DateField, which follows the
// browser's locale and gave the manager area a second and third format (issue 24).
import { useRecordContext, type FieldProps } from 'react-admin';
import { Typography } from '@mui/material';
import { listDate } from './format.js';

export function ListDateField({ source, showTime = false }: FieldProps & { source: string; showTime?: boolean }) {
  const record = useRecordContext();
  return (
    <Typography variant="body2" component="span">
      {listDate(record?.[source], showTime)}
    </Typography>
  );
}
