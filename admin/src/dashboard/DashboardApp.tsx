// The recruiter dashboard at /dashboard (back-office.md section 2 "Recruiter dashboard"), for
// recruiters and managers: tabs Dashboard and Candidats over GET /apis/application, a date filter,
// the section 4 tiles, offers with application counts, recruiters with shortlist counts (managers),
// and the candidate board, where the recruiter moves candidates between states (issue 24); the
// Invitations tab invites candidates to an offer and follows them (issue 27).
// /dashboard?application={id} (the new-candidate e-mail's link) opens that candidate's panel.
// Without a session: a sign-in form; signed in without the right (a candidate): the spec's
// "no access" message.
import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from 'react';
import { AdminContext, Notification, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, CircularProgress, CssBaseline, MenuItem, Paper, Stack, Tab, Tabs, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { WAIT_REJECT_DELAY_HOURS, type RecruiterState } from '../../../models/rules/recruiter-states.js';
import { ForgotPassword } from '../common/ForgotPassword.js';
import { DASHBOARD_RANGES, type DashboardRange } from '../../../models/rules/dates.js';
import { authProvider, type Me } from '../providers/authProvider.js';
import { dataProvider } from '../providers/dataProvider.js';
import { i18nProvider } from '../i18n/index.js';
import { consoleStore } from '../common/store.js';
import { LOCALES } from '../i18n/locales.js';
import { errorCode } from '../common/http.js';
import { moveCandidate } from '../manager/api.js';
import { NewOfferButton } from '../manager/NewOffer.js';
import { managerTheme } from '../manager/theme.js';
import { fetchApplication, fetchDashboard, forgetLinkedApplication, Forbidden, linkedApplication, Unauthorized, type DashboardAnswer, type DashboardItem } from './data.js';
import { Overview } from './Overview.js';
import type { PanelRequest } from './DashboardPanel.js';

// The candidates tab (its board, the side panel, the player and the video-call dialog) loads when
// first opened (issue 26): the first screen is the tiles.
const CandidateBoard = lazy(() => import('./CandidateBoard.js').then((m) => ({ default: m.CandidateBoard })));
// The Invitations tab (issue 27) too.
const DashboardInvitations = lazy(() => import('../invitations/DashboardInvitations.js').then((m) => ({ default: m.DashboardInvitations })));

type DashboardTab = 'dashboard' | 'candidates' | 'invitations';

export function DashboardApp() {
  // The manager area's theme and react-admin's baseline (Roboto everywhere, also in the panel's
  // player drawn outside the page's root) and its notifications.
  return (
    <AdminContext i18nProvider={i18nProvider()} authProvider={authProvider} dataProvider={dataProvider} theme={managerTheme} store={consoleStore}>
      <CssBaseline />
      <DashboardPage />
      <Notification />
    </AdminContext>
  );
}

type State = { kind: 'loading' } | { kind: 'anonymous' } | { kind: 'forbidden' } | { kind: 'error' } | { kind: 'ok'; me: Me };

async function currentUser(): Promise<Me | null> {
  const res = await fetch('/apis/auth/me', { credentials: 'include', headers: { Accept: 'application/json' } });
  return res.ok ? ((await res.json()) as Me) : null;
}

function DashboardPage() {
  const translate = useTranslate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [tab, setTab] = useState<DashboardTab>('dashboard');
  const [inviteOffer, setInviteOffer] = useState<string | null>(null);
  const [range, setRange] = useState<DashboardRange>('all');

  const [overview, setOverview] = useState<DashboardAnswer | null>(null);
  // Bumped after a move: the tiles, offers and columns are read again.
  const [version, setVersion] = useState(0);
  const [tags, setTags] = useState<string[]>([]);
  const [panel, setPanel] = useState<PanelRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [linkMissing, setLinkMissing] = useState(false);
  const notify = useNotify();

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const me = await currentUser();
      setState(me ? { kind: 'ok', me } : { kind: 'anonymous' });
    } catch {
      setState({ kind: 'error' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const toAnonymous = useCallback(() => setState({ kind: 'anonymous' }), []);
  const failed = useCallback((e: unknown) => setState(e instanceof Unauthorized ? { kind: 'anonymous' } : e instanceof Forbidden ? { kind: 'forbidden' } : { kind: 'error' }), []);

  // The tiles, offers and recruiters of the range: one call, counted by the server.
  const signedIn = state.kind === 'ok';
  useEffect(() => {
    if (!signedIn) return;
    const abort = new AbortController();
    setOverview(null);
    fetchDashboard({ range, limit: 1 }, abort.signal).then(setOverview, (e: unknown) => {
      if (!abort.signal.aborted) failed(e);
    });
    return () => abort.abort();
  }, [signedIn, range, version, failed]);

  // The new-candidate e-mail's link: that candidate's panel on the Candidats tab.
  useEffect(() => {
    const id = linkedApplication();
    if (!signedIn || !id) return;
    const abort = new AbortController();
    fetchApplication(id, abort.signal).then(
      (item) => {
        if (item) {
          setTab('candidates');
          openPanel({ item, view: 'story' });
        } else setLinkMissing(true);
      },
      (e: unknown) => {
        if (!abort.signal.aborted) failed(e);
      },
    );
    return () => abort.abort();
    // Once per sign-in: openPanel only reads the item it is given.
  }, [signedIn, failed]);

  /** Moves a candidate (back-office.md section 4) and reads the counts and columns again. */
  const move = async (item: DashboardItem, to: RecruiterState, quiet = false) => {
    setBusy(true);
    try {
      await moveCandidate(item.job_code, item.candidate.sub, to);
      setPanel((p) => (p && p.item.id === item.id ? { ...p, item: { ...p.item, recruiter_state: to } } : p));
      setVersion((v) => v + 1);
      if (!quiet) notify(`manager.candidates.moved.${to}`, { type: 'info', messageArgs: { name: item.candidate.name || item.candidate.email, hours: WAIT_REJECT_DELAY_HOURS } });
    } catch (e) {
      if (e instanceof Unauthorized) return toAnonymous();
      if (!quiet) notify(`manager.errors.${errorCode(e) ?? 'internal'}`, { type: 'error', messageArgs: { _: translate('manager.errors.internal') } });
    } finally {
      setBusy(false);
    }
  };

  /** Opens a candidate's panel; a finished story opened for the first time moves from new to view (section 4). */
  const openPanel = (request: PanelRequest) => {
    setPanel(request);
    if (request.item.state === 'complete' && request.item.recruiter_state === 'new') void move(request.item, 'view', true);
  };

  const closePanel = () => {
    setPanel(null);
    forgetLinkedApplication();
  };

  /** An offer of the Dashboard tab: its candidates on the Candidats tab. */
  const showOffer = (jobCode: string) => {
    setTags([jobCode]);
    setTab('candidates');
  };

  useEffect(() => {
    document.title = translate('dashboard.title');
  }, [translate]);

  const signOut = async () => {
    await authProvider.logout({});
    setState({ kind: 'anonymous' });
  };

  return (
    <Box component="main" sx={{ maxWidth: 1280, mx: 'auto', p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('dashboard.title')}
        </Typography>
        <LanguageSelect />
        {state.kind === 'ok' && <NewOfferButton />}
        {(state.kind === 'ok' || state.kind === 'forbidden') && (
          <>
            {state.kind === 'ok' && (
              <Typography variant="body2" data-testid="dashboard-user">
                {state.me.name || state.me.email}
              </Typography>
            )}
            <Button size="small" onClick={signOut}>
              {translate('dashboard.sign_out')}
            </Button>
          </>
        )}
      </Stack>
      {state.kind === 'loading' && (
        <Box sx={{ textAlign: 'center', p: 4 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </Box>
      )}
      {state.kind === 'anonymous' && <SignIn onSignedIn={load} />}
      {state.kind === 'forbidden' && (
        <Alert severity="warning" data-testid="no-access">
          {translate('dashboard.no_access')}
        </Alert>
      )}
      {state.kind === 'error' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={load}>
              {translate('dashboard.retry')}
            </Button>
          }
        >
          {translate('dashboard.load_error')}
        </Alert>
      )}
      {state.kind === 'ok' && (
        <>
          <Tabs value={tab} onChange={(_e, v: DashboardTab) => setTab(v)} aria-label={translate('dashboard.title')} sx={{ mb: 1 }}>
            <Tab value="dashboard" label={translate('dashboard.tab_dashboard')} id="tab-dashboard" aria-controls="panel-dashboard" data-testid="tab-dashboard" />
            <Tab value="candidates" label={translate('dashboard.tab_candidates')} id="tab-candidates" aria-controls="panel-candidates" data-testid="tab-candidates" />
            <Tab value="invitations" label={translate('dashboard.tab_invitations')} id="tab-invitations" aria-controls="panel-invitations" data-testid="tab-invitations" />
          </Tabs>
          {tab !== 'invitations' && <RangeFilter value={range} onChange={setRange} />}
          {linkMissing && (
            <Alert severity="info" onClose={() => setLinkMissing(false)} sx={{ mb: 2 }} data-testid="link-missing">
              {translate('dashboard.application_not_found')}
            </Alert>
          )}
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === 'invitations' ? (
              <Suspense
                fallback={
                  <Box sx={{ textAlign: 'center', p: 4 }}>
                    <CircularProgress aria-label={translate('ra.page.loading')} />
                  </Box>
                }
              >
                <DashboardInvitations jobCode={inviteOffer} onJobCode={setInviteOffer} />
              </Suspense>
            ) : tab === 'dashboard' ? (
              overview ? (
                <Overview answer={overview} showRecruiters={Boolean(state.me.is_manager) || overview.recruiters.length > 1} onOffer={showOffer} />
              ) : (
                <Box sx={{ textAlign: 'center', p: 4 }}>
                  <CircularProgress aria-label={translate('ra.page.loading')} />
                </Box>
              )
            ) : (
              <Suspense
                fallback={
                  <Box sx={{ textAlign: 'center', p: 4 }}>
                    <CircularProgress aria-label={translate('ra.page.loading')} />
                  </Box>
                }
              >
                <CandidateBoard
                  range={range}
                  tags={tags}
                  onTags={setTags}
                  version={version}
                  panel={panel}
                  onOpen={openPanel}
                  onClose={closePanel}
                  onMove={move}
                  busy={busy}
                  onUnauthorized={toAnonymous}
                />
              </Suspense>
            )}
          </div>
        </>
      )}
    </Box>
  );
}

function RangeFilter({ value, onChange }: { value: DashboardRange; onChange: (r: DashboardRange) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      value={value}
      exclusive
      size="small"
      onChange={(_e, v: DashboardRange | null) => v && onChange(v)}
      aria-label={translate('dashboard.range_label')}
      sx={{ mb: 2, flexWrap: 'wrap' }}
      data-testid="range-filter"
    >
      {DASHBOARD_RANGES.map((r) => (
        <ToggleButton key={r} value={r} data-testid={`range-${r}`} sx={{ color: 'text.primary', px: { xs: 1, sm: 1.5 } }}>
          {translate(`dashboard.range_${r}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function LanguageSelect() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <Box sx={{ width: 150, flex: '0 0 auto' }}>
      <TextField select size="small" value={locale} onChange={(e) => setLocale(e.target.value)} label={translate('dashboard.language')} fullWidth data-testid="language">
        {LOCALES.map((l) => (
          <MenuItem key={l.locale} value={l.locale} lang={l.locale}>
            {l.name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const translate = useTranslate();
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(false);
    try {
      await authProvider.login({ username: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
      onSignedIn();
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 420 }}>
      <Paper component="form" onSubmit={submit} sx={{ p: 2 }} data-testid="sign-in-form">
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {translate('dashboard.sign_in_title')}
          </Typography>
          <TextField name="email" type="email" label={translate('dashboard.email')} autoComplete="username" required />
          <TextField name="password" type="password" label={translate('dashboard.password')} autoComplete="current-password" required />
          {error && (
            <Alert severity="error" role="alert">
              {translate('dashboard.sign_in_error')}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={busy} data-testid="sign-in">
            {translate('dashboard.sign_in')}
          </Button>
        </Stack>
      </Paper>
      <ForgotPassword />
    </Stack>
  );
}
