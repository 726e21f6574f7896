// "Invite candidates" from an offer (issue 27, decisions 430 and 460): one person, a pasted list or a
// CSV file (first name, last name, e-mail, phone, language), a deadline and an optional personal
// message (its length limit shown). The browser checks with the same zod schemas as the server
// (invitations.schema.ts); a list or a file is then checked by POST /apis/invitations/check, and its
// bad rows are shown with their line and reason before anything can be sent. Nothing is sent while
// one row is bad.
import { useMemo, useState, type ChangeEvent } from 'react';
import * as z from 'zod/mini';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { INVITATION_DEADLINE_MAX_DAYS, INVITATION_LANGS, INVITATION_MESSAGE_MAX } from '../../../models/rules/invitation.js';
import { invitationCreateSchema, invitationRowSchema, type InvitationRow } from '../../../api/services/invitations/invitations.schema.js';
import { errorCode } from '../common/http.js';
import { checkInvitations, sendInvitations, type CheckAnswer } from './api.js';

type Mode = 'one' | 'list' | 'file';
const ONE_FIELDS = ['first_name', 'last_name', 'email', 'phone'] as const;
type OneField = (typeof ONE_FIELDS)[number];

/** A datetime-local value (the browser's time zone) a week from now at 18:00. */
export function inDays(days: number, from = new Date()): string {
  const d = new Date(from.getTime() + days * 86_400_000);
  d.setHours(18, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as a moment with its offset (UTC), or '' when it is not a date. */
export function isoOf(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
}

/** The catalog's text of an invitation error code (manager.invitations.errors.*), never the code;
 *  its values (the daily limit, the days a deadline may be away) from the server's answer. */
export function useReason() {
  const translate = useTranslate();
  return (code: string | null | undefined, error?: unknown) => {
    const details = (error as { body?: { details?: Record<string, unknown> } } | undefined)?.body?.details ?? {};
    return translate(`manager.invitations.errors.${code ?? 'internal'}`, { _: translate('manager.invitations.errors.internal'), days: INVITATION_DEADLINE_MAX_DAYS, ...details });
  };
}

export function InviteDialog({ jobCode, title, open, onClose, onSent }: { jobCode: string; title?: string; open: boolean; onClose: () => void; onSent: () => void }) {
  const translate = useTranslate();
  const reason = useReason();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [mode, setMode] = useState<Mode>('one');
  const [one, setOne] = useState<Record<OneField, string>>({ first_name: '', last_name: '', email: '', phone: '' });
  const [oneErrors, setOneErrors] = useState<Partial<Record<OneField, string>>>({});
  const [list, setList] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [checked, setChecked] = useState<{ source: string; answer: CheckAnswer } | null>(null);
  const [deadline, setDeadline] = useState(() => inDays(7));
  const [message, setMessage] = useState('');
  const [lang, setLang] = useState<string>((INVITATION_LANGS as readonly string[]).includes(locale) ? locale : 'en');
  const [formError, setFormError] = useState<{ field: 'deadline' | 'message' | 'form'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const source = mode === 'list' ? list : mode === 'file' ? (file?.text ?? '') : '';
  // A check holds for the text it read: a change asks for a new one.
  const current = checked && checked.source === source ? checked.answer : null;

  const reset = () => {
    setOne({ first_name: '', last_name: '', email: '', phone: '' });
    setOneErrors({});
    setList('');
    setFile(null);
    setChecked(null);
    setMessage('');
    setFormError(null);
  };

  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    if (!f) return;
    setFile({ name: f.name, text: await f.text() });
    e.target.value = '';
  };

  const check = async () => {
    setBusy(true);
    setFormError(null);
    try {
      setChecked({ source, answer: await checkInvitations(source) });
    } catch (err) {
      setFormError({ field: 'form', text: reason(errorCode(err)) });
    } finally {
      setBusy(false);
    }
  };

  /** The people to send to, checked in the browser with the server's schema; null when one is not valid. */
  const rowsToSend = (): InvitationRow[] | null => {
    if (mode !== 'one') return current && current.bad.length === 0 ? current.rows : null;
    const parsed = z.safeParse(invitationRowSchema, { ...one, phone: one.phone || undefined });
    if (parsed.success) {
      setOneErrors({});
      return [parsed.data];
    }
    const errors: Partial<Record<OneField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as OneField;
      if (!errors[field]) errors[field] = reason(issue.message);
    }
    setOneErrors(errors);
    return null;
  };

  const send = async () => {
    setFormError(null);
    const rows = rowsToSend();
    if (!rows) return;
    const body = { job_code: jobCode, deadline: isoOf(deadline), message: message.trim() || undefined, lang, rows };
    const parsed = z.safeParse(invitationCreateSchema, body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === 'deadline' ? 'deadline' : issue?.path[0] === 'message' ? 'message' : 'form';
      setFormError({ field, text: reason(issue?.message) });
      return;
    }
    // The moment limits (an hour to 90 days) are the server's: it answers with their code.
    setBusy(true);
    try {
      const answer = await sendInvitations(body);
      notify('manager.invitations.sent', { type: 'info', messageArgs: { smart_count: answer.created } });
      if (answer.skipped.length) notify('manager.invitations.skipped', { type: 'warning', messageArgs: { smart_count: answer.skipped.length, emails: answer.skipped.map((s) => s.email).join(', ') } });
      reset();
      onSent();
      onClose();
    } catch (err) {
      const code = errorCode(err);
      const field = code?.startsWith('invitation_deadline') ? 'deadline' : code?.startsWith('invitation_message') ? 'message' : 'form';
      setFormError({ field, text: reason(code, err) });
    } finally {
      setBusy(false);
    }
  };

  const canSend = !busy && (mode === 'one' || (current !== null && current.bad.length === 0 && current.rows.length > 0));
  const count = useMemo(() => [...message].length, [message]);

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="invite-title" data-testid="invite-dialog">
      <DialogTitle id="invite-title">
        {translate('manager.invitations.invite_title')}
        {title && (
          <Typography variant="body2" component="span" sx={{ display: 'block' }}>
            {title} ({jobCode})
          </Typography>
        )}
      </DialogTitle>
      <DialogContent>
        <Tabs value={mode} onChange={(_e, v: Mode) => setMode(v)} aria-label={translate('manager.invitations.how')} sx={{ mb: 2 }}>
          <Tab value="one" label={translate('manager.invitations.mode_one')} data-testid="invite-mode-one" />
          <Tab value="list" label={translate('manager.invitations.mode_list')} data-testid="invite-mode-list" />
          <Tab value="file" label={translate('manager.invitations.mode_file')} data-testid="invite-mode-file" />
        </Tabs>
        {mode === 'one' && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
            {ONE_FIELDS.map((f) => (
              <TextField
                key={f}
                label={translate(`manager.invitations.${f}`)}
                value={one[f]}
                onChange={(e) => setOne((o) => ({ ...o, [f]: e.target.value }))}
                required={f !== 'phone'}
                type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
                error={!!oneErrors[f]}
                helperText={oneErrors[f] ?? (f === 'phone' ? translate('manager.invitations.phone_help') : ' ')}
                slotProps={{ htmlInput: { 'data-testid': `invite-${f}` } }}
              />
            ))}
          </Box>
        )}
        {mode !== 'one' && (
          <Stack spacing={1} sx={{ mb: 2 }}>
            <Typography variant="body2">{translate('manager.invitations.columns_help')}</Typography>
            {mode === 'list' ? (
              <TextField
                label={translate('manager.invitations.list_label')}
                value={list}
                onChange={(e) => setList(e.target.value)}
                multiline
                minRows={4}
                maxRows={12}
                placeholder="Léa, Martin, lea.martin@example.fr, 0612345678"
                slotProps={{ htmlInput: { 'data-testid': 'invite-list' } }}
              />
            ) : (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button variant="outlined" component="label">
                  {translate('manager.invitations.choose_file')}
                  <input hidden type="file" accept=".csv,.txt,text/csv,text/plain" onChange={readFile} data-testid="invite-file" />
                </Button>
                <Typography variant="body2" data-testid="invite-file-name">
                  {file ? file.name : translate('manager.invitations.no_file')}
                </Typography>
              </Stack>
            )}
            <Box>
              <Button variant="outlined" onClick={check} disabled={busy || source.trim() === ''} data-testid="invite-check">
                {translate('manager.invitations.check')}
              </Button>
            </Box>
            {current && <CheckResult answer={current} />}
          </Stack>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label={translate('manager.invitations.deadline')}
            type="datetime-local"
            value={deadline}
            onChange={(e) => setDeadline(e.target.value)}
            required
            error={formError?.field === 'deadline'}
            helperText={formError?.field === 'deadline' ? formError.text : translate('manager.invitations.deadline_help')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'invite-deadline' } }}
          />
          <TextField select label={translate('manager.invitations.lang')} value={lang} onChange={(e) => setLang(e.target.value)} helperText={translate('manager.invitations.lang_help')}>
            {INVITATION_LANGS.map((l) => (
              <MenuItem key={l} value={l}>
                {translate(`manager.invitations.langs.${l}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('manager.invitations.message')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            multiline
            minRows={3}
            sx={{ gridColumn: '1 / -1' }}
            error={count > INVITATION_MESSAGE_MAX || formError?.field === 'message'}
            helperText={formError?.field === 'message' ? formError.text : translate('manager.invitations.message_count', { n: count, max: INVITATION_MESSAGE_MAX })}
            slotProps={{ htmlInput: { 'data-testid': 'invite-message' } }}
          />
        </Box>
        {formError?.field === 'form' && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {formError.text}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="invite-cancel">
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={send} disabled={!canSend || count > INVITATION_MESSAGE_MAX} data-testid="invite-send">
          {mode === 'one' || !current ? translate('manager.invitations.send_one') : translate('manager.invitations.send', { smart_count: current.rows.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The check's answer: how many people are ready, and each bad row with its line and reason. */
function CheckResult({ answer }: { answer: CheckAnswer }) {
  const translate = useTranslate();
  const reason = useReason();
  if (answer.bad.length === 0)
    return (
      <Alert severity="success" data-testid="invite-check-ok">
        {translate('manager.invitations.check_ok', { smart_count: answer.rows.length })}
      </Alert>
    );
  return (
    <Box data-testid="invite-bad-rows">
      <Alert severity="error" sx={{ mb: 1 }}>
        {translate('manager.invitations.check_bad', { smart_count: answer.bad.length, ok: answer.rows.length })}
      </Alert>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('manager.invitations.line')}</TableCell>
            <TableCell>{translate('manager.invitations.content')}</TableCell>
            <TableCell>{translate('manager.invitations.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {answer.bad.map((b) => (
            <TableRow key={`${b.line}-${b.reason}`} data-testid="invite-bad-row" data-line={b.line}>
              <TableCell>{b.line || '—'}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{b.text}</TableCell>
              <TableCell data-testid="invite-bad-reason">{reason(b.reason)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
