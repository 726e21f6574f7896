// Two columns: the manager's recruiters and the other recruiters (with search); moving one calls
// the recruiters action after a confirmation. A manager cannot remove themselves (server refuses).
import { useState } from 'react';
import { Box, Button, Card, CardContent, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { ConfirmButton } from '../common/ConfirmButton.js';
import { useAction } from '../common/useAction.js';
import type { UserRecord } from './UserCard.js';

export function AssignmentPanel({ manager }: { manager: UserRecord }) {
  const translate = useTranslate();
  const run = useAction();
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<{ add: string[]; remove: string[] }>({ add: [], remove: [] });
  const { data: assigned } = useGetList('users', { filter: { managed_by: manager.id, show_closed: true }, pagination: { page: 1, perPage: 200 }, sort: { field: 'created_at', order: 'DESC' } });
  const { data: others } = useGetList('users', {
    filter: { profile: 'recruiter', q: search.length >= 3 ? search : undefined },
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  const assignedIds = new Set((assigned ?? []).map((u) => u.id));
  const toggle = (key: 'add' | 'remove', id: string) => setPending((p) => ({ ...p, [key]: p[key].includes(id) ? p[key].filter((x) => x !== id) : [...p[key], id] }));
  return (
    <Card variant="outlined" data-testid="assignment-panel">
      <CardContent>
        <Stack direction="row" spacing={2}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="subtitle1">{translate('console.assigned')}</Typography>
            <List dense>
              {(assigned ?? []).map((u) => (
                <ListItem
                  key={u.id}
                  secondaryAction={
                    <Button size="small" variant={pending.remove.includes(String(u.id)) ? 'contained' : 'text'} onClick={() => toggle('remove', String(u.id))}>
                      {translate('console.unassign')}
                    </Button>
                  }
                >
                  {u.name} — {u.email}
                </ListItem>
              ))}
            </List>
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="subtitle1">{translate('console.available')}</Typography>
            <TextField size="small" label={translate('console.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
            <List dense>
              {(others ?? [])
                .filter((u) => !assignedIds.has(u.id) && u.id !== manager.id)
                .map((u) => (
                  <ListItem
                    key={u.id}
                    secondaryAction={
                      <Button size="small" variant={pending.add.includes(String(u.id)) ? 'contained' : 'text'} onClick={() => toggle('add', String(u.id))}>
                        {translate('console.assign')}
                      </Button>
                    }
                  >
                    {u.name} — {u.email}
                  </ListItem>
                ))}
            </List>
          </Box>
        </Stack>
        <ConfirmButton
          label={translate('console.save_action')}
          disabled={!pending.add.length && !pending.remove.length}
          question={translate('console.assign_confirm')}
          onConfirm={async () => {
            if (await run('users', manager.id, 'recruiters', pending)) setPending({ add: [], remove: [] });
          }}
        />
      </CardContent>
    </Card>
  );
}
