// Sign-in (email and password) with a forgot-password link to the portal's reset flow; no sign-up.
import { useState } from 'react';
import { Box, Button, Card, CardContent, Link, Stack, TextField, Typography } from '@mui/material';
import { useLogin, useNotify, useTranslate } from 'react-admin';

export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [forgot, setForgot] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      if (forgot) {
        await fetch('/apis/auth/forgot-password', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) });
        notify('console.forgot_sent', { type: 'info' });
        setForgot(false);
      } else {
        await login({ username: email, password });
      }
    } catch (err) {
      notify((err as Error).message || 'ra.auth.sign_in_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: '#f5f5f5' }}>
      <Card sx={{ width: 360 }}>
        <CardContent>
          <form onSubmit={submit}>
            <Stack spacing={2}>
              <Typography variant="h6">{translate(forgot ? 'console.forgot_password' : 'ra.auth.sign_in')}</Typography>
              <TextField name="email" type="email" label={translate('resources.users.fields.email')} value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="username" />
              {!forgot && (
                <TextField
                  name="password"
                  type="password"
                  label={translate('ra.auth.password')}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                  autoComplete="current-password"
                />
              )}
              <Button type="submit" variant="contained" disabled={busy}>
                {translate(forgot ? 'ra.action.confirm' : 'ra.auth.sign_in')}
              </Button>
              <Link component="button" type="button" onClick={() => setForgot(!forgot)}>
                {translate(forgot ? 'ra.action.back' : 'console.forgot_password')}
              </Link>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
