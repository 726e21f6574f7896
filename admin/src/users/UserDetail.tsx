// The user detail page #/user/{id} (section 2). Recruiters and managers: plan, boosters,
// substitute, permanent delete, offers coloured by state, the recruiter assignment panel.
// Candidates: email, phone, wishlist count, applications with questions and states (reset and
// force-send), wishlist with added date. Every action behind a confirmation dialog.
import { useState } from 'react';
import { useParams, useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, Chip, Link, List, ListItem, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Loading, Title, useDataProvider, useGetList, useGetOne, useNotify, useRefresh, useTranslate } from 'react-admin';
import { USER_PLANS } from '../../../models/rules/accounts.js';
import { BOOST_DAYS_MAX, BOOST_DAYS_MIN, DEFAULT_BOOST_DAYS } from '../../../models/rules/boost.js';
import { ConfirmButton } from '../common/ConfirmButton.js';
import { useAction } from '../common/useAction.js';
import { cut, listDate } from '../common/format.js';
import { AssignmentPanel } from './AssignmentPanel.js';
import { SubstituteDialog } from './SubstituteDialog.js';
import { ActionButtons } from '../screen-builder/screens.js';
import { applications } from '../../../models/resources/applications/resource.js';
import { StateDot, type UserRecord } from './UserCard.js';

const OFFER_COLORS: Record<string, string> = { available: '#1565c0', closed: '#f9a825' };

