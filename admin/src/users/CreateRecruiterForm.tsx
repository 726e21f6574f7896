// The recruiter view's create-recruiter form (name, email, password, "Créer un recruteur").
import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { useCreate, useNotify, useRefresh, useTranslate } from 'react-admin';

export function CreateRecruiterForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [create, { isPending }] = useCreate();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const submit = () => {
    const email = form.email.trim().toLowerCase();
    // Section 5: name longer than 4, email longer than 10, password longer than 6.
    if (form.name.trim().length <= 4 || email.length <= 10 || form.password.length <= 6) {
      notify('console.create_recruiter_error', { type: 'error' });
      return;
    }
    create(
      'users',
      { data: { name: form.name.trim(), email, password: form.password, profile: 'recruiter' } },
      {
        onSuccess: () => {
          setForm({ name: '', email: '', password: '' });
          notify('console.done', { type: 'success' });
          refresh();
        },
        onError: (e) => notify((e as { body?: { message?: string }; message?: string }).body?.message ?? (e as Error).message, { type: 'error' }),
      },
    );
  };
  return (
    <Stack direction="row" spacing={1} sx={{ p: 1 }}>
      <TextField size="small" label={translate('resources.users.fields.name')} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      <TextField size="small" label={translate('resources.users.fields.email')} value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
      <TextField size="small" type="password" label={translate('console.password')} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
      <Button variant="contained" disabled={isPending} onClick={submit}>
        {translate('console.create_recruiter')}
      </Button>
    </Stack>
  );
}
