// Any other path of the manager area: a real not-found page (the server answered 404 already),
// or the spec's 'manager access not allowed' for whoever is not a manager.
import { Box, Button, Typography } from '@mui/material';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { NotAllowed } from './NotAllowed.js';

export function ManagerNotFound() {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  if (permissions !== 'manager') return <NotAllowed />;
  return (
    <Box sx={{ p: 4 }} data-testid="not-found">
      <Title title="manager.not_found_title" />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('manager.not_found_title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('manager.not_found')}</Typography>
      <Button component={Link} to="/" variant="contained">
        {translate('manager.menu.home')}
      </Button>
    </Box>
  );
}