function RecruiterView({ user }: { user: UserRecord }) {
  const translate = useTranslate();
  const run = useAction();
  const navigate = useNavigate();
  const notify = useNotify();
  const dp = useDataProvider();
  const [plan, setPlan] = useState(String(user.user_plan));
  const [limit, setLimit] = useState(String(user.actives_offers_limit ?? 0));
  const [boosters, setBoosters] = useState('');
  const [boostDays, setBoostDays] = useState(user.boost_days === null || user.boost_days === undefined ? '' : String(user.boost_days));
  const refresh = useRefresh();
  const [substituteMode, setSubstituteMode] = useState(false);
  const [search, setSearch] = useState('');
  const [source, setSource] = useState<{ id: string; name: string } | null>(null);
  const [merging, setMerging] = useState(false);
  const { data: offers } = useGetList('offers', { filter: { recruiter_id: user.id }, pagination: { page: 1, perPage: 100 }, sort: { field: 'created_at', order: 'DESC' } });
  const { data: candidates } = useGetList(
    'users',
    { filter: { profile: 'recruiter', q: search || undefined }, pagination: { page: 1, perPage: 10 }, sort: { field: 'created_at', order: 'DESC' } },
    { enabled: substituteMode && search.length >= 3 },
  );
  const boostCount = Number(boosters);
  const boostValid = boosters !== '' && Number.isInteger(boostCount) && boostCount > 0;
  const days = Number(boostDays);
  const daysValid = boostDays === '' || (Number.isInteger(days) && days >= BOOST_DAYS_MIN && days <= BOOST_DAYS_MAX);
  const saveBoostDays = async () => {
    try {
      await dp.update('users', { id: user.id, data: { boost_days: boostDays === '' ? null : days }, previousData: user });
      notify('console.done', { type: 'success' });
      refresh();
    } catch (e) {
      const err = e as { body?: { message?: string }; message?: string };
      notify(err.body?.message ?? err.message ?? 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('console.plan')}
          value={plan}
          onChange={(e) => setPlan(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'plan-select' } }}
          sx={{ minWidth: 140 }}
        >
          {USER_PLANS.map((p) => (
            <MenuItem key={p} value={p}>
              {translate(`console.plans.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        {plan === 'custom' && <TextField size="small" type="number" label={translate('console.plan_limit')} value={limit} onChange={(e) => setLimit(e.target.value)} />}
        <ConfirmButton
          label={translate('console.plan')}
          question={translate('console.plan_confirm', { plan: translate(`console.plans.${plan}`) })}
          onConfirm={async () => {
            if (plan === 'custom' && !Number.isInteger(Number(limit))) return notify('console.bad_input', { type: 'warning' });
            await run('users', user.id, 'plan', { user_plan: plan, ...(plan === 'custom' ? { actives_offers: Number(limit) } : {}) });
          }}
        />
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography data-testid="boosters">
          {translate('console.boosters')}: {String(user.av_boost)} / {String(user.total_boost)}
        </Typography>
        <TextField
          size="small"
          type="number"
          label={translate('console.boosters')}
          value={boosters}
          onChange={(e) => setBoosters(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'boosters-input' } }}
          sx={{ width: 120 }}
        />
        <ConfirmButton
          label={translate('console.add_boosters')}
          disabled={!boostValid}
          question={translate('console.boosters_confirm', { count: boostCount, total: Number(user.av_boost) + (boostValid ? boostCount : 0) })}
          onConfirm={async () => {
            if (await run('users', user.id, 'boosters', { count: boostCount })) setBoosters('');
          }}
        />
      </Stack>
      {/* How long this account's boosts last (decision 251): empty is the default. */}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          type="number"
          label={translate('console.boost_days')}
          value={boostDays}
          error={!daysValid}
          helperText={translate('console.boost_days_hint', { days: DEFAULT_BOOST_DAYS })}
          onChange={(e) => setBoostDays(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'boost-days-input', min: BOOST_DAYS_MIN, max: BOOST_DAYS_MAX, step: 1 } }}
          sx={{ width: 220 }}
        />
        <Button variant="outlined" disabled={!daysValid} onClick={saveBoostDays} data-testid="boost-days-save">
          {translate('console.boost_days_save')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {/* Only opens the picker: the merge itself is confirmed in its own dialog. */}
        <Button size="small" variant={substituteMode ? 'contained' : 'outlined'} onClick={() => setSubstituteMode(!substituteMode)} data-testid="substitute-toggle">
          {translate('console.substitute')}
        </Button>
        {substituteMode && (
          <>
            <TextField size="small" label={translate('console.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
            <TextField
              select
              size="small"
              sx={{ minWidth: 220 }}
              value={source?.id ?? ''}
              label={translate('resources.users.name', { smart_count: 1 })}
              onChange={(e) => setSource((candidates ?? []).map((c) => ({ id: String(c.id), name: String(c.name) })).find((c) => c.id === e.target.value) ?? null)}
            >
              {(candidates ?? [])
                .filter((c) => c.id !== user.id)
                .map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name} — {c.email}
                  </MenuItem>
                ))}
            </TextField>
            <Button size="small" variant="outlined" color="warning" disabled={!source} onClick={() => setMerging(true)} data-confirm="true">
              {translate('console.substitute_pick')}
            </Button>
            {merging && source && (
              <SubstituteDialog
                targetId={user.id}
                sourceId={source.id}
                onClose={() => setMerging(false)}
                onMerged={() => {
                  setMerging(false);
                  setSource(null);
                  setSubstituteMode(false);
                }}
              />
            )}
          </>
        )}
        <ConfirmButton
          label={translate('console.delete_user')}
          color="error"
          question={translate('console.delete_confirm')}
          onConfirm={async () => {
            try {
              await dp.delete('users', { id: user.id, previousData: user });
              notify('console.user_deleted', { type: 'success' });
              navigate('/users');
            } catch (e) {
              notify((e as { body?: { message?: string } }).body?.message ?? 'ra.notification.http_error', { type: 'error' });
            }
          }}
        />
      </Stack>
      <Typography variant="h6">{translate('console.offers')}</Typography>
      {(offers ?? []).map((o) => (
        <Card key={o.id} variant="outlined" sx={{ borderLeft: `6px solid ${OFFER_COLORS[o.state] ?? '#c62828'}` }} data-testid="detail-offer">
          <CardContent>
            <Typography variant="subtitle1" sx={{ color: OFFER_COLORS[o.state] ?? '#c62828' }}>
              {o.job_code} — {o.title} ({translate(`resources.offers.choices.state.${o.state}`)})
            </Typography>
            <Typography variant="body2">{cut(o.description, 300)}</Typography>
            <Link href={`#/applications?filter=${encodeURIComponent(JSON.stringify({ offer_id: o.id }))}`}>
              {o.candidates ?? 0} {translate('console.candidates')}
            </Link>
          </CardContent>
        </Card>
      ))}
      <AssignmentPanel manager={user} />
    </Stack>
  );
}

function CandidateView({ user }: { user: UserRecord }) {
  const translate = useTranslate();
  const { data: candidateApplications } = useGetList('applications', { filter: { candidate_id: user.id }, pagination: { page: 1, perPage: 100 }, sort: { field: 'created_at', order: 'DESC' } });
  const { data: wishlist } = useGetList('wishlists', { filter: { candidate_id: user.id }, pagination: { page: 1, perPage: 100 }, sort: { field: 'added_at', order: 'DESC' } });
  return (
    <Stack spacing={2}>
      <Typography>
        {user.email} · {user.phone ?? '—'} · {translate('console.wishlist')}: {String(user.wishlist_count)}
      </Typography>
      <Typography variant="h6">{translate('console.applications')}</Typography>
      {(candidateApplications ?? []).map((a) => (
        <Card key={a.id} variant="outlined" data-testid="detail-application">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle1">
                {a.job_code} — {a.title}
              </Typography>
              <Chip size="small" label={translate(`resources.applications.choices.state.${a.state}`)} />
              <Chip size="small" label={translate(`resources.applications.choices.recruiter_state.${a.recruiter_state}`)} />
            </Stack>
            <List dense>
              {(a.questions as { id: string; question: string; state?: string; url?: string | null }[]).map((q) => (
                <ListItem key={q.id}>
                  {q.id}. {q.question} — {translate(q.state === 'done' ? 'console.answer_done' : 'console.answer_missing')}
                  {q.url && (
                    <>
                      {' '}
                      <a href={q.url} target="_blank" rel="noreferrer" data-testid="story-link">
                        {translate('console.watch_story')}
                      </a>
                    </>
                  )}
                </ListItem>
              ))}
            </List>
            {a.cv_url && (
              <Typography>
                <a href={String(a.cv_url)} target="_blank" rel="noreferrer" data-testid="cv-link">
                  {translate('console.open_cv')}
                </a>
              </Typography>
            )}
            <ActionButtons decl={applications} record={a} />
          </CardContent>
        </Card>
      ))}
      <Typography variant="h6">{translate('console.wishlist')}</Typography>
      {(wishlist ?? []).map((w) => (
        <Typography key={w.id} sx={{ color: w.state === 'done' ? '#2e7d32' : w.state === 'applying' ? '#c62828' : undefined }}>
          {w.job_code} — {w.title} · {translate('console.added')} {listDate(w.added_at, false)}
        </Typography>
      ))}
    </Stack>
  );
}

export function UserDetail() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data: user, isPending, error } = useGetOne<UserRecord>('users', { id: id! });
  if (isPending) return <Loading />;
  if (error || !user) return <Typography sx={{ p: 2 }}>{(error as { body?: { message?: string } })?.body?.message ?? ''}</Typography>;
  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('console.user_detail')} />
      <Typography variant="h5" data-testid="user-name">
        <StateDot color={user.state_color} />
        {user.name} ({translate(`resources.users.choices.profile.${user.profile}`)})
      </Typography>
      <Typography variant="caption" sx={{ display: 'block', mb: 2 }}>
        {translate('console.created')} {listDate(user.created_at)} · {translate('console.last_connection')} {listDate(user.last_co)}
      </Typography>
      {user.profile === 'candidate' ? <CandidateView user={user} /> : <RecruiterView user={user} />}
    </Box>
  );
}
