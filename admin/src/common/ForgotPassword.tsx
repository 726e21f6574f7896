// "Forgot password?" under the consoles' sign-in forms (/admin, /manager, /dashboard): the address,
// then POST /apis/auth/forgot-password in the console's language, so that the mail and the reset
// page it links to are in the language the user reads (decision 280).
import { useState, type FormEvent } from 'react';
import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';

export function ForgotPassword({ email: typed = '' }: { email?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'error'>('idle');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const email = String(new FormData(e.currentTarget).get('forgot_email') ?? '');
    setState('busy');
    try {
      const res = await fetch('/apis/auth/forgot-password', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, lang: locale }) });
      setState(res.ok ? 'sent' : 'error');
    } catch {
      setState('error');
    }
  };
  if (!open)
    return (
      <Link component="button" type="button" onClick={() => setOpen(true)} data-testid="forgot-password">
        {translate('console.forgot_password')}
      </Link>
    );
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} data-testid="forgot-form">
      <TextField name="forgot_email" type="email" size="small" label={translate('resources.users.fields.email')} defaultValue={typed} required autoComplete="username" />
      {state === 'sent' && (
        <Alert severity="info" role="status">
          {translate('console.forgot_sent')}
        </Alert>
      )}
      {state === 'error' && (
        <Alert severity="error" role="alert">
          {translate('ra.notification.http_error')}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="outlined" disabled={state === 'busy'}>
          {translate('console.forgot_send')}
        </Button>
        <Button type="button" onClick={() => setOpen(false)}>
          {translate('ra.action.back')}
        </Button>
      </Stack>
    </Stack>
  );
}
