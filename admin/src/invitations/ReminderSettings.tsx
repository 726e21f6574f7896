// The company's reminder times (issue 27, decision 430): hours before the deadline at which
// unfinished invitations are reminded (default 48 and 24). Checked in the browser with the
// endpoint's own schema, saved by PUT /apis/invitations/settings (managers and staff).
import { useEffect, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { invitationSettingsSchema } from '../../../api/services/invitations/invitations.schema.js';
import { errorCode } from '../common/http.js';
import { invitationSettings, saveInvitationSettings } from './api.js';
import { useReason } from './InviteDialog.js';

export function ReminderSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const reason = useReason();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    invitationSettings().then(
      (s) => setValue(s.reminder_hours.join(', ')),
      () => setFailed(true),
    );
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = z.safeParse(invitationSettingsSchema, { reminder_hours: value ?? '' });
    if (!parsed.success) return setError(reason(parsed.error.issues[0]?.message));
    setError(null);
    setBusy(true);
    try {
      const saved = await saveInvitationSettings(value ?? '');
      setValue(saved.reminder_hours.join(', '));
      notify('manager.invitations.settings_saved', { type: 'info' });
    } catch (err) {
      setError(reason(errorCode(err)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }}>
      <Title title={translate('manager.invitations.settings_title')} />
      <Paper component="form" onSubmit={submit} sx={{ p: 2 }} data-testid="reminder-settings">
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">
            {translate('manager.invitations.settings_title')}
          </Typography>
          <Typography variant="body2">{translate('manager.invitations.settings_text')}</Typography>
          {failed && <Alert severity="error">{translate('manager.invitations.load_error')}</Alert>}
          {value !== null && (
            <TextField
              label={translate('manager.invitations.reminder_hours')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={!!error}
              helperText={error ?? translate('manager.invitations.reminder_hours_help')}
              slotProps={{ htmlInput: { 'data-testid': 'reminder-hours', inputMode: 'numeric' } }}
            />
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={busy || value === null} data-testid="reminder-save">
              {translate('ra.action.save')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
