// The manager's webhooks (/manager/webhooks; issue 28, docs/decisions/480-outbound-webhooks.md):
// the company's endpoints (URL, events, on or off), the signing secret shown once at creation and
// again by "Reveal" or "New secret", and the deliveries' log with every attempt's answer and a
// replay. The rules (https, public addresses, the events) are the server's: its refusals are
// shown by their code. Loaded when first opened.
import { Fragment, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { WEBHOOK_EVENTS } from '../../../models/rules/webhooks.js';
import { listDate } from '../common/format.js';
import { errorCode } from '../common/http.js';
import type { ConsoleDataProvider } from '../providers/dataProvider.js';

interface Endpoint {
  id: number;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  disabled_at: string | null;
}

interface Attempt {
  attempt: number;
  at: string;
  status_code: number | null;
  duration_ms: number;
  response_body: string | null;
  error: string | null;
}

interface Delivery {
  id: number;
  url: string;
  event_type: string;
  state: string;
  attempts: number;
  last_status: number | null;
  created_at: string;
  msg_id: string;
  attempt_log: Attempt[];
}

const eventKey = (e: string) => `manager.webhooks.events.${e.replace('.', '_')}`;
const PAGE = { pagination: { page: 1, perPage: 50 }, sort: { field: 'created_at', order: 'DESC' as const } };

function useFailure() {
  const notify = useNotify();
  const translate = useTranslate();
  return (e: unknown) => notify(`manager.webhooks.errors.${errorCode(e) ?? 'internal'}`, { type: 'error', messageArgs: { _: translate('manager.errors.internal') } });
}

/** The secret, once: after creation, a reveal or a rotation. */
function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={!!secret} onClose={onClose} aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">{translate('manager.webhooks.secret_title')}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>{translate('manager.webhooks.secret_help')}</Typography>
        <Box component="code" data-testid="webhook-secret" sx={{ display: 'block', p: 1, bgcolor: 'grey.100', wordBreak: 'break-all', fontSize: 14 }}>
          {secret}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('manager.webhooks.secret_done')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function NewEndpoint({ onCreated }: { onCreated: (secret: string) => void }) {
  const translate = useTranslate();
  const dp = useDataProvider<ConsoleDataProvider>();
  const failed = useFailure();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([...WEBHOOK_EVENTS]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { data } = await dp.create('webhook-endpoints', { data: { url: url.trim(), description, events } });
      const { secret } = await dp.action<{ secret: string }>('webhook-endpoints', data.id, 'reveal');
      setOpen(false);
      setUrl('');
      setDescription('');
      onCreated(secret);
    } catch (err) {
      const code = errorCode(err);
      if (code) setError(translate(`manager.webhooks.errors.${code}`, { _: translate('manager.errors.internal') }));
      else failed(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        {translate('manager.webhooks.add')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="webhook-new-title" fullWidth maxWidth="sm">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="webhook-new-title">{translate('manager.webhooks.add')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label={translate('manager.webhooks.url')}
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                required
                placeholder="https://"
                helperText={error ?? translate('manager.webhooks.url_help')}
                error={!!error}
                slotProps={{ htmlInput: { 'data-testid': 'webhook-url' } }}
              />
              <TextField label={translate('manager.webhooks.description')} value={description} onChange={(e) => setDescription(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
              <FormGroup aria-label={translate('manager.webhooks.events_label')}>
                <Typography variant="subtitle2">{translate('manager.webhooks.events_label')}</Typography>
                {WEBHOOK_EVENTS.map((ev) => (
                  <FormControlLabel
                    key={ev}
                    label={translate(eventKey(ev))}
                    control={<Checkbox checked={events.includes(ev)} onChange={(e) => setEvents((cur) => (e.target.checked ? [...cur, ev] : cur.filter((x) => x !== ev)))} />}
                  />
                ))}
              </FormGroup>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy || !events.length}>
              {translate('manager.webhooks.create')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

function Endpoints({ onSecret }: { onSecret: (secret: string) => void }) {
  const translate = useTranslate();
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const failed = useFailure();
  const { data = [], refetch } = useGetList<Endpoint>('webhook-endpoints', PAGE);
  const secretOf = (id: number, action: 'reveal' | 'rotate') =>
    dp
      .action<{ secret: string }>('webhook-endpoints', id, action)
      .then((r) => onSecret(r.secret))
      .catch(failed);
  const toggle = (row: Endpoint) =>
    dp
      .update('webhook-endpoints', { id: row.id, data: { enabled: !row.enabled }, previousData: row })
      .then(() => refetch())
      .catch(failed);
  const remove = async (row: Endpoint) => {
    if (!window.confirm(translate('manager.webhooks.delete_confirm', { url: row.url }))) return;
    await dp
      .delete('webhook-endpoints', { id: row.id, previousData: row })
      .then(() => {
        notify('manager.webhooks.deleted', { type: 'success' });
        return refetch();
      })
      .catch(failed);
  };
  if (!data.length) return <Typography sx={{ my: 2 }}>{translate('manager.webhooks.none')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('manager.webhooks.endpoints')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('manager.webhooks.url')}</TableCell>
            <TableCell>{translate('manager.webhooks.events_label')}</TableCell>
            <TableCell>{translate('manager.webhooks.enabled')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((row) => (
            <TableRow key={row.id} data-testid="webhook-endpoint">
              <TableCell sx={{ wordBreak: 'break-all' }}>
                {row.url}
                {row.description ? (
                  <Typography variant="body2" color="text.secondary">
                    {row.description}
                  </Typography>
                ) : null}
                {!row.enabled && row.disabled_at ? (
                  <Typography variant="body2" color="error">
                    {translate('manager.webhooks.disabled_since', { date: listDate(row.disabled_at) })}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{row.events.map((e) => translate(eventKey(e))).join(', ')}</TableCell>
              <TableCell>
                <Switch checked={row.enabled} onChange={() => void toggle(row)} slotProps={{ input: { 'aria-label': translate('manager.webhooks.enabled') } }} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => void secretOf(row.id, 'reveal')}>
                  {translate('manager.webhooks.reveal')}
                </Button>
                <Button size="small" onClick={() => void secretOf(row.id, 'rotate')}>
                  {translate('manager.webhooks.rotate')}
                </Button>
                <Button size="small" color="error" onClick={() => void remove(row)}>
                  {translate('ra.action.delete')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function attemptText(a: Attempt, translate: ReturnType<typeof useTranslate>): string {
  const what =
    a.status_code !== null
      ? `HTTP ${a.status_code}`
      : translate(`manager.webhooks.attempt_errors.${a.error ?? 'connection_failed'}`, { _: translate('manager.webhooks.attempt_errors.connection_failed') });
  return `#${a.attempt} · ${listDate(a.at)} · ${what} · ${a.duration_ms} ms`;
}

function Deliveries() {
  const translate = useTranslate();
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const failed = useFailure();
  const [open, setOpen] = useState<number | null>(null);
  const { data = [], refetch } = useGetList<Delivery>('webhook-deliveries', PAGE);
  const replay = (row: Delivery) =>
    dp
      .action('webhook-deliveries', row.id, 'replay')
      .then(() => {
        notify('manager.webhooks.replayed', { type: 'success' });
        return refetch();
      })
      .catch(failed);
  return (
    <Card sx={{ mt: 3 }}>
      <CardContent>
        {/* The app bar's refresh button reloads this log. */}
        <Typography variant="h6" component="h2">
          {translate('manager.webhooks.log')}
        </Typography>
        {!data.length ? (
          <Typography sx={{ my: 2 }}>{translate('manager.webhooks.no_deliveries')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('manager.webhooks.log')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('manager.webhooks.when')}</TableCell>
                  <TableCell>{translate('manager.webhooks.event')}</TableCell>
                  <TableCell>{translate('manager.webhooks.state')}</TableCell>
                  <TableCell>{translate('manager.webhooks.attempts')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((row) => (
                  <Fragment key={row.id}>
                    <TableRow data-testid="webhook-delivery" hover onClick={() => setOpen(open === row.id ? null : row.id)} sx={{ cursor: 'pointer' }}>
                      <TableCell>{listDate(row.created_at)}</TableCell>
                      <TableCell>{translate(eventKey(row.event_type))}</TableCell>
                      <TableCell>
                        {translate(`manager.webhooks.states.${row.state}`)}
                        {row.last_status !== null ? ` (HTTP ${row.last_status})` : ''}
                      </TableCell>
                      <TableCell>{row.attempts}</TableCell>
                      <TableCell>
                        {row.state !== 'pending' ? (
                          <Button
                            size="small"
                            onClick={(e) => {
                              e.stopPropagation();
                              void replay(row);
                            }}
                          >
                            {translate('manager.webhooks.replay')}
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                    {open === row.id ? (
                      <TableRow>
                        <TableCell colSpan={5}>
                          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                            {row.url} · webhook-id {row.msg_id}
                          </Typography>
                          {row.attempt_log.map((a) => (
                            <Box key={a.attempt} sx={{ mt: 1 }} data-testid="webhook-attempt">
                              <Typography variant="body2">{attemptText(a, translate)}</Typography>
                              {a.response_body ? (
                                <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'grey.100', whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>
                                  {a.response_body}
                                </Box>
                              ) : null}
                            </Box>
                          ))}
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export function WebhooksPage() {
  const translate = useTranslate();
  const [secret, setSecret] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={translate('manager.webhooks.title')} />
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ mb: 1, justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              {translate('manager.webhooks.endpoints')}
            </Typography>
            <NewEndpoint
              onCreated={(s) => {
                setSecret(s);
                setRound((r) => r + 1);
              }}
            />
          </Stack>
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate('manager.webhooks.intro')}
          </Alert>
          <Endpoints key={round} onSecret={setSecret} />
        </CardContent>
      </Card>
      <Deliveries />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Box>
  );
}
