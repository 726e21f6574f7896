// Bulk creation (/manager/offer-create, back-office.md sections 2 and 5): pick a template and one
// or more shops, optionally a preferred job code per offer (uppercased as typed, the 33-character
// alphabet, at least 5 characters: the rule module the server checks with), then create: one
// POST /apis/offer per shop, a few at a time, each row going pending, then ok with its job code
// or error with the reason. The page stays usable while it runs. A row created stays ok and is not
// created again (issue 24: a second click made duplicates): the button counts the ticked rows not
// yet created, so it is disabled while running and after success until the selection or template
// changes; a refused character or a bad code is said on its row, not in a passing toast.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  InputLabel,
  LinearProgress,
  MenuItem,
  Select,
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
import { Title, useGetList, usePermissions, useTranslate } from 'react-admin';
import { checkPreferredJobCode, PREFERRED_JOB_CODE_TYPING as TYPING } from '../../../models/rules/job-code.js';
import { templates as templateDecl } from '../../../models/resources/templates/resource.js';
import type { FieldDecl } from '../../../models/resources/schema.js';
import { errorCode, postJson } from '../common/http.js';
import { NotAllowed } from './NotAllowed.js';

/** Offers created at the same time: the page and the server stay responsive for 50 at once. */
export const BULK_CONCURRENCY = 4;

type RowState = { status: 'idle' } | { status: 'pending' } | { status: 'ok'; jobCode: string } | { status: 'error'; reason: string };

interface ShopRecord {
  id: number | string;
  shopname: string;
  street?: string;
  zip_code?: string;
  city?: string;
  area?: string | null;
  sub_area?: string | null;
  country?: string | null;
  country_iso?: string | null;
  lat?: number | null;
  lng?: number | null;
  recruiter_id: string;
  recruiter_name?: string;
}

/** The template's content: its fields kept in the content JSON (section 3). */
const CONTENT_FIELDS = (templateDecl.fields as readonly FieldDecl[]).filter((f) => f.from && 'json' in f.from).map((f) => f.source);

/** One POST /apis/offer body: the template content merged with the shop's address, name and recruiter. */
export function offerPayload(template: Record<string, unknown>, shop: ShopRecord, prefJobCode: string) {
  const content = Object.fromEntries(CONTENT_FIELDS.filter((k) => template[k] !== undefined).map((k) => [k, template[k]]));
  return {
    ...content,
    template_id: template.id,
    address: {
      lat: shop.lat ?? null,
      lng: shop.lng ?? null,
      street: shop.street ?? '',
      city: shop.city ?? '',
      zip_code: shop.zip_code ?? '',
      area: shop.area ?? '',
      sub_area: shop.sub_area ?? '',
      country: shop.country ?? '',
      country_iso: shop.country_iso ?? 'FR',
    },
    shop_id: shop.id,
    shopname: shop.shopname,
    recruiter_id: shop.recruiter_id,
    ...(prefJobCode ? { prefJobCode } : {}),
  };
}

