// "Substitute user" (merge, back-office.md sections 2 and 4): one dialog that names both accounts
// and their companies, counts what moves, says that the merge cannot be undone, and, when the
// companies differ, asks staff to type the merged account's e-mail (the server checks it too).
// docs/decisions/260-substitute-dialog.md.
import { useEffect, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, TextField, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider.js';
import { useAction } from '../common/useAction.js';

interface Side {
  id: string;
  name: string;
  email: string;
  company: string | null;
}

interface Preview {
  target: Side;
  source: Side;
  moves: Record<string, number>;
  cross_company: boolean;
}

const MOVES = ['offers', 'applications', 'shops', 'templates', 'drafts', 'subscriptions', 'recruiters', 'boosters'] as const;

export function SubstituteDialog({ targetId, sourceId, onClose, onMerged }: { targetId: string; sourceId: string; onClose: () => void; onMerged: () => void }) {
  const translate = useTranslate();
  const dp = useDataProvider<ConsoleDataProvider>();
  const run = useAction();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dp.action<Preview>('users', targetId, 'substitute', { user: sourceId, preview: true }).then(setPreview, (e: { body?: { message?: string } }) =>
      setError(e.body?.message ?? translate('ra.notification.http_error')),
    );
  }, [dp, targetId, sourceId, translate]);
  const side = (s: Side) => `${s.name} (${s.email}) — ${translate('console.substitute_company', { company: s.company ?? translate('console.substitute_no_company') })}`;
  const confirmed = preview !== null && (!preview.cross_company || typed.trim().toLowerCase() === preview.source.email.toLowerCase());
  return (
    <Dialog open onClose={onClose} data-testid="substitute-dialog" maxWidth="sm" fullWidth>
      <DialogTitle>{translate('console.substitute_title')}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        {preview && (
          <>
            <Typography>{translate('console.substitute_source')}</Typography>
            <Typography sx={{ fontWeight: 600, mb: 1 }} data-testid="substitute-source">
              {side(preview.source)}
            </Typography>
            <Typography>{translate('console.substitute_target')}</Typography>
            <Typography sx={{ fontWeight: 600, mb: 1 }} data-testid="substitute-target">
              {side(preview.target)}
            </Typography>
            <Typography>{translate('console.substitute_moves', { name: preview.target.name })}</Typography>
            <List dense data-testid="substitute-moves">
              {MOVES.map((m) => (
                <ListItem key={m} sx={{ py: 0 }}>
                  {translate(`console.substitute_move.${m}`, { smart_count: preview.moves[m] ?? 0 })}
                </ListItem>
              ))}
            </List>
            <Alert severity="error" sx={{ mb: 1 }} data-testid="substitute-final">
              {translate('console.substitute_final', { name: preview.source.name })}
            </Alert>
            {preview.cross_company && (
              <Alert severity="warning" data-testid="substitute-warning">
                {translate('console.substitute_cross_company', {
                  source: preview.source.company ?? translate('console.substitute_no_company'),
                  target: preview.target.company ?? translate('console.substitute_no_company'),
                })}
                <TextField
                  size="small"
                  fullWidth
                  sx={{ mt: 1 }}
                  label={translate('console.substitute_type', { email: preview.source.email })}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  slotProps={{ htmlInput: { 'data-testid': 'substitute-typed' } }}
                />
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('console.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={!confirmed || busy}
          onClick={async () => {
            setBusy(true);
            const done = await run<{ moved: Record<string, number> }>(
              'users',
              targetId,
              'substitute',
              { user: sourceId, ...(preview?.cross_company ? { confirm: typed } : {}) },
              'console.substitute_done',
              (r) => ({ name: preview?.source.name ?? '', offers: r.moved.offers ?? 0, applications: r.moved.applications ?? 0 }),
            );
            setBusy(false);
            if (done) onMerged();
          }}
        >
          {translate('console.substitute_merge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
