// The spec's access messages (back-office.md section 8): whoever could subscribe (a recruiter or
// manager account that is not, or no longer, a manager) reads 'Access to the control tower is
// reserved for subscribers' with a link to the plans (issue 23); anyone else 'manager access not
// allowed'; 'not allowed to access this page' for another company's offer. A recruiter is shown
// the way to their own candidates, on the dashboard (issue 24).
import { Link, Typography } from '@mui/material';
import { Title, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { withLang } from '../../../config/i18n/langs.js';
import { ADD_SUBSCRIPTION_URL } from './links.js';

export function NotAllowed({ message }: { message?: string }) {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const [locale] = useLocaleState();
  const subscribe = !message && permissions === 'subscribe';
  return (
    <>
      <Title title="manager.title" />
      <Typography sx={{ p: 4, pb: subscribe ? 1 : 4 }} variant="h6" component="p" role="alert" data-testid="not-allowed">
        {translate(message ?? (subscribe ? 'manager.subscribers_only' : 'manager.access_not_allowed'))}
      </Typography>
      {subscribe && (
        <Typography sx={{ px: 4 }}>
          <Link href={withLang(ADD_SUBSCRIPTION_URL, locale)} data-testid="see-plans">
            {translate('manager.see_plans')}
          </Link>
        </Typography>
      )}
      {subscribe && (
        <Typography sx={{ px: 4, pt: 2 }}>
          <Link href="/dashboard" data-testid="to-dashboard">
            {translate('manager.to_dashboard')}
          </Link>
        </Typography>
      )}
    </>
  );
}
