// The spec's access messages (back-office.md section 8): 'manager access not allowed' for whoever
// is not a manager, 'not allowed to access this page' for another company's offer.
import { Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

export function NotAllowed({ message = 'manager.access_not_allowed' }: { message?: string }) {
  const translate = useTranslate();
  return (
    <>
      <Title title="manager.title" />
      <Typography sx={{ p: 4 }} variant="h6" component="p" role="alert" data-testid="not-allowed">
        {translate(message)}
      </Typography>
    </>
  );
}
