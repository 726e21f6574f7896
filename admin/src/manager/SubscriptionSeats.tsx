// The seats and the billing of one subscription on /manager/subscription/{id} (back-office.md
// sections 2, 3 and 5; decisions 241 and 242): the recruiters holding its seats (sub_recruiters),
// seats used and left, assigning a recruiter of the company, releasing one, the new recruiter form
// (the spec's rules: "Erreur: Name -> ...", "fill all required fields", "Invalid address"), and
// "Gérer la facturation" (Stripe's Billing Portal) with the invoices already paid.
import { listDate } from '../common/format.js';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Link, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { fetchUtils, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import * as z from 'zod/mini';
import { getJson, postJson } from '../common/http.js';
import { newSeatRecruiterSchema } from '../../../api/services/billing/subscriptions.schema.js';

interface Person {
  sub: string;
  name: string;
  email: string;
}
interface Detail {
  id: number;
  sub_id: string;
  state: string;
  active: boolean;
  sub_quantity: number;
  seats_used: number;
  seats_remaining: number;
  sub_recruiters: Person[];
  assignable: Person[];
}
interface Invoice {
  id: string;
  number: string | null;
  created: string;
  amount_paid: number;
  currency: string;
  invoice_pdf: string | null;
}

/** The server's message for a failed call (its catalogs speak the caller's language). */
const messageOf = (e: unknown, fallback: string): string => {
  const body = (e as { body?: { message?: unknown } } | null)?.body;
  return typeof body?.message === 'string' ? body.message : fallback;
};

/** The message key a failed schema check maps to (codes are "code|message_key"). */
function formProblem(issue: string | undefined): string {
  const code = (issue ?? '').split('|')[0];
  if (code === 'invalid_address') return 'manager.subscription.invalid_address';
  if (code === 'invalid_recruiter' || code === 'invalid_email') return 'manager.subscription.recruiter_invalid';
  return 'manager.fill_required';
}

const EMPTY_FORM = { name: '', email: '', password: '', shopname: '', street: '', zip_code: '', city: '' };
type FormValues = typeof EMPTY_FORM;
const FIELDS: Array<[keyof FormValues, string, string]> = [
  ['name', 'text', 'name'],
  ['email', 'email', 'email'],
  ['password', 'password', 'new-password'],
  ['shopname', 'text', 'organization'],
  ['street', 'text', 'street-address'],
  ['zip_code', 'text', 'postal-code'],
  ['city', 'text', 'address-level2'],
];

export function SubscriptionSeats() {
  const record = useRecordContext<{ id: number }>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pick, setPick] = useState('');
  const [form, setForm] = useState<FormValues>(EMPTY_FORM);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (!record) return;
    const { Item } = await getJson<{ Item: Detail }>(`/apis/subscription/${record.id}`);
    setDetail(Item);
  }, [record]);
  useEffect(() => {
    load().catch((e) => setProblem(messageOf(e, translate('manager.subscription.load_error'))));
  }, [load, translate]);

  if (!detail) return null;
  const base = `/apis/subscription/${encodeURIComponent(detail.sub_id)}/recruiters`;

  async function run(call: () => Promise<unknown>, success: string) {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      await call();
      setDone(translate(success));
      await load();
      // The record's own counts above (seats used and left) follow.
      refresh();
      return true;
    } catch (e) {
      setProblem(messageOf(e, translate('manager.subscription.load_error')));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const assign = () => pick && run(() => postJson(base, { recruiter_id: pick }), 'manager.subscription.assigned').then(() => setPick(''));
  const release = (who: Person) => run(() => fetchUtils.fetchJson(`${base}/${encodeURIComponent(who.sub)}`, { method: 'DELETE', credentials: 'include' }), 'manager.subscription.released');

  async function addNew(e: FormEvent) {
    e.preventDefault();
    // The API's schema, run here first for instant feedback (the same codes).
    const checked = z.safeParse(newSeatRecruiterSchema, form);
    if (!checked.success) {
      setDone(null);
      setProblem(translate(formProblem(checked.error.issues[0]?.message)));
      return;
    }
    if (await run(() => postJson(`${base}/new`, form), 'manager.subscription.added')) setForm(EMPTY_FORM);
  }

  const full = detail.seats_remaining <= 0;
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="subscription-seats">
      <Typography variant="h6" component="h2">
        {translate('manager.subscription.seats_title')}
      </Typography>
      <Typography data-testid="seats-count">{translate('manager.subscription.seats_count', { used: detail.seats_used, quantity: detail.sub_quantity, left: detail.seats_remaining })}</Typography>
      {!detail.active && <Alert severity="warning">{translate('manager.subscription.inactive')}</Alert>}
      {problem && (
        <Alert severity="error" role="alert" data-testid="seats-error">
          {problem}
        </Alert>
      )}
      {done && (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      )}
      <List dense aria-label={translate('manager.subscription.seats_title')} data-testid="seat-holders">
        {detail.sub_recruiters.length === 0 && (
          <ListItem>
            <ListItemText primary={translate('manager.subscription.no_seat_holder')} />
          </ListItem>
        )}
        {detail.sub_recruiters.map((r) => (
          <ListItem
            key={r.sub}
            secondaryAction={
              <Button size="small" onClick={() => release(r)} disabled={busy} aria-label={translate('manager.subscription.release_who', { name: r.name })}>
                {translate('manager.subscription.release')}
              </Button>
            }
          >
            <ListItemText primary={r.name} secondary={r.email} />
          </ListItem>
        ))}
      </List>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          sx={{ minWidth: 260 }}
          label={translate('manager.subscription.assign_label')}
          value={pick}
          onChange={(e) => setPick(e.target.value)}
          disabled={busy || detail.assignable.length === 0}
          helperText={detail.assignable.length === 0 ? translate('manager.subscription.nobody_to_assign') : undefined}
          slotProps={{ select: { inputProps: { 'data-testid': 'assign-select' } } }}
        >
          {detail.assignable.map((r) => (
            <MenuItem key={r.sub} value={r.sub}>
              {r.name} ({r.email})
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={assign} disabled={busy || !pick || full || !detail.active} data-testid="assign-seat">
          {translate('manager.subscription.assign')}
        </Button>
      </Stack>

      <Card variant="outlined">
        <CardContent>
          <Box component="form" noValidate onSubmit={addNew} data-testid="new-recruiter-form">
            <Typography variant="subtitle1" component="h3" gutterBottom>
              {translate('manager.subscription.new_title')}
            </Typography>
            <Stack spacing={1.5}>
              {FIELDS.map(([name, type, autoComplete]) => (
                <TextField
                  key={name}
                  size="small"
                  name={name}
                  type={type}
                  autoComplete={autoComplete}
                  required
                  label={translate(`manager.subscription.fields.${name}`)}
                  value={form[name]}
                  onChange={(e) => setForm({ ...form, [name]: e.target.value })}
                />
              ))}
              <Box>
                <Button type="submit" variant="contained" disabled={busy || full || !detail.active} data-testid="add-recruiter">
                  {translate('manager.subscription.add_recruiter')}
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
      <Billing subId={detail.sub_id} />
    </Stack>
  );
}

/** "Gérer la facturation" and the paid invoices with their PDF (decision 242). */
function Billing({ subId }: { subId: string }) {
  const translate = useTranslate();
  const [invoices, setInvoices] = useState<Invoice[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    getJson<{ Items: Invoice[] }>(`/apis/subscription/${encodeURIComponent(subId)}/invoices`)
      .then((r) => setInvoices(r.Items))
      .catch((e) => setProblem(messageOf(e, translate('manager.subscription.load_error'))));
  }, [subId, translate]);

  async function openPortal() {
    setBusy(true);
    setProblem(null);
    try {
      const { url } = await postJson<{ url: string }>(`/apis/subscription/${encodeURIComponent(subId)}/billing-portal`, {});
      window.location.assign(url);
    } catch (e) {
      setProblem(messageOf(e, translate('manager.subscription.load_error')));
      setBusy(false);
    }
  }

  const money = (cents: number, currency: string) => new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  return (
    <Box data-testid="billing">
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('manager.subscription.billing_title')}
      </Typography>
      <Button variant="outlined" onClick={openPortal} disabled={busy} data-testid="manage-billing">
        {translate('manager.subscription.manage_billing')}
      </Button>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="billing-error">
          {problem}
        </Alert>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {translate('manager.subscription.invoices')}
      </Typography>
      {invoices && invoices.length === 0 && <Typography>{translate('manager.subscription.no_invoice')}</Typography>}
      <List dense data-testid="invoices">
        {(invoices ?? []).map((i) => (
          <ListItem key={i.id}>
            <ListItemText
              primary={`${i.number ?? i.id} · ${listDate(i.created, false)} · ${money(i.amount_paid, i.currency)}`}
              secondary={
                i.invoice_pdf ? (
                  <Link href={i.invoice_pdf} target="_blank" rel="noopener noreferrer">
                    {translate('manager.subscription.invoice_pdf')}
                  </Link>
                ) : null
              }
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
