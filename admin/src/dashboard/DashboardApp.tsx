// The recruiter dashboard at /dashboard (back-office.md section 2 "Recruiter dashboard"), for
// recruiters and managers: tabs Dashboard and Candidats over GET /apis/application, a date filter,
// the section 4 tiles, offers with application counts, recruiters with shortlist counts (managers),
// and the candidate board. Without a signed-in user: the spec's message and a sign-in form.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AdminContext, useLocaleState, useTranslate } from 'react-admin';
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, Tab, Tabs, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { ForgotPassword } from '../common/ForgotPassword.js';
import { DASHBOARD_RANGES, type DashboardRange } from '../../../models/rules/dates.js';
import { authProvider, type Me } from '../providers/authProvider.js';
import { dataProvider } from '../providers/dataProvider.js';
import { i18nProvider } from '../i18n/index.js';
import { LOCALES } from '../i18n/locales.js';
import { fetchDashboard, Unauthorized, type DashboardAnswer } from './data.js';
import { Overview } from './Overview.js';
import { CandidateBoard } from './CandidateBoard.js';

export function DashboardApp() {
  return (
    <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} dataProvider={dataProvider}>
      <DashboardPage />
    </AdminContext>
  );
}

type State = { kind: 'loading' } | { kind: 'anonymous' } | { kind: 'error' } | { kind: 'ok'; me: Me };

async function currentUser(): Promise<Me | null> {
  const res = await fetch('/apis/auth/me', { credentials: 'include', headers: { Accept: 'application/json' } });
  return res.ok ? ((await res.json()) as Me) : null;
}

function DashboardPage() {
  const translate = useTranslate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [tab, setTab] = useState<'dashboard' | 'candidates'>('dashboard');
  const [range, setRange] = useState<DashboardRange>('all');

  const [overview, setOverview] = useState<DashboardAnswer | null>(null);

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

  // The tiles, offers and recruiters of the range: one call, counted by the server.
  const signedIn = state.kind === 'ok';
  useEffect(() => {
    if (!signedIn) return;
    const abort = new AbortController();
    setOverview(null);
    fetchDashboard({ range, limit: 1 }, abort.signal).then(setOverview, (e: unknown) => {
      if (abort.signal.aborted) return;
      setState(e instanceof Unauthorized ? { kind: 'anonymous' } : { kind: 'error' });
    });
    return () => abort.abort();
  }, [signedIn, range]);

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
        {state.kind === 'ok' && (
          <>
            <Typography variant="body2" data-testid="dashboard-user">
              {state.me.name || state.me.email}
            </Typography>
            <Button size="small" onClick={signOut}>
              {translate('dashboard.sign_out')}
            </Button>
          </>
        )}
      </Stack>
      {state.kind === 'loading' && (
        <Box sx={{ textAlign: 'center', p: 4 }}>
          <CircularProgress aria-label="loading" />
        </Box>
      )}
      {state.kind === 'anonymous' && <SignIn onSignedIn={load} />}
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
          <Tabs value={tab} onChange={(_e, v: 'dashboard' | 'candidates') => setTab(v)} aria-label={translate('dashboard.title')} sx={{ mb: 1 }}>
            <Tab value="dashboard" label={translate('dashboard.tab_dashboard')} id="tab-dashboard" aria-controls="panel-dashboard" data-testid="tab-dashboard" />
            <Tab value="candidates" label={translate('dashboard.tab_candidates')} id="tab-candidates" aria-controls="panel-candidates" data-testid="tab-candidates" />
          </Tabs>
          <RangeFilter value={range} onChange={setRange} />
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === 'dashboard' ? (
              overview ? (
                <Overview answer={overview} showRecruiters={Boolean(state.me.is_manager) || overview.recruiters.length > 1} />
              ) : (
                <Box sx={{ textAlign: 'center', p: 4 }}>
                  <CircularProgress aria-label="loading" />
                </Box>
              )
            ) : (
              <CandidateBoard range={range} onUnauthorized={toAnonymous} />
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
      <Alert severity="warning" data-testid="no-access">
        {translate('dashboard.no_access')}
      </Alert>
      <Paper component="form" onSubmit={submit} sx={{ p: 2 }}>
        <Stack spacing={2}>
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
