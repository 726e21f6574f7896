// One offer's invitations (issue 27, decisions 430 and 460), in the manager area's offer page and on
// the recruiter dashboard: the button "Invite candidates" and the people invited, with their state
// (labels, never the raw value), deadline and last reminder; resend, extend the deadline, cancel
// (confirmed: the link stops working). Loaded on demand.
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { stillOpen, type InvitationState } from '../../../models/rules/invitation.js';
import { extendAction } from '../../../models/resources/invitations/actions.js';
import * as z from 'zod/mini';
import { listDate } from '../common/format.js';
import { errorCode } from '../common/http.js';
import { invitationAction, offerInvitations, type InvitationItem } from './api.js';
import { InviteDialog, inDays, isoOf, useReason } from './InviteDialog.js';

const COLORS: Record<InvitationState, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  sent: 'default',
  opened: 'info',
  started: 'warning',
  completed: 'success',
  expired: 'default',
  bounced: 'error',
  opted_out: 'default',
  cancelled: 'default',
};

export function InvitationStateChip({ state }: { state: InvitationState | null }) {
  const translate = useTranslate();
  if (!state) return null;
  return (
    <Chip
      size="small"
      color={COLORS[state]}
      variant={state === 'sent' ? 'outlined' : 'filled'}
      label={translate(`manager.invitations.state.${state}`)}
      data-testid="invitation-state"
      data-state={state}
    />
  );
}

export function OfferInvitations({ jobCode, title }: { jobCode: string; title?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const reason = useReason();
  const [items, setItems] = useState<InvitationItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [cancelling, setCancelling] = useState<InvitationItem | null>(null);
  const [extending, setExtending] = useState<InvitationItem | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setItems(await offerInvitations(jobCode));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [jobCode]);
  useEffect(() => {
    void load();
    // The states move as candidates open, start and finish: read again when the page comes back.
    const again = () => document.visibilityState === 'visible' && void load();
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, [load]);

  const act = async (item: InvitationItem, action: 'resend' | 'cancel' | 'extend', body?: { deadline: string }) => {
    setBusy(true);
    try {
      await invitationAction(item.id, action, body);
      notify(`manager.invitations.done.${action}`, { type: 'info', messageArgs: { email: item.email } });
      await load();
      return true;
    } catch (e) {
      notify(reason(errorCode(e), e), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, my: 2 }} data-testid="offer-invitations">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('manager.invitations.title')}
        </Typography>
        <Button size="small" onClick={() => void load()} data-testid="invitations-refresh">
          {translate('ra.action.refresh')}
        </Button>
        <Button variant="contained" onClick={() => setInviting(true)} data-testid="invite-button">
          {translate('manager.invitations.invite')}
        </Button>
      </Stack>
      {failed && <Alert severity="error">{translate('manager.invitations.load_error')}</Alert>}
      {items && items.length === 0 && <Typography variant="body2">{translate('manager.invitations.empty')}</Typography>}
      {items && items.length > 0 && (
        <TableContainer>
          <Table size="small" data-testid="invitations-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate('manager.invitations.person')}</TableCell>
                <TableCell>{translate('manager.invitations.state_label')}</TableCell>
                <TableCell>{translate('manager.invitations.deadline')}</TableCell>
                <TableCell>{translate('manager.invitations.last_reminder')}</TableCell>
                <TableCell>{translate('manager.candidates.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((i) => {
                const open = i.state ? stillOpen(i.state) : false;
                return (
                  <TableRow key={i.id} data-testid="invitation-row" data-email={i.email}>
                    <TableCell>
                      {i.first_name} {i.last_name}
                      <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary', wordBreak: 'break-all' }}>
                        {i.email}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <InvitationStateChip state={i.state} />
                    </TableCell>
                    <TableCell>{listDate(i.deadline)}</TableCell>
                    <TableCell>{i.last_reminder_at ? listDate(i.last_reminder_at) : translate('manager.invitations.no_reminder')}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                        {open && (
                          <Button size="small" variant="outlined" disabled={busy} onClick={() => void act(i, 'resend')} data-testid="invitation-resend">
                            {translate('manager.invitations.resend')}
                          </Button>
                        )}
                        {i.state !== 'completed' && i.state !== 'cancelled' && i.state !== 'opted_out' && i.state !== 'bounced' && (
                          <Button size="small" variant="outlined" disabled={busy} onClick={() => setExtending(i)} data-testid="invitation-extend">
                            {translate('manager.invitations.extend')}
                          </Button>
                        )}
                        {open && (
                          <Button size="small" color="error" disabled={busy} onClick={() => setCancelling(i)} data-testid="invitation-cancel">
                            {translate('manager.invitations.cancel')}
                          </Button>
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <InviteDialog jobCode={jobCode} title={title} open={inviting} onClose={() => setInviting(false)} onSent={() => void load()} />
      <Confirm
        isOpen={!!cancelling}
        loading={busy}
        title="manager.invitations.cancel_title"
        content="manager.invitations.cancel_confirm"
        translateOptions={{ email: cancelling?.email ?? '' }}
        confirm="manager.invitations.cancel"
        cancel="manager.invitations.keep"
        confirmColor="warning"
        onConfirm={async () => {
          if (cancelling) await act(cancelling, 'cancel');
          setCancelling(null);
        }}
        onClose={() => setCancelling(null)}
      />
      {extending && (
        <ExtendDialog item={extending} busy={busy} onClose={() => setExtending(null)} onExtend={async (deadline) => (await act(extending, 'extend', { deadline })) && setExtending(null)} />
      )}
    </Paper>
  );
}

function ExtendDialog({ item, busy, onClose, onExtend }: { item: InvitationItem; busy: boolean; onClose: () => void; onExtend: (deadline: string) => void }) {
  const translate = useTranslate();
  const reason = useReason();
  const [value, setValue] = useState(() => inDays(7, new Date(Math.max(Date.now(), new Date(item.deadline).getTime()))));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = z.safeParse(extendAction, { deadline: isoOf(value) });
    if (!parsed.success) return setError(reason(parsed.error.issues[0]?.message));
    setError(null);
    onExtend(isoOf(value));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="extend-title" data-testid="extend-dialog">
      <DialogTitle id="extend-title">{translate('manager.invitations.extend_title', { name: `${item.first_name} ${item.last_name}` })}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <TextField
            label={translate('manager.invitations.new_deadline')}
            type="datetime-local"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={!!error}
            helperText={error ?? translate('manager.invitations.extend_help')}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={submit} data-testid="extend-confirm">
          {translate('manager.invitations.extend')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