/** Runs `work` on every item, at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(runners);
}

function BulkCreate() {
  const translate = useTranslate();
  const { data: templates = [] } = useGetList('templates', { pagination: { page: 1, perPage: 200 }, sort: { field: 'created_at', order: 'DESC' } });
  const { data: shops = [] } = useGetList<ShopRecord>('shops', { pagination: { page: 1, perPage: 200 }, sort: { field: 'shopname', order: 'ASC' } });
  const [templateId, setTemplateId] = useState<string>('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [codes, setCodes] = useState<Record<string, string>>({});
  const [states, setStates] = useState<Record<string, RowState>>({});
  // The rows of the last run (its progress) and each row's note about its preferred code.
  const [runIds, setRunIds] = useState<string[]>([]);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [running, setRunning] = useState(false);
  const [asked, setAsked] = useState(false);
  const live = useRef(true);
  // Set again on every mount: React's StrictMode (development builds) unmounts and mounts once,
  // which left the flag false and every row pending.
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const selected = useMemo(() => shops.filter((s) => picked.has(String(s.id))), [shops, picked]);
  // What a click creates: the ticked rows not created yet.
  const todo = useMemo(() => selected.filter((s) => states[String(s.id)]?.status !== 'ok'), [selected, states]);
  const done = runIds.filter((id) => ['ok', 'error'].includes(states[id]?.status ?? '')).length;
  const missing = !templateId || selected.length === 0;

  /** A new selection: rows ticked or unticked start again (ticking a created row again means another offer). */
  const select = (next: Set<string>) => {
    const changed = shops.map((s) => String(s.id)).filter((id) => picked.has(id) !== next.has(id));
    setStates((st) => Object.fromEntries(Object.entries(st).filter(([id]) => !changed.includes(id))));
    setPicked(next);
  };
  const toggle = (id: string) => {
    const n = new Set(picked);
    if (n.has(id)) n.delete(id);
    else n.add(id);
    select(n);
  };
  const pickTemplate = (id: string) => {
    setTemplateId(id);
    // Another template: every ticked row is a new offer.
    setStates({});
    setRunIds([]);
  };

  const codeNote = (check: ReturnType<typeof checkPreferredJobCode>) =>
    check.ok ? null : translate(`manager.errors.${check.error}`, { char: 'char' in check ? check.char : '', allowed: TYPING.allowed });

  const typeCode = (id: string, input: string) => {
    const { value, refused } = TYPING.apply(input);
    setCodes((c) => ({ ...c, [id]: value }));
    setNotes((n) => {
      const out = { ...n };
      if (refused !== null) out[id] = translate(TYPING.refusedMessage, { char: refused, allowed: TYPING.allowed });
      // A note stays until the code is right (or empty).
      else if (!value || checkPreferredJobCode(value).ok) delete out[id];
      return out;
    });
  };

  const create = async () => {
    const template = templates.find((t) => String(t.id) === templateId);
    setAsked(true);
    if (!template || todo.length === 0) return;
    const bad: Record<string, string> = {};
    for (const s of todo) {
      const code = codes[String(s.id)];
      const note = code ? codeNote(checkPreferredJobCode(code)) : null;
      if (note) bad[String(s.id)] = note;
    }
    if (Object.keys(bad).length) {
      setNotes((n) => ({ ...n, ...bad }));
      return;
    }
    const batch = todo;
    setRunning(true);
    setRunIds(batch.map((s) => String(s.id)));
    setStates((st) => ({ ...st, ...Object.fromEntries(batch.map((s) => [String(s.id), { status: 'pending' } as RowState])) }));
    await pool(batch, BULK_CONCURRENCY, async (shop) => {
      const id = String(shop.id);
      let state: RowState;
      try {
        const res = await postJson<{ Item?: { job_code?: string } }>('/apis/offer', offerPayload(template, shop, codes[id] ?? ''));
        // No job code in the answer is an error (section 4).
        state = res?.Item?.job_code ? { status: 'ok', jobCode: res.Item.job_code } : { status: 'error', reason: translate('manager.errors.internal') };
      } catch (e) {
        const code = errorCode(e);
        const message = (e as { body?: { message?: string } }).body?.message;
        state = { status: 'error', reason: message ?? translate(`manager.errors.${code ?? 'internal'}`, { _: translate('manager.errors.internal') }) };
      }
      if (!live.current) return;
      setStates((st) => ({ ...st, [id]: state }));
      if (state.status === 'ok')
        setNotes((n) => {
          const { [id]: _done, ...rest } = n;
          return rest;
        });
    });
    setRunning(false);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="manager.create.title" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('manager.create.title')}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 900 }}>
        <FormControl size="small" sx={{ maxWidth: 480 }}>
          <InputLabel id="bulk-template-label">{translate('manager.create.template')}</InputLabel>
          <Select
            labelId="bulk-template-label"
            label={translate('manager.create.template')}
            value={templateId}
            onChange={(e) => pickTemplate(String(e.target.value))}
            data-testid="bulk-template"
            disabled={running}
          >
            {templates.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {String(t.title ?? t.id)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Typography variant="subtitle1" component="h2">
          {translate('manager.create.shops')}
        </Typography>
        {shops.length === 0 && <Typography>{translate('manager.create.no_shops')}</Typography>}
        <TableContainer>
          <Table size="small" data-testid="bulk-shops">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={shops.length > 0 && picked.size === shops.length}
                    indeterminate={picked.size > 0 && picked.size < shops.length}
                    onChange={(e) => select(e.target.checked ? new Set(shops.map((s) => String(s.id))) : new Set())}
                    disabled={running}
                    slotProps={{ input: { 'aria-label': translate('manager.create.all_shops') } }}
                  />
                </TableCell>
                <TableCell>{translate('manager.offers.shop')}</TableCell>
                <TableCell>{translate('manager.create.pref_code')}</TableCell>
                <TableCell>{translate('manager.create.state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shops.map((s) => {
                const id = String(s.id);
                const st = states[id] ?? { status: 'idle' };
                const note = notes[id];
                return (
                  <TableRow key={id} data-testid={`bulk-row-${id}`} data-state={st.status}>
                    <TableCell padding="checkbox">
                      <Checkbox checked={picked.has(id)} onChange={() => toggle(id)} disabled={running} slotProps={{ input: { 'aria-label': s.shopname } }} />
                    </TableCell>
                    <TableCell>
                      {s.shopname}
                      <Typography variant="caption" component="div">
                        {[s.zip_code, s.city].filter(Boolean).join(' ')}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        value={codes[id] ?? ''}
                        onChange={(e) => typeCode(id, e.target.value)}
                        disabled={running || !picked.has(id) || st.status === 'ok'}
                        placeholder={translate('manager.create.pref_code_hint')}
                        error={!!note}
                        helperText={note}
                        slotProps={{
                          htmlInput: { 'aria-label': translate('manager.create.pref_code_of', { shop: s.shopname }), 'data-testid': `bulk-code-${id}` },
                          formHelperText: { role: 'alert', 'data-testid': `bulk-code-note-${id}` } as object,
                        }}
                      />
                    </TableCell>
                    <TableCell aria-live="polite">
                      {st.status === 'pending' && <Chip size="small" label={translate('manager.create.pending')} />}
                      {st.status === 'ok' && <Chip size="small" color="success" label={`${translate('manager.create.ok')} ${st.jobCode}`} data-testid="bulk-ok" />}
                      {st.status === 'error' && <Chip size="small" color="error" label={`${translate('manager.create.error')}: ${st.reason}`} />}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {asked && missing && (
          <Alert severity="warning" role="alert" data-testid="bulk-missing">
            {translate('manager.create.pick_template_and_shops')}
          </Alert>
        )}
        {running || done > 0 ? (
          <Box>
            <LinearProgress variant="determinate" value={runIds.length ? (done / runIds.length) * 100 : 0} aria-label={translate('manager.create.progress', { done, total: runIds.length })} />
            <Typography variant="body2" data-testid="bulk-progress">
              {translate('manager.create.progress', { done, total: runIds.length })}
            </Typography>
          </Box>
        ) : null}
        <Box>
          <Button variant="contained" onClick={create} disabled={running || todo.length === 0} data-testid="bulk-create">
            {translate('manager.create.create', { smart_count: todo.length })}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

export function OfferCreate() {
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  if (permissions !== 'manager') return <NotAllowed />;
  return <BulkCreate />;
}
