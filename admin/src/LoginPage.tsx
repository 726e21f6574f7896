// Sign-in (email and password) with "Forgot password?" (common/ForgotPassword.tsx); no sign-up.
import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { ForgotPassword } from './common/ForgotPassword.js';

export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await login({ username: email, password });
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
          <Stack spacing={2}>
            <form onSubmit={submit}>
              <Stack spacing={2}>
                <Typography variant="h6">{translate('ra.auth.sign_in')}</Typography>
                <TextField name="email" type="email" label={translate('resources.users.fields.email')} value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="username" />
                <TextField
                  name="password"
                  type="password"
                  label={translate('ra.auth.password')}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                  autoComplete="current-password"
                />
                <Button type="submit" variant="contained" disabled={busy}>
                  {translate('ra.auth.sign_in')}
                </Button>
              </Stack>
            </form>
            <ForgotPassword email={email} />
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
